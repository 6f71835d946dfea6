#!/usr/bin/env bash
# The "Heap settings" figures of docs/BENCHMARKS.md, with their raw output: the driver-bound
# sprite bench (10,000 sprites of 4x4 px, 1280x720, 300 measured frames) with the bench's heap
# settings (freed memory kept: no trim below 256 MiB, no mmap below 32 MiB) and with glibc's
# defaults (--default-malloc), alternated ROUNDS times so load hits both alike. GNU time gives
# the process's user and system seconds; the bench's own line gives CPU per frame.
#
# Usage: bench/heap-figures.sh [BINARY] [ROUNDS] > LOG     (BINARY: .build/release/gadgetboard)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gb=${1:-$(dirname "$here")/.build/release/gadgetboard}
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions heap-figures "$gb"
rounds=${2:-3}
[ -x "$gb" ] || { echo "heap-figures: $gb is not an executable" >&2; exit 2; }
echo "heap-figures: $("$gb" --version 2>/dev/null || echo "$gb"), $(nproc) cores, $(date -u +%FT%TZ)"
for r in $(seq 1 "$rounds"); do
    for mode in kept default; do
        flag=(); [ "$mode" = default ] && flag=(--default-malloc)
        echo; echo "round $r, heap $mode   # load $(cut -d' ' -f1-3 /proc/loadavg)"
        /usr/bin/time -f "time: %e s wall, %U s user, %S s sys, peak RSS %M KB" \
            "$gb" bench --sprite-size 4 --frames 300 "${flag[@]}" 2>&1 | grep -E '^(bench|fps|process cpu|heap|time):'
    done
done
echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
