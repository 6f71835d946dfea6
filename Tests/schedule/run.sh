#!/usr/bin/env bash
# Opening hours end to end (issue 26), with the wall clock moved by libfaketime: a headless kiosk
# started at 11:20 on a Tuesday in Lisbon shows breakfast; once it answers, its clock is moved to
# 11:29:57 and it goes to the lunch page at 11:30:00 by itself (a page event with cause "schedule"
# reaches a subscriber, `state` says "lunch"). One started at 21:50 shows the display on; moved to
# 21:59:57, it switches its display off at 22:00:00 (`state`'s display: off, cause "schedule"; no
# frame drawn while off: the snapshot command is refused). Then the attract loop, once per transition
# (cut, slide, crossfade): its page events (cause "playlist") come a, b, c, a, and no frame it
# presents (`run --dump-frames`) is black, background-only or shows an image placeholder; a
# crossfade has frames showing both pages at once.
#
# The monotonic clock is left alone (FAKETIME_DONT_FAKE_MONOTONIC=1): only the wall clock is
# faked, as an offset from the real one read from a file (FAKETIME_TIMESTAMP_FILE, re-read on each
# call), so the test moves it while the kiosk runs, as the VM scenario sets the guest's clock. No
# outcome depends on this machine's speed: a kiosk starts ten minutes before its boundary, however
# long the start takes it is asked what it shows then, and only after that is its clock moved to
# 3 s before the boundary; each wait is for an event or a state, with a hang guard of 60 s.
# (libfaketime's moves are not heard by the kernel's clock-set watch: a request after the move
# wakes the kiosk, which reads the wall clock again and waits for the boundary itself.)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v faketime >/dev/null || { echo "schedule test: faketime is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
libfaketime=$(dpkg -L libfaketime 2>/dev/null | grep '/libfaketime\.so\.1$' | head -n1 || true)
[[ -n $libfaketime && -f $libfaketime ]] || { echo "schedule test: libfaketime.so.1 is missing (scripts/install-deps.sh --test)" >&2; exit 2; }

swift build --product gadgetboard >/dev/null
bin="$(swift build --show-bin-path)/gadgetboard"

work=$(mktemp -d)
pids=()
cleanup() {
  # faketime runs the kiosk as its child: stop the child too, not only the wrapper.
  for p in "${pids[@]}"; do pkill -TERM -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "schedule test: FAILED: $*" >&2; for f in "$work"/*.log; do echo "--- $f" >&2; cat "$f" >&2; done; exit 1; }
pass() { echo "schedule test: ok: $*"; }

# Lisbon is on UTC in December (WET), so the faked instants below are local times too.
cat >"$work/board.json" <<'JSON'
{ "size": [320, 200], "background": "#203040", "timezone": "Europe/Lisbon",
  "pages": [
    { "id": "breakfast", "gadgets": [ { "id": "toast", "color": "#e0a040", "center": [160, 100], "size": [120, 80] } ] },
    { "id": "lunch", "gadgets": [ { "id": "soup", "color": "#40a0e0", "center": [160, 100], "size": [120, 80] } ] } ],
  "schedule": {
    "displayOn": [ { "days": "mon-sun", "from": "07:30", "to": "22:00" } ],
    "pages": [ { "days": "mon-sun", "from": "06:00", "to": "11:30", "page": "breakfast" },
               { "days": "mon-sun", "from": "11:30", "to": "15:00", "page": "lunch" } ] },
  "gadgets": [] }
JSON
"$bin" check "$work/board.json" >/dev/null || fail "check refused the test board: $("$bin" check "$work/board.json" 2>&1)"

# Kiosk $1's wall clock reads $2 (UTC) now and runs on from there: an offset from the real clock
# (whole seconds, so it reads $2 to $2 + 1 s), written where its libfaketime reads it.
set_clock() {
  local offset=$(( $(date -u -d "$2" +%s) - $(date -u +%s) ))
  echo "$( ((offset >= 0)) && echo +)$offset" >"$work/$1.faketime.tmp"
  mv "$work/$1.faketime.tmp" "$work/$1.faketime"
}
# Starts a kiosk whose wall clock begins at $2 (UTC); its socket is $work/$1.sock.
start() {
  local name=$1 at=$2
  set_clock "$name" "$at"
  TZ=UTC LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$work/$name.faketime" FAKETIME_NO_CACHE=1 \
    FAKETIME_DONT_FAKE_MONOTONIC=1 env -u FAKETIME "$bin" run "$work/board.json" --display headless --trust-clock \
    --no-watch --control "$work/$name.sock" >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do [[ -S $work/$name.sock ]] && return 0; sleep 0.1; done
  fail "kiosk $name made no control socket"
}
state() { "$bin" ctl "$work/$1.sock" state --timeout 20; }

# --- 11:30: breakfast, then lunch, with a page event of cause "schedule".
start lunch "2026-12-01 11:20:00"
first=$(state lunch)
[[ $first == *'"page":"breakfast"'* ]] || fail "at 11:20 the page is not breakfast: $first"
[[ $first == *'"display":{"on":true,"cause":"schedule"}'* ]] || fail "at 11:20 the display is not on by the schedule: $first"
"$bin" ctl "$work/lunch.sock" subscribe --timeout 20 >"$work/lunch-events.out" 2>&1 &
sub=$!; pids+=($sub)
# The subscription is in place once an event reaches it: `load` of the same board sends every
# subscriber a reload event (repeated: the subscriber may not be connected yet).
for _ in $(seq 100); do
  "$bin" ctl "$work/lunch.sock" load board.json --timeout 20 >/dev/null || fail "ctl load board.json was refused"
  grep -q '"type":"reload"' "$work/lunch-events.out" 2>/dev/null && break
  sleep 0.1
done
grep -q '"type":"reload"' "$work/lunch-events.out" || fail "the subscriber saw no reload event: $(cat "$work/lunch-events.out")"
[[ $(state lunch) == *'"page":"breakfast"'* ]] || fail "after the reload the page is not breakfast"
# 3 s before the boundary; the state request wakes the kiosk, which reads the clock again.
set_clock lunch "2026-12-01 11:29:57"
state lunch >/dev/null
for _ in $(seq 600); do grep -q '"cause":"schedule"' "$work/lunch-events.out" 2>/dev/null && break; sleep 0.1; done
grep -q '"type":"page".*"page":"lunch".*"cause":"schedule"\|"type":"page".*"cause":"schedule".*"page":"lunch"' "$work/lunch-events.out" ||
  { grep -q '"page":"lunch"' "$work/lunch-events.out" && grep -q '"cause":"schedule"' "$work/lunch-events.out"; } ||
  fail "no page event to lunch with cause schedule: $(cat "$work/lunch-events.out")"
after=$(state lunch)
[[ $after == *'"page":"lunch"'* ]] || fail "after 11:30 the page is not lunch: $after"
pass "11:30: the kiosk went from breakfast to lunch by itself (page event, cause schedule)"

# --- 22:00: the display goes off.
start close "2026-12-01 21:50:00"
[[ $(state close) == *'"display":{"on":true,"cause":"schedule"}'* ]] || fail "at 21:50 the display is not on: $(state close)"
set_clock close "2026-12-01 21:59:57"
off=""
for _ in $(seq 600); do off=$(state close); [[ $off == *'"display":{"on":false,"cause":"schedule"}'* ]] && break; sleep 0.1; done
[[ $off == *'"display":{"on":false,"cause":"schedule"}'* ]] || fail "after 22:00 the display is not off by the schedule: $off"
set +e; snap=$("$bin" ctl "$work/close.sock" snapshot "$work/x.png" --timeout 20 2>&1); set -e
[[ $snap == *"the display is off"* && ! -e $work/x.png ]] || fail "a snapshot was answered while the display is off: $snap"
grep -q 'display: off (schedule)' "$work/close.log" || fail "the log does not say the display went off"
pass "22:00: the display went off by itself and no frame is drawn while off"

# --- The attract loop: a kiosk per transition, at noon (open), its presented frames dumped.
# Three image pages (decoded at start-up on worker threads) after an intro page; each page's
# image spans the board's width, so a slide between two of them always covers most of the screen.
python3 - "$work" <<'PY'
import struct, sys, zlib
def png(path, rgb, w=30, h=10):
    def chunk(kind, body): return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    raw = b"".join(b"\0" + bytes(rgb) * w for _ in range(h))
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
for name, rgb in (("a", (0xe0, 0x40, 0x40)), ("b", (0x40, 0xc0, 0x40)), ("c", (0x40, 0x80, 0xe0))):
    png(f"{sys.argv[1]}/{name}.png", rgb)
PY
for kind in cut slide crossfade; do
  cat >"$work/loop-$kind.json" <<JSON
{ "size": [320, 200], "background": "#203040", "timezone": "Europe/Lisbon",
  "pages": [
    { "id": "intro", "gadgets": [ { "id": "i", "color": "#c0a000", "center": [160, 100], "size": [300, 140] } ] },
    { "id": "a", "gadgets": [ { "id": "ga", "image": "a.png", "center": [160, 80], "size": [300, 100] } ] },
    { "id": "b", "gadgets": [ { "id": "gb", "image": "b.png", "center": [160, 120], "size": [300, 100] } ] },
    { "id": "c", "gadgets": [ { "id": "gc", "image": "c.png", "center": [160, 100], "size": [300, 140] } ] } ],
  "schedule": { "displayOn": [ { "days": "mon-sun", "from": "07:00", "to": "22:00" } ] },
  "playlist": { "pages": ["a", "b", "c"], "seconds": 1.5, "transition": { "type": "$kind", "seconds": 0.6 },
                "startAfterIdleSeconds": 1 },
  "gadgets": [] }
JSON
  "$bin" check "$work/loop-$kind.json" >/dev/null || fail "check refused the $kind playlist board: $("$bin" check "$work/loop-$kind.json" 2>&1)"
  # --events: every page event from the first on stdout (a subscriber could connect too late);
  # --duration: a headless kiosk with no socket would otherwise stop after one frame (killed sooner).
  TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime "2026-12-01 12:00:00" "$bin" run "$work/loop-$kind.json" --display headless \
    --trust-clock --no-watch --events --duration 60 --dump-frames "$work/frames-$kind" >"$work/loop-$kind.log" 2>&1 &
  pids+=($!)
  eval "loop_$kind=\$!"
done
# Each kiosk runs until it has sent four playlist page events (a, b, c and a again: 5.5 s).
for kind in cut slide crossfade; do
  for _ in $(seq 600); do
    (( $(grep -c '"cause":"playlist"' "$work/loop-$kind.log" 2>/dev/null || true) >= 4 )) && break; sleep 0.1
  done
  p=$(eval echo "\$loop_$kind")
  pkill -TERM -P "$p" 2>/dev/null || true
done
wait "$loop_cut" "$loop_slide" "$loop_crossfade" 2>/dev/null || true
for kind in cut slide crossfade; do
  out=$(python3 Tests/schedule/check-frames.py events "$work/loop-$kind.log" a b c a) || fail "$kind: $out"
  both=(); [[ $kind == crossfade ]] && both=(--both 160,40 160,160)
  frames=$(python3 Tests/schedule/check-frames.py frames "$work/frames-$kind" "#203040" "${both[@]}") || fail "$kind: $frames"
  pass "playlist with $kind: pages a, b, c, a in order; $(echo "$frames" | sed -n 's/.*(\(.*\))/\1/p') presented, none black, background-only or with a placeholder${both:+, some showing both pages at once}"
done
