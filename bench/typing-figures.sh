#!/bin/bash
# Key -> glyph on the presented frame, and CPU while typing (issue 38, docs/BENCHMARKS.md "Typing"):
# the real `gadgetboard run`, headless (Mesa llvmpipe, frames paced at 60 Hz), an 800x480 board
# with a 600x300 multiline field holding ~200 characters; bench/typing-driver.py types RATE keys a
# second through the control socket for SECONDS. With GADGETBOARD_LOG=debug the kiosk logs the
# flip time of the first frame presented after each change of a field's text (FieldCaret.swift,
# never the text); each key's latency = that flip - the key's send time (both CLOCK_MONOTONIC).
#
# Usage: bench/typing-figures.sh [SECONDS [RATE]]   (GADGETBOARD=path/to/gadgetboard)
set -eu
SECONDS_TOTAL=${1:-30}; RATE=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
bin=${GADGETBOARD:-$here/../.build/release/gadgetboard}
work=$(mktemp -d /tmp/typing-figures.XXXXXX)
kiosk=
cleanup() { [ -n "$kiosk" ] && kill "$kiosk" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM
. "$here/conditions.sh"; bench_conditions typing-figures "$bin"
cat >"$work/board.json" <<'JSON'
{ "size": [800, 480], "background": "#203040",
  "forms": [ { "id": "book", "submit": { "url": "https://example.org/book" } } ],
  "gadgets": [
    { "id": "entry", "color": "#ffffff", "center": [400, 200], "size": [600, 300],
      "text": { "font": "DejaVu Sans", "size": 24, "color": "#000000" },
      "field": { "kind": "multiline", "form": "book", "name": "entry" } } ] }
JSON
echo "typing-figures: $(date -u +%FT%TZ) ${RATE} keys/s for ${SECONDS_TOTAL} s into a ~200-character multiline field, 800x480 headless llvmpipe, $(nproc) cores shared, load $(cut -d' ' -f1-3 /proc/loadavg)"
GADGETBOARD_LOG=debug "$bin" run --display headless --no-watch --input /nonexistent --control "$work/c.sock" \
    --duration $((SECONDS_TOTAL + 15)) "$work/board.json" >"$work/kiosk.log" 2>&1 &
kiosk=$!
i=0; while [ ! -S "$work/c.sock" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done
python3 "$here/typing-driver.py" "$work/c.sock" "$kiosk" entry "$SECONDS_TOTAL" "$RATE" "$work/sends"
kill "$kiosk" 2>/dev/null || true; wait "$kiosk" 2>/dev/null || true; kiosk=
echo "typing-figures: load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
grep -v "new text presented" "$work/kiosk.log" | sed 's/^/  /' | head -20
grep "new text presented" "$work/kiosk.log" | sed 's/.*presented at \([0-9]*\) µs.*/\1/' >"$work/flips"
python3 - "$work/sends" "$work/flips" <<'PY'
import bisect, sys
sends = [int(x) for x in open(sys.argv[1]) if x.strip()]
flips = sorted(int(x) for x in open(sys.argv[2]) if x.strip())
lat = []
for s in sends:
    i = bisect.bisect_left(flips, s)
    if i < len(flips): lat.append(flips[i] - s)
if not lat:
    print("typing-figures: no key was presented"); sys.exit(1)
v = sorted(lat)
def q(p): return v[min(len(v) - 1, max(0, -(-len(v) * p // 100) - 1))]
r = 1e6 / 60
print("typing-figures: %d keys sent, %d matched to a presented frame; key -> glyph on the presented frame:" % (len(sends), len(v)))
for name, x in (("p50", q(50)), ("p90", q(90)), ("p99", q(99)), ("max", v[-1])):
    print("  %s %8.2f ms = %5.2f refreshes (60 Hz)" % (name, x / 1000, x / r))
print("  within 2 refreshes: %d of %d" % (sum(1 for x in v if x <= 2 * r), len(v)))
PY
