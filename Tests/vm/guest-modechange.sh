#!/bin/sh
# A TV that comes back in another mode (issue 24 §4), the guest side (run from guest-cec.sh; cwd =
# the results share). Needs GB_BIN and GB_VM.
#
# The kiosk runs on Virtual-1 (800x480). It writes modechange-ready once its first frame is on
# screen; the host (run-cec.sh) then asks QEMU, through its D-Bus display's SetUIInfo, for
# 1024x768 on that screen — what QEMU does when a window showing the VM is resized, and what a TV
# switched to another input and back looks like to the driver: the connector stays connected,
# virtio-gpu raises its config-change interrupt, and the kernel re-reads the display info and
# EDID and sends the card's change uevent. The kiosk must follow: the preferred mode is re-read,
# the display opened again at 1024x768 and the board fitted to it. check-cec.py judges
# modechange-run.log.
set -u
log() { echo "guest: $*"; }
wait_for() {
    i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
wait_for_count() {
    i=0
    # A file not written yet counts 0 (an empty count was an error that ended the wait at once);
    # lines_seen, not n: shell functions share the callers' variables (the calibrate loop uses n).
    while lines_seen=$(grep -c "$4" "$1" 2>/dev/null) || lines_seen=0; [ "${lines_seen:-0}" -lt "$3" ]; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
"$GB_BIN" run "$GB_VM/board/board.json" --display kms --connector Virtual-1 --duration 600 \
    --stats modechange-stats.json > modechange-run.log 2>&1 &
pid=$!
wait_for modechange-run.log 300 'kms: first frame' || log "the mode-change kiosk showed no frame"
cat /sys/class/drm/card0-Virtual-1/modes > modes-before.txt 2>&1
: > modechange-ready
wait_for modechange-run.log 180 'board fitted to 1024x768' || log "the kiosk did not follow the new mode"
# A frame drawn in the new mode, not only the fit.
wait_for_count modechange-run.log 120 2 'kms: first frame' || log "no frame after the mode change"
cat /sys/class/drm/card0-Virtual-1/modes > modes-after.txt 2>&1
kill -TERM $pid
wait $pid
echo $? > modechange-run.status
log "mode change scenario done: kiosk exited $(cat modechange-run.status)"
