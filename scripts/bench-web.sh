#!/usr/bin/env bash
# The kiosk's frame times while a web page animates, against the same board with a photo in the
# page's place (issue 40's figure: "the kiosk's own p99 unchanged within noise").
#
#   scripts/bench-web.sh [--frames N] [--runs R] [--helper PATH] [--build debug|release]
#
# Headless display (60 Hz cadence), one 960x600 web gadget on a 1280x720 board beside a clock-like
# text gadget, turned 4°. The page is the headless double's /animate (a new frame after every
# frameDone, at most 60 fps) unless --helper names the real gadgetboard-web and --url a page.
# Each run's --stats is kept; the log says the commit, the build, the helper and the load before
# and after. Output: docs/benchmarks/web-frame-times-<commit>.log (or $OUT).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
FRAMES=600 RUNS=3 BUILD=debug HELPER="" URL="http://double.test/animate?fps=60"
while [ $# -gt 0 ]; do
    case $1 in
        --frames) FRAMES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --helper) HELPER=$2; shift 2 ;;
        --url) URL=$2; shift 2 ;;
        --build) BUILD=$2; shift 2 ;;
        *) echo "bench-web: unknown argument $1" >&2; exit 2 ;;
    esac
done
BIN=$(cd "$REPO" && swift build -c "$BUILD" --show-bin-path)
KIOSK=$BIN/gadgetboard
[ -n "$HELPER" ] || HELPER=$BIN/gadgetboard-web-double
[ -x "$KIOSK" ] || { echo "bench-web: no $KIOSK (swift build -c $BUILD)" >&2; exit 1; }
[ -x "$HELPER" ] || { echo "bench-web: no $HELPER" >&2; exit 1; }
COMMIT=$(git -C "$REPO" rev-parse --short HEAD)$(git -C "$REPO" diff --quiet HEAD -- Sources Package.swift || echo "+dirty")
OUT=${OUT:-$REPO/docs/benchmarks/web-frame-times-${COMMIT%+dirty}.log}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$REPO/Tests/GadgetAppTests/Fixtures/goldens/demo-640x360.png" "$WORK/photo.png"
gadget() {  # $1: the page's or the photo's field
    printf '{"size":[1280,720],"background":"#202020","gadgets":[{"id":"menu","center":[520,360],"size":[960,600],"rotation":4,%s},{"id":"clock","center":[1140,80],"size":[220,80],"color":"#334455","text":"12:34"}]}\n' "$1"
}
gadget "\"web\":\"$URL\"" >"$WORK/web.json"
gadget '"image":"photo.png"' >"$WORK/photo.json"
load() { cut -d' ' -f1-3 /proc/loadavg; }
{
    echo "# web frame times: $(date -u +%FT%TZ)"
    echo "commit $COMMIT, build $BUILD, kiosk $KIOSK"
    echo "helper $HELPER, page $URL"
    echo "display headless (60 Hz cadence), $FRAMES frames per run, $RUNS runs per board, alternating"
    echo "host: $(nproc) CPUs, $(uname -r)"
    for r in $(seq 1 "$RUNS"); do
        for b in photo web; do
            before=$(load)
            GADGETBOARD_WEB_HELPER=$HELPER "$KIOSK" run "$WORK/$b.json" --display headless --frames "$FRAMES" \
                --stats "$WORK/$b-$r.json" >"$WORK/$b-$r.out" 2>&1 || { echo "run $b $r failed:"; tail -5 "$WORK/$b-$r.out"; }
            after=$(load)
            python3 - "$WORK/$b-$r.json" "$b" "$r" "$before" "$after" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); f = s["frameTime"]
print(f"{sys.argv[2]:5} run {sys.argv[3]}: frames {s['framesPresented']}, missed vblanks {s.get('missedVblanks')}, "
      f"frame time p50 {f['p50_ms']} ms, p95 {f['p95_ms']} ms, p99 {f['p99_ms']} ms, max {f['max_ms']} ms, "
      f"redrawn {s.get('redrawnFraction')}; load before {sys.argv[4]}, after {sys.argv[5]}")
PY
            grep -h "web:" "$WORK/$b-$r.out" | head -3 || true
        done
    done
} | tee "$OUT"
echo "bench-web: $OUT" >&2
