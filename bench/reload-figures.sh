#!/usr/bin/env bash
# Issue 23's reload figures (docs/BENCHMARKS.md, "Reloads"): a board of 12 camera JPEGs
# (4000x3000, bench/make-photo-board.py: cjpeg -quality 85) on a 1920x1080 board shown headless
# at 1920x1080 with the HUD (so every build draws every frame), a `set … duration` animation
# running, and the board file saved N times without changing a photo. Figures:
#
#   - frame times while the saves run: the kiosk's Prometheus histogram
#     (gadgetboard_frame_time_seconds, read from --metrics before and after; frames over 50 ms and
#     over 100 ms). A build that never filled that histogram (before issue 23) shows null here;
#     its stalls show in the round trips (a loop that does not run answers nothing);
#   - longest control round trip (`state` every 20 ms) during the saves (a lower bound of the
#     loop's longest stall);
#   - time from each save to the subscriber's {"type":"reload"} (the swap; includes the watch's
#     0.3 s debounce).
#
# Usage: bench/reload-figures.sh BINARY OUTDIR [--saves N]
#   BINARY: a gadgetboard build (before/after); OUTDIR gets kiosk.log, driver.log (every round
#   trip and swap), driver.json (the figures), stats.json and metrics.prom.
set -euo pipefail
bin=$1; out=$2; shift 2
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions reload-figures "$bin"
saves=3
while [ $# -gt 0 ]; do case $1 in --saves) saves=$2; shift 2;; *) echo "unknown $1" >&2; exit 2;; esac; done
here=$(cd "$(dirname "$0")" && pwd)
photos=${PHOTOS:-/tmp/gadgetboard-reload-photos}
mkdir -p "$out"
[ -f "$photos/jpeg/board.json" ] || python3 "$here/make-photo-board.py" "$photos"
sock=$photos/jpeg/c.sock
rm -f "$sock"
"$bin" run "$photos/jpeg/board.json" --display headless --size 1920x1080 --hud --control "$sock" \
    --duration $((60 + 5 * saves)) --stats "$out/stats.json" --metrics "$out/metrics.prom" > "$out/kiosk.log" 2>&1 &
kiosk=$!
# Start-up decodes the photos on workers: measure once every one is shown.
for _ in $(seq 600); do grep -q "images: all" "$out/kiosk.log" && break; sleep 0.1; done
sleep 2
python3 "$here/reload-driver.py" "$sock" "$photos/jpeg/board.json" --saves "$saves" --metrics "$out/metrics.prom" \
    --log "$out/driver.log" > "$out/driver.json"
kill -TERM $kiosk; wait $kiosk || true
cat "$out/driver.json"
grep -E "frames:|shown|reload" "$out/kiosk.log" || true
