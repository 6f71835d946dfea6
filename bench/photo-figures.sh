#!/usr/bin/env bash
# The "Photos" figures of docs/BENCHMARKS.md with their raw output: snapshot time and peak RSS of
# the 12-photo board (bench/make-photo-board.py DIR), `check` (decoding alone, no GL), and the
# draw calls `snapshot` reports; each RUNS times, with the load average before each command.
#
# Usage: bench/photo-figures.sh BOARD.json [BINARY] [RUNS] > LOG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
board=${1:?usage: bench/photo-figures.sh BOARD.json [BINARY] [RUNS]}
gb=${2:-$(dirname "$here")/.build/release/gadgetboard}
runs=${3:-3}
[ -x "$gb" ] || { echo "photo-figures: $gb is not an executable" >&2; exit 2; }
out=$(mktemp -d /tmp/photo-figures.XXXXXX)
trap 'rm -rf "$out"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions photo-figures "$gb"
step() { echo; echo "\$ $*   # load $(cut -d' ' -f1-3 /proc/loadavg)"; "$@" 2>&1; }
fmt="%e s wall, %U s user, %S s sys, peak RSS %M KB"
echo "photo-figures: $("$gb" --version 2>/dev/null || echo "$gb"), $board, $(date -u +%FT%TZ)"
for i in $(seq 1 "$runs"); do
    step /usr/bin/time -f "$fmt" "$gb" snapshot "$board" --out "$out/s.png"
    step /usr/bin/time -f "$fmt" "$gb" check "$board"
done
echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
