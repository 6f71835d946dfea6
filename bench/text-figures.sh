#!/usr/bin/env bash
# Text costs with their raw output (docs/BENCHMARKS.md "Text", docs/text.md "What it costs"):
# the 200-label board (bench/make-text-board.py DIR) as `snapshot` (layout, rasterising, atlas,
# one frame, a 1920x1080 PNG) and as headless `run` until its first frame (--frames 1, --stats:
# firstFrameSeconds), with GNU time's CPU seconds and peak RSS; and `bench --workload text` (one
# label at a time, in process CPU: setText, sharpenText at 4x, bare renders at 32 px); RUNS times each.
#
# Usage: bench/text-figures.sh BOARD.json [BINARY] [RUNS] > LOG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
board=${1:?usage: bench/text-figures.sh BOARD.json [BINARY] [RUNS]}
gb=${2:-$(dirname "$here")/.build/release/gadgetboard}
runs=${3:-3}
[ -x "$gb" ] || { echo "text-figures: $gb is not an executable" >&2; exit 2; }
out=$(mktemp -d /tmp/text-figures.XXXXXX)
trap 'rm -rf "$out"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions text-figures "$gb"
step() { echo; echo "\$ $*   # load $(cut -d' ' -f1-3 /proc/loadavg)"; "$@" 2>&1; }
fmt="%e s wall, %U s user, %S s sys, peak RSS %M KB"
echo "text-figures: $("$gb" --version 2>/dev/null || echo "$gb"), $board, $(date -u +%FT%TZ)"
for i in $(seq 1 "$runs"); do
    step /usr/bin/time -f "$fmt" "$gb" snapshot "$board" --out "$out/s.png"
    step /usr/bin/time -f "$fmt" "$gb" run "$board" --display headless --size 1920x1080 --frames 1 --stats "$out/st.json"
    grep -o '"firstFrameSeconds":[0-9.e-]*' "$out/st.json" || cat "$out/st.json"
    step "$gb" bench --workload text --board "$board" --frames 50
done
echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
