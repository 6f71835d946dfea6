#!/usr/bin/env python3
"""Frame-time plot of `gadgetboard bench --json` runs, as a PNG, with matplotlib.

    gadgetboard bench --json > batched.json
    gadgetboard bench --floor --json > floor.json
    python3 bench/plot-frametimes.py --out frame-times.png batched.json floor.json

Each run is drawn as its per-frame times (ms over the frame index) with its p50 and p99 as
dashed lines of the same colour; the legend gives fps, percentiles, draw calls and CPU per sprite
from the run's own report. Needs python3-matplotlib (scripts/install-deps.sh --bench; on a
machine whose `python3` is not Debian's, run it with /usr/bin/python3).
"""
import argparse
import json
import sys

import matplotlib

matplotlib.use("Agg")  # no display: write the file only
import matplotlib.pyplot as plt  # noqa: E402


def load(path):
    with open(path, encoding="utf-8") as f:
        run = json.load(f)
    if not run.get("frameTimesMs"):
        sys.exit(f"plot-frametimes: {path} has no frameTimesMs (run gadgetboard bench with --json)")
    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="files with one `gadgetboard bench --json` report each")
    ap.add_argument("--out", required=True, help="PNG to write")
    ap.add_argument("--title", default=None)
    ap.add_argument("--size", default="1200x520", help="pixels, WxH (at 100 dpi)")
    args = ap.parse_args()
    runs = [load(p) for p in args.runs]
    width, height = (int(v) / 100 for v in args.size.lower().split("x"))

    first = runs[0]
    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    title = args.title or (f"gadgetboard bench: {first['sprites']} sprites "
                           f"{first['spriteSize']}x{first['spriteSize']}, {first['size']}")
    ax.set_title(f"{title}\n{first['display']}", fontsize=11, loc="left")
    for n, run in enumerate(runs):
        times = run["frameTimesMs"]
        ft = run["frameTime"]
        label = (f"{run['mode']}: {run['fps']:.1f} fps, p50 {ft['p50_ms']:.1f} ms, p95 {ft['p95_ms']:.1f}, "
                 f"p99 {ft['p99_ms']:.1f}, max {ft['max_ms']:.1f} ms, "
                 f"{run['drawCallsPerFrame']:g} draw call(s)/frame, {run['cpuNsPerSprite']:g} ns/sprite CPU")
        line, = ax.plot(range(len(times)), times, linewidth=0.9, label=label)
        for key in ("p50_ms", "p99_ms"):
            ax.axhline(ft[key], color=line.get_color(), linestyle="--", linewidth=0.8, alpha=0.8)
    ax.set_xlabel("frame (measured, after warm-up)")
    ax.set_ylabel("frame time (ms)")
    ax.set_ylim(bottom=0)
    ax.grid(True, color="#e8eaee")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=8, frameon=False,
              title="dashed: p50 and p99 of each run", title_fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"plot-frametimes: wrote {args.out} ({args.size}, {len(runs)} run(s))")


if __name__ == "__main__":
    main()
