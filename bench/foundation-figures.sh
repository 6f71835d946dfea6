#!/usr/bin/env bash
# The "Foundation" figures of docs/BENCHMARKS.md, with their raw output: start-up to a written
# snapshot (the built-in demo board and the same board exported to files), `check`'s time, peak
# RSS of each, and the draw calls `snapshot` reports. Every command is printed before its output,
# with the load average, because the machine may be shared.
#
# Usage: bench/foundation-figures.sh [BINARY] > LOG      (BINARY: .build/release/gadgetboard)
# Needs hyperfine and GNU time (/usr/bin/time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gb=${1:-$(dirname "$here")/.build/release/gadgetboard}
[ -x "$gb" ] || { echo "foundation-figures: $gb is not an executable (swift build -c release --product gadgetboard)" >&2; exit 2; }
command -v hyperfine > /dev/null || { echo "foundation-figures: apt-get install hyperfine" >&2; exit 1; }
work=$(mktemp -d /tmp/foundation-figures.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions foundation-figures "$gb"
cd "$work"

step() { echo; echo "\$ $*   # load $(cut -d' ' -f1-3 /proc/loadavg)"; "$@" 2>&1; }

echo "foundation-figures: $("$gb" --version 2>/dev/null || echo "$gb"), $(nproc) cores, $(date -u +%FT%TZ)"
step "$gb" demo --export demo
step hyperfine -N -w 3 -r 20 "$gb snapshot --out s.png"
step hyperfine -N -w 3 -r 20 "$gb snapshot demo/board.json --out s.png"
step hyperfine -N -w 3 -r 20 "$gb check demo/board.json"
for i in 1 2 3; do step /usr/bin/time -f "peak RSS %M KB, %e s wall, %U s user, %S s sys" "$gb" snapshot --out s.png; done
for i in 1 2 3; do step /usr/bin/time -f "peak RSS %M KB, %e s wall, %U s user, %S s sys" "$gb" snapshot demo/board.json --out s.png; done
for i in 1 2 3; do step /usr/bin/time -f "peak RSS %M KB, %e s wall, %U s user, %S s sys" "$gb" check demo/board.json; done
echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
