import sys, statistics as st, itertools
rows=[l.split() for l in open(sys.argv[1]) if len(l.split())>=4]
by={}
for r in rows: by.setdefault(r[1],{})[int(r[0])]=float(r[2])
labels=list(by)
for l in labels: print(f"{l:10s} n={len(by[l])} median {st.median(by[l].values()):.2f} ms  runs: "+" ".join(f"{by[l][k]:.2f}" for k in sorted(by[l])))
for a,b in itertools.combinations(labels,2):
    common=[k for k in by[a] if k in by[b]]
    rat=[by[b][k]/by[a][k] for k in common]
    print(f"{b}/{a}: median of per-round ratios {st.median(rat):.3f}, mean {st.mean(rat):.3f}, {b} dearer in {sum(x>1 for x in rat)} of {len(rat)} rounds")
