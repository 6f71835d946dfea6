#!/usr/bin/env python3
"""The figures of one size of bench/video-figures.sh, from its files (standard library only).

usage: video-summary.py DIR        DIR holds floor.log, full.{csv,stats.json}, tiny.{csv,stats.json}

CPU per second of video: the kiosk's CPU seconds between the first sample at or after WARMUP
seconds (start-up, the first frame and the decoder's first GOP are not playback) and the last
sample, over the wall seconds between them: the clip plays in real time on the flip clock, so
a wall second of playback is a second of video. The floor: the median of the three timed
`ffmpeg -threads 2 -i clip -f null -` runs' user + system seconds over the clip's 20 s.

That holds only while the kiosk keeps up. On a machine loaded past its cores it does not (the
decoder falls behind the flip clock, frames are dropped, fewer pictures are drawn) and the
per-second figure then counts less work than a second of video needs. So the figures are also
given per unit of work: the whole run's CPU per decoded frame (presented + dropped: the decoder
decodes every frame it hands over), and, from the two runs, the CPU of one full-size draw:
(full run's CPU − its decoded frames × the tiny run's CPU per frame) / the full run's display
frames. The full-rate estimate is then 30 × (CPU per frame + CPU per draw): each of the clip's 30
pictures a second decoded, uploaded and drawn once.
"""
import json
import os
import re
import statistics
import sys

WARMUP = 10.0
CLIP_SECONDS = 20.0


def samples(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")[1:]
    rows = []
    for line in lines:
        if line.strip():
            t, cpu, rss, threads, fds = line.split(",")
            rows.append((float(t), float(cpu), int(rss), int(threads), int(fds)))
    return rows


def cpu_per_second(rows):
    steady = [r for r in rows if r[0] >= WARMUP]
    if len(steady) < 2:
        return None, 0.0
    a, b = steady[0], steady[-1]
    return (b[1] - a[1]) / (b[0] - a[0]), b[0] - a[0]


def slope_mb_per_min(rows, after=60.0):
    pts = [(r[0] / 60, r[2] / 1024) for r in rows if r[0] >= after]
    if len(pts) < 3:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    den = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / den if den else None


def main(d):
    floor_runs = []
    for line in open(os.path.join(d, "floor.log"), encoding="utf-8"):
        m = re.match(r"floor: user ([\d.]+) s system ([\d.]+) s wall ([\d.]+) s maxrss (\d+) KiB", line)
        if m:
            floor_runs.append((float(m.group(1)) + float(m.group(2)), float(m.group(3)), int(m.group(4))))
    floor = statistics.median(r[0] for r in floor_runs) / CLIP_SECONDS
    print(f"{os.path.basename(os.path.abspath(d))}:")
    print(f"  floor (ffmpeg -threads 2 -i clip -f null -): {floor:.3f} s CPU per s of video "
          f"(runs: {', '.join(f'{r[0]:.2f} s' for r in floor_runs)} for {CLIP_SECONDS:.0f} s; max RSS {max(r[2] for r in floor_runs) / 1024:.0f} MiB)")
    cpu, work = {}, {}
    for name in ("full", "tiny"):
        path = os.path.join(d, f"{name}.csv")
        if not os.path.exists(path):
            continue
        rows = samples(path)
        stats = json.load(open(os.path.join(d, f"{name}.stats.json"), encoding="utf-8"))
        per_s, span = cpu_per_second(rows)
        if per_s is None:
            print(f"  {name}: fewer than two samples after {WARMUP:.0f} s")
            continue
        cpu[name] = per_s
        v = stats.get("video", {})
        dur = stats.get("durationSeconds") or (rows[-1][0] if rows else 0)
        print(f"  kiosk, clip {'at full size' if name == 'full' else 'in a 16x9 gadget'} ({dur:.0f} s run): "
              f"{per_s:.3f} s CPU per s of video over {span:.0f} s = {per_s / floor:.2f}x the floor")
        print(f"    video frames presented {v.get('framesPresented')}, dropped {v.get('framesDropped')} "
              f"(the clip's 30 fps over {dur:.0f} s is {30 * dur:.0f}); decoder {v.get('decoder')}, path {v.get('path')}")
        ft = stats.get("frameTime", {})
        print(f"    display frames {stats.get('framesPresented')}, missed vblanks {stats.get('missedVblanks')}, frame time p50 "
              f"{ft.get('p50_ms')} ms p99 {ft.get('p99_ms')} ms, redrawn {stats.get('redrawnFraction')}")
        decoded = (v.get("framesPresented") or 0) + (v.get("framesDropped") or 0)
        if rows and decoded:
            work[name] = (rows[-1][1], decoded, stats.get("framesPresented") or 0)
            kept = decoded / (30 * dur) if dur else 0
            print(f"    work: {rows[-1][1]:.1f} s CPU for {decoded} decoded frames ({100 * kept:.0f} % of the clip's frames: "
                  f"{'kept up' if kept >= 0.95 else 'fell behind'}) and {stats.get('framesPresented')} display frames; "
                  f"{1000 * rows[-1][1] / decoded:.2f} ms CPU per decoded frame = {30 * rows[-1][1] / decoded:.3f} s per s of video at 30 fps")
        if rows:
            rss = [r[2] / 1024 for r in rows]
            after1 = [r[2] / 1024 for r in rows if r[0] >= 60]
            slope = slope_mb_per_min(rows)
            print(f"    RSS MiB: first sample {rss[0]:.1f}, at 1 min {after1[0] if after1 else float('nan'):.1f}, "
                  f"max {max(rss):.1f}, last {rss[-1]:.1f}" + (f"; slope from 1 min {slope:+.3f} MiB/min" if slope is not None else ""))
            print(f"    threads {min(r[3] for r in rows)}..{max(r[3] for r in rows)}, fds {min(r[4] for r in rows)}..{max(r[4] for r in rows)}, "
                  f"{len(rows)} samples")
    if "full" in work and "tiny" in work:
        per_frame = work["tiny"][0] / work["tiny"][1]
        cpu_full, decoded_full, draws_full = work["full"]
        per_draw = (cpu_full - decoded_full * per_frame) / draws_full if draws_full else float("nan")
        estimate = 30 * (per_frame + per_draw)
        print(f"  per unit of work: decode + copy + upload + loop {1000 * per_frame:.2f} ms per frame (tiny run), "
              f"llvmpipe drawing the full-size picture {1000 * per_draw:.1f} ms per draw (full run less that)")
        print(f"  full-rate estimate, 30 pictures a second each drawn once: {30 * per_frame:.3f} + {30 * per_draw:.3f} = "
              f"{estimate:.3f} s CPU per s of video = {estimate / floor:.1f}x the floor "
              f"(decode + upload + loop alone {30 * per_frame / floor:.2f}x)")
    if cpu.get("full") and cpu.get("tiny"):
        print(f"  per second of playback: full − tiny = {cpu['full'] - cpu['tiny']:.3f} s CPU per s (meaningful only when both kept up); "
              f"decode + upload + loop (tiny): {cpu['tiny']:.3f} = {cpu['tiny'] / floor:.2f}x the floor")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: video-summary.py DIR")
    main(sys.argv[1])
