#!/usr/bin/env python3
"""Plot of a `gadgetboard soak` run (soak.json) as a PNG, with matplotlib.

    gadgetboard soak --duration 1800 --out soak    # runs this script itself at the end
    python3 bench/plot-soak.py soak/soak.json soak/soak.png

Four panels over the run's minutes: RSS and the heap's bytes in use (mallinfo2: arenas plus
mmap'd chunks), open file descriptors, the frame-time p50/p99/max of each sampling interval, and
the frames and touches per interval. The dashed line marks the end of the first minute, from
which RSS growth is measured. Needs python3-matplotlib (scripts/install-deps.sh --bench).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")  # no display: write the file only
import matplotlib.pyplot as plt  # noqa: E402


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: plot-soak.py soak.json soak.png")
    with open(argv[1], encoding="utf-8") as f:
        run = json.load(f)
    samples, summary, settings = run["samples"], run["summary"], run["settings"]
    if not samples:
        sys.exit("plot-soak: no samples in " + argv[1])
    t = [s["t"] / 60 for s in samples]
    mb = lambda b: b / 1e6  # noqa: E731

    fig, ax = plt.subplots(4, 1, figsize=(10, 11), sharex=True)
    verdict = "PASS" if summary["pass"] else "FAIL"
    growth = summary["rss_growth_after_first_minute_bytes"]  # the peak over minute 1
    fig.suptitle(f"gadgetboard soak: {settings['board']}, {settings['duration_s']:g} s, seed {settings['seed']}: {verdict}\n"
                 f"RSS peak growth after minute 1: {growth / 1e6:+.3f} MB; fds {summary['open_fds_min']}…{summary['open_fds_max']}; "
                 f"p99 by quarter {' / '.join('-' if q is None else f'{q:.1f}' for q in summary['frame_p99_ms_by_quarter'])} ms",
                 fontsize=10)

    ax[0].plot(t, [mb(s["rss_bytes"]) for s in samples], label="RSS")
    ax[0].plot(t, [mb(s["heap_in_use_bytes"] + s["heap_mmapped_bytes"]) for s in samples], label="heap in use (mallinfo2 uordblks + hblkhd)")
    ax[0].set_ylabel("MB")
    ax[0].legend(loc="center right", fontsize=8)

    ax[1].step(t, [s["open_fds"] for s in samples], where="post", color="tab:green")
    ax[1].set_ylabel("open fds")
    lo, hi = summary["open_fds_min"], summary["open_fds_max"]
    ax[1].set_ylim(lo - 2, hi + 2)

    for key, label in (("frame_max_ms", "max"), ("frame_p99_ms", "p99"), ("frame_p50_ms", "p50")):
        ax[2].plot(t, [s[key] if s[key] is not None else float("nan") for s in samples], label=label)
    ax[2].set_ylabel("frame time, ms\n(per interval)")
    ax[2].set_yscale("log")
    ax[2].legend(loc="upper right", fontsize=8)

    ax[3].plot(t, [s["frames"] for s in samples], label="frames")
    ax[3].plot(t, [s["touches"] for s in samples], label="touches (contacts began)")
    ax[3].set_ylabel("per interval")
    ax[3].set_xlabel("minutes")
    ax[3].legend(loc="center right", fontsize=8)

    for a in ax:
        a.grid(True, alpha=0.3)
        if t[-1] > 1:
            a.axvline(1, color="gray", linestyle="--", linewidth=0.8)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=100)


if __name__ == "__main__":
    main(sys.argv)
