#!/usr/bin/env bash
# Opening hours end to end (issue 26), with the wall clock moved by libfaketime: a headless kiosk
# started at 11:29:55 on a Tuesday in Lisbon goes to the lunch page at 11:30:00 by itself (a page
# event with cause "schedule" reaches a subscriber, `state` says "lunch"), and one started at
# 21:59:57 switches its display off at 22:00:00 (`state`'s display: off, cause "schedule"; no frame
# drawn while off: the snapshot command is refused).
#
# The monotonic clock is left alone (FAKETIME_DONT_FAKE_MONOTONIC=1): only the wall clock starts
# at the given instant and runs on from there. No outcome depends on this machine's speed: each
# wait is for an event or a state, with a hang guard of 60 s, far above the few seconds the
# boundaries are away.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v faketime >/dev/null || { echo "schedule test: faketime is missing (scripts/install-deps.sh --test)" >&2; exit 2; }

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

# Starts a kiosk whose wall clock begins at $2 (UTC); its socket is $work/$1.sock.
start() {
  local name=$1 at=$2
  TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime "$at" "$bin" run "$work/board.json" --display headless --trust-clock \
    --no-watch --control "$work/$name.sock" >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do [[ -S $work/$name.sock ]] && return 0; sleep 0.1; done
  fail "kiosk $name made no control socket"
}
state() { "$bin" ctl "$work/$1.sock" state --timeout 20; }

# --- 11:30: breakfast, then lunch, with a page event of cause "schedule".
start lunch "2026-12-01 11:29:55"
first=$(state lunch)
[[ $first == *'"page":"breakfast"'* ]] || fail "at 11:29:55 the page is not breakfast: $first"
[[ $first == *'"display":{"on":true,"cause":"schedule"}'* ]] || fail "at 11:29:55 the display is not on by the schedule: $first"
"$bin" ctl "$work/lunch.sock" subscribe --timeout 20 >"$work/lunch-events.out" 2>&1 &
sub=$!; pids+=($sub)
for _ in $(seq 600); do grep -q '"cause":"schedule"' "$work/lunch-events.out" 2>/dev/null && break; sleep 0.1; done
grep -q '"type":"page".*"page":"lunch".*"cause":"schedule"\|"type":"page".*"cause":"schedule".*"page":"lunch"' "$work/lunch-events.out" ||
  { grep -q '"page":"lunch"' "$work/lunch-events.out" && grep -q '"cause":"schedule"' "$work/lunch-events.out"; } ||
  fail "no page event to lunch with cause schedule: $(cat "$work/lunch-events.out")"
after=$(state lunch)
[[ $after == *'"page":"lunch"'* ]] || fail "after 11:30 the page is not lunch: $after"
pass "11:30: the kiosk went from breakfast to lunch by itself (page event, cause schedule)"

# --- 22:00: the display goes off.
start close "2026-12-01 21:59:57"
[[ $(state close) == *'"display":{"on":true,"cause":"schedule"}'* ]] || fail "at 21:59:57 the display is not on: $(state close)"
off=""
for _ in $(seq 600); do off=$(state close); [[ $off == *'"display":{"on":false,"cause":"schedule"}'* ]] && break; sleep 0.1; done
[[ $off == *'"display":{"on":false,"cause":"schedule"}'* ]] || fail "after 22:00 the display is not off by the schedule: $off"
set +e; snap=$("$bin" ctl "$work/close.sock" snapshot "$work/x.png" --timeout 20 2>&1); set -e
[[ $snap == *"the display is off"* && ! -e $work/x.png ]] || fail "a snapshot was answered while the display is off: $snap"
grep -q 'display: off (schedule)' "$work/close.log" || fail "the log does not say the display went off"
pass "22:00: the display went off by itself and no frame is drawn while off"
