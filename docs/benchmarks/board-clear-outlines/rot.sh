#!/bin/bash
# Rounds of short drag runs of several builds, in an order rotated every round (EXTRA: more bench
# options for every run, e.g. EXTRA=--full-redraw); one line per run:
# round, build label, drag processCpuMsPerFrame, drag fps, redrawnFraction, load.
N=$1; FR=$2; shift 2
labels=(); bins=()
for a in "$@"; do labels+=("${a%%=*}"); bins+=("${a#*=}"); done
k=${#bins[@]}
for i in $(seq 1 $N); do
  for j in $(seq 0 $((k-1))); do
    m=$(( (i + j) % k ))
    v=$(${bins[$m]} bench --workload board --size 1920x1080 --frames $FR --json $EXTRA 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin)['phases']['drag']; print(d['processCpuMsPerFrame'], d['fps'], d['redrawnFraction'])")
    echo "$i ${labels[$m]} $v $(cut -d' ' -f1 /proc/loadavg)"
  done
done
