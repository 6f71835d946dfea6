#!/bin/sh
# `gadgetboard run --cec` in the kiosk itself (issue 35, 6), with vivid's TV as the witness: run by
# guest-cec.sh while cec-ctl --monitor records the TV's side. The kiosk runs headless with the
# playback adapter and a control socket; `ctl display off` must reach the TV as <Standby>, and
# `ctl display on` as <Image View On> then <Active Source>. The monitor's line count before the
# kiosk starts goes to kiosk-cec.start, so check-kiosk-cec.py judges only what came after it.
# Usage: sh guest-kiosk-cec.sh PLAYBACK_DEVICE (cwd = the results share; GB_BIN, GB_VM set).
set -u
playback=$1
log() { echo "guest: kiosk --cec: $*"; }
count() { grep -c "Received from .*: $1 (0x" monitor.log 2>/dev/null || true; }
# Waits until monitor.log has more than $2 lines naming message $1; 60 s is a hang guard only.
wait_more() {
    i=0
    while [ "$(count "$1")" -le "$2" ]; do
        i=$((i + 1)); [ $i -gt 1200 ] && return 1; sleep 0.05
    done
}
wc -l < monitor.log > kiosk-cec.start
sock=/run/gadgetboard-cec.sock
"$GB_BIN" run "$GB_VM/board/board.json" --display headless --cec "$playback" --control "$sock" > kiosk-cec-run.log 2>&1 &
kiosk=$!
i=0
until "$GB_BIN" ctl "$sock" state > kiosk-cec-state.json 2>&1; do
    i=$((i + 1)); if [ $i -gt 1200 ]; then log "the control socket never answered"; break; fi; sleep 0.05
done
standby=$(count STANDBY)
"$GB_BIN" ctl "$sock" display off > kiosk-cec-off.json 2>&1
wait_more STANDBY "$standby" || log "no <Standby> reached the TV after display off"
on=$(count IMAGE_VIEW_ON)
"$GB_BIN" ctl "$sock" display on > kiosk-cec-on.json 2>&1
wait_more IMAGE_VIEW_ON "$on" || log "no <Image View On> reached the TV after display on"
kill -TERM $kiosk
wait $kiosk
echo $? > kiosk-cec.status
log "done (kiosk exit $(cat kiosk-cec.status))"
