#!/usr/bin/env bash
# The "Start-up" figures of docs/BENCHMARKS.md (issue 35, item 5): exec → PNG written for
# `gadgetboard snapshot --out s.png` on the demo board, against the C program that does the same
# EGL/GL/PNG steps (../shared/tools/startup-floor.c, built here with cc -O2), and `--version`;
# hyperfine -N, 3 warm-up runs and RUNS runs each, floor and binaries interleaved in one run so
# load hits them alike; the demo art's cache warm (after the warm-up), then cold (emptied before
# each run). Then the shared objects each command maps and the loader's statistics
# (LD_DEBUG=files, LD_DEBUG=statistics), and where a snapshot's time goes (perf record, when perf
# is there).
#
# Usage: bench/startup-figures.sh [BINARY] [RUNS] [OTHER-BINARY] > LOG
#   BINARY: .build/release/gadgetboard; OTHER-BINARY: a second build measured beside it (the
#   one before a change). FLOOR_SOURCE=… overrides the floor's source.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gb=${1:-$(dirname "$here")/.build/release/gadgetboard}
runs=${2:-20}
other=${3:-}
floor_source=${FLOOR_SOURCE:-$(dirname "$here")/../shared/tools/startup-floor.c}
[ -x "$gb" ] || { echo "startup-figures: $gb is not an executable" >&2; exit 2; }
[ -z "$other" ] || [ -x "$other" ] || { echo "startup-figures: $other is not an executable" >&2; exit 2; }
[ -r "$floor_source" ] || { echo "startup-figures: no floor source at $floor_source (FLOOR_SOURCE=…)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "startup-figures: hyperfine missing (apt-get install hyperfine)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/conditions.sh"
# shellcheck disable=SC2086 # $other is one word or none
bench_conditions startup "$gb" $other
# hyperfine's JSON, one line per command, the floor first.
summarize() {
    python3 - "$1" "$work" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
floor = results[0]["mean"]
for r in results:
    command = r["command"].replace(sys.argv[2] + "/", "")
    print(f'{command}: mean {r["mean"]:.4f} sd {r["stddev"]:.4f} min {r["min"]:.4f} max {r["max"]:.4f} '
          f'user {r["user"]:.4f} system {r["system"]:.4f} ratio {r["mean"] / floor:.2f}')
PY
}
cc -O2 "$floor_source" -o "$work/startup-floor" -lEGL -lGLESv2 -lpng
echo "# the C floor: cc -O2 $(basename "$floor_source") -o startup-floor -lEGL -lGLESv2 -lpng"

# The demo art's cache (DemoArtCache) in a directory of this run's: warm after hyperfine's
# warm-up runs; the second run below empties it before every run (a first start after an install).
export XDG_CACHE_HOME=$work/cache
unset CACHE_DIRECTORY
commands=("$work/startup-floor $work/floor.png" "$gb snapshot --out $work/s.png" "$gb --version")
[ -z "$other" ] || commands+=("$other snapshot --out $work/other.png" "$other --version")
echo "# command: hyperfine -N --warmup 3 --runs $runs $(printf "'%s' " "${commands[@]}")"
echo
echo "## hyperfine (command: mean, sd, min, max, user, system in seconds; ratio: mean over the floor's)"
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/h.json" "${commands[@]}" >"$work/h.txt" 2>&1 ||
    { cat "$work/h.txt"; exit 1; }
summarize "$work/h.json"

echo
echo "## the demo art not cached (the first start after an install or upgrade): --prepare 'rm -rf \$XDG_CACHE_HOME' before each run"
hyperfine -N --warmup 1 --runs "$runs" --prepare "rm -rf $work/cache" --export-json "$work/cold.json" \
    "$work/startup-floor $work/floor.png" "$gb snapshot --out $work/s.png" >"$work/cold.txt" 2>&1 ||
    { cat "$work/cold.txt"; exit 1; }
summarize "$work/cold.json"

echo
echo "## shared objects mapped (LD_DEBUG=files: distinct file= names, Mesa's driver included) and the loader's statistics"
for b in "$gb" $other; do
    for args in "--version" "snapshot --out $work/ld.png"; do
        # shellcheck disable=SC2086 # args are words
        n=$(LD_DEBUG=files "$b" $args 2>&1 >/dev/null | grep -oE 'file=[^ ]+' | sort -u | wc -l)
        # shellcheck disable=SC2086
        stats=$(LD_DEBUG=statistics "$b" $args 2>&1 >/dev/null | grep -E 'total startup time|number of relocations:' | sed -E 's/^ *[0-9]+: *//' | tr -s ' \t' ' ' | paste -sd';' -)
        echo "$b $args: $n shared objects mapped; $stats" | sed "s#$work/##"
    done
done

if command -v perf >/dev/null && perf record -q -o "$work/probe.data" true >/dev/null 2>&1; then
    echo
    echo "## perf record -F 4999 -g of 5 snapshots: share of samples by object, then the heaviest symbols"
    for _ in 1 2 3 4 5; do echo "$gb snapshot --out $work/p.png"; done >"$work/cmds"
    perf record -q -F 4999 -g -o "$work/perf.data" -- sh "$work/cmds" >/dev/null 2>&1 || true
    # head closes the pipe early: perf report's SIGPIPE (141, pipefail) is not a failure.
    perf report -i "$work/perf.data" --no-children --sort dso --stdio 2>/dev/null | grep -E '^ +[0-9]' | head -15 || true
    echo
    perf report -i "$work/perf.data" --no-children --sort sym --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -25 || true
fi
