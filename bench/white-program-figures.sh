#!/usr/bin/env bash
# The white-vertex program's saving (docs/BENCHMARKS.md "Where the time goes") with its raw output:
# `gadgetboard bench` (fill-bound: 10,000 sprites of 32x32 at 1280x720, every vertex opaque white)
# with the white program and with --no-white-program, alternated ROUNDS times, FRAMES measured
# frames each after 20 warm-up frames; the load average before each command. The figure is the
# report's "process cpu" (all threads, llvmpipe included), which load moves little.
#
# Usage: bench/white-program-figures.sh [BINARY] [ROUNDS] [FRAMES] [EXTRA BENCH ARGS…] > LOG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gb=${1:-$(dirname "$here")/.build/release/gadgetboard}
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions white-program-figures "$gb"
rounds=${2:-3}
frames=${3:-60}
shift $(( $# < 3 ? $# : 3 ))
[ -x "$gb" ] || { echo "white-program-figures: $gb is not an executable" >&2; exit 2; }
step() { echo; echo "\$ $*   # load $(cut -d' ' -f1-3 /proc/loadavg)"; "$@" 2>&1; }
echo "white-program-figures: $("$gb" --version 2>/dev/null || echo "$gb"), $(nproc) cores, $(date -u +%FT%TZ)"
for i in $(seq 1 "$rounds"); do
    # Alternate which goes first, so a change in load hits both alike.
    if [ $((i % 2)) -eq 1 ]; then order="on off"; else order="off on"; fi
    for w in $order; do
        flag=(); [ "$w" = off ] && flag=(--no-white-program)
        step "$gb" bench --frames "$frames" --warmup 20 "${flag[@]}" "$@"
    done
done
echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
