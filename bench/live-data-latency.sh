#!/bin/sh
# Source change -> presented frame: the real `gadgetboard run`, headless (Mesa llvmpipe, frames
# paced at 60 Hz), an 800x480 board with N HTTP sources polled every EVERY s on a loopback
# http.server (bench/live-data-server.py: every answer a new value, with an ETag) bound to N
# texts, plus a `{time|%H:%M:%S}` clock. With GADGETBOARD_LOG=debug the kiosk logs, for each new
# value, the time from the poller finishing the response's transfer (monotonic) to the
# presentation of the first frame showing it (LiveDataFeature.framePresented); this script
# reports p50/p90/p99/max in ms and in refreshes of 16.667 ms (60 Hz).
#
# Usage: bench/live-data-latency.sh [SECONDS [N [EVERY]]]   (GADGETBOARD=path/to/gadgetboard)
set -eu
SECONDS_TOTAL=${1:-30}; N=${2:-10}; EVERY=${3:-1}
here=$(cd "$(dirname "$0")" && pwd)
bin=${GADGETBOARD:-$here/../.build/debug/gadgetboard}
work=$(mktemp -d /tmp/live-data-latency.XXXXXX)
cp "$bin" "$work/gadgetboard"
python3 "$here/live-data-server.py" "$work/port" >/dev/null 2>&1 &
server=$!
kiosk=
cleanup() { [ -n "$kiosk" ] && kill "$kiosk" 2>/dev/null; kill "$server" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT INT TERM
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions live-data-latency "$bin"
i=0; while [ ! -s "$work/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
python3 "$here/live-data-board.py" "$(cat "$work/port")" "$N" "$EVERY" "$work/board.json"
echo "live-data-latency: $(date -u +%FT%TZ) $N sources every $EVERY s + a seconds clock, 800x480 headless llvmpipe, ${SECONDS_TOTAL} s, $(nproc) cores shared, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "live-data-latency: binary $bin"
GADGETBOARD_LOG=debug "$work/gadgetboard" run --display headless --no-watch --input /nonexistent \
    --duration "$SECONDS_TOTAL" "$work/board.json" >"$work/kiosk.log" 2>&1 &
kiosk=$!
wait "$kiosk" || true
kiosk=
echo "live-data-latency: load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
grep -v 'new value presented' "$work/kiosk.log" | sed 's/^/  /'
grep 'new value presented' "$work/kiosk.log" | sed 's/.*presented \([0-9]*\) µs.*/\1/' | python3 -c '
import sys
v = sorted(int(x) for x in sys.stdin if x.strip())
if not v:
    print("live-data-latency: no change was presented"); sys.exit(1)
def q(p):  # nearest rank
    return v[min(len(v) - 1, max(0, -(-len(v) * p // 100) - 1))]
r = 1e6 / 60
print("live-data-latency: %d changes presented; latency response -> presented frame:" % len(v))
for name, x in (("p50", q(50)), ("p90", q(90)), ("p99", q(99)), ("max", v[-1])):
    print("  %s %8.2f ms = %5.2f refreshes (60 Hz)" % (name, x / 1000, x / r))
print("  within 2 refreshes: %d of %d" % (sum(1 for x in v if x <= 2 * r), len(v)))
'
rm -rf "$work"
