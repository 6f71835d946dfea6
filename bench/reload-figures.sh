#!/usr/bin/env bash
# Issue 23's reload figures (docs/BENCHMARKS.md, "Reloads"): a board of 12 camera JPEGs
# (4000x3000, bench/make-photo-board.py: cjpeg -quality 85) on a 1920x1080 board shown headless
# at 1920x1080 with the HUD (so every build draws every frame), a `set … duration` animation
# running, and the board file saved N times without changing a photo. Figures:
#
#   - longest gap between presented frames (the kiosk's --stats frameTime.max_ms), in a run with
#     the saves and in one without (the baseline: what the machine does anyway);
#   - longest control round trip (`state` every 20 ms) during the saves;
#   - time from each save to the subscriber's {"type":"reload"} (the swap; includes the watch's
#     0.3 s debounce).
#
# Usage: bench/reload-figures.sh BINARY OUTDIR [--saves N]
#   BINARY: a gadgetboard build (before/after); OUTDIR gets the logs and figures.json.
set -euo pipefail
bin=$1; out=$2; shift 2
saves=3
while [ $# -gt 0 ]; do case $1 in --saves) saves=$2; shift 2;; *) echo "unknown $1" >&2; exit 2;; esac; done
here=$(cd "$(dirname "$0")" && pwd)
photos=${PHOTOS:-/tmp/gadgetboard-reload-photos}
mkdir -p "$out"
[ -f "$photos/jpeg/board.json" ] || python3 "$here/make-photo-board.py" "$photos"
run_kiosk() {  # $1: tag, $2: seconds
    local tag=$1 secs=$2 sock=$photos/jpeg/c.sock
    rm -f "$sock"
    "$bin" run "$photos/jpeg/board.json" --display headless --size 1920x1080 --hud --control "$sock" \
        --duration "$secs" --stats "$out/$tag-stats.json" > "$out/$tag-kiosk.log" 2>&1 &
    kiosk=$!
    for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
    # Start-up decodes the photos on workers: let them arrive before measuring.
    sleep 12
}
run_kiosk baseline 25
python3 "$here/reload-driver.py" "$photos/jpeg/c.sock" "$photos/jpeg/board.json" --saves 0 --log "$out/baseline-driver.log" > "$out/baseline-driver.json" || true
wait $kiosk || true
run_kiosk saves $((14 + 4 * saves))
python3 "$here/reload-driver.py" "$photos/jpeg/c.sock" "$photos/jpeg/board.json" --saves "$saves" --log "$out/saves-driver.log" > "$out/saves-driver.json"
wait $kiosk || true
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def stats(tag):
    s = json.load(open(f"{out}/{tag}-stats.json"))
    return {"framesPresented": s["framesPresented"], "missedVblanks": s["missedVblanks"], "frameTime": s["frameTime"]}
fig = {"baseline": stats("baseline"), "saves": stats("saves"), "driver": json.load(open(f"{out}/saves-driver.json"))}
json.dump(fig, open(f"{out}/figures.json", "w"), indent=1)
print(json.dumps(fig, indent=1))
PY
