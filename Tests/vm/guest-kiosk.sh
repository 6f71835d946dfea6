#!/bin/sh
# The VM test's guest side (run by run.sh through vm-run.sh, as root, in the VM; cwd = the
# results share). Needs GB_BIN (gadgetboard), GB_VM (this directory), optionally GB_TESTS (the
# Swift test binary: then the KMS hardware suite runs first).
#
# Kiosk scenario: create a touchscreen with evemu-device from a real panel's description, start
# `gadgetboard run --display kms` on the VM's card with that device, play a one-finger drag
# with evemu-play, stop it with SIGTERM; record the CRTC and console before and after. Then a
# negative control: SIGKILL leaves the CRTC and console unrestored, which proves the restore
# check can fail. run.sh's check-results.py judges the files this writes.
set -u
log() { echo "guest: $*"; }
elapsed() { cut -d' ' -f1 /proc/uptime; }
# Waits for the file $1 to contain the text $3 (a basic regular expression). $2 seconds is a hang
# guard only: every step of this script waits for what it needs to see, never for a time, so
# nothing here depends on how fast QEMU emulates.
wait_for() {
    i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
# Waits until the file $1 has at least $3 lines matching $4; $2 seconds is a hang guard.
wait_for_count() {
    i=0
    # A file not written yet counts 0 (an empty count was an error that ended the wait at once);
    # lines_seen, not n: shell functions share the callers' variables (the calibrate loop uses n).
    while lines_seen=$(grep -c "$4" "$1" 2>/dev/null) || lines_seen=0; [ "${lines_seen:-0}" -lt "$3" ]; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
pan_ended='"gesture": *"pan", *"state": *"ended"'
# The "CRTC N: …" lines of `gadgetboard devices` and its console line: the state to restore.
crtc_state() { "$GB_BIN" devices > "$1.txt" 2>&1; grep -e '^  CRTC ' -e '^Console:' "$1.txt" > "$1"; }
if [ -n "${GB_TESTS:-}" ]; then
    log "KMS hardware suite at $(elapsed) s"
    GADGETBOARD_KMS_CARD=/dev/dri/card0 "$GB_TESTS" --testing-library swift-testing --filter KMSHardwareTests --xunit-output kms-tests.xml > kms-tests.log 2>&1
    echo $? > kms-tests.status
    # The zero-copy path's import and draw (issue 25, 3b): this VM's Mesa imports dma-bufs.
    log "dma-buf import suite at $(elapsed) s"
    GADGETBOARD_KMS_CARD=/dev/dri/card0 "$GB_TESTS" --testing-library swift-testing --filter DMABufHardwareTests --xunit-output dmabuf-tests.xml > dmabuf-tests.log 2>&1
    echo $? > dmabuf-tests.status
fi

log "kiosk scenario at $(elapsed) s"
crtc_state crtc-before

# A kiosk started before its panel: --display kms on the unplugged Virtual-2 waits, and SIGTERM
# ends the wait.
"$GB_BIN" run "$GB_VM/board/board.json" --display kms --connector Virtual-2 > wait-run.log 2>&1 &
wait_pid=$!
wait_for wait-run.log 120 'waiting for one' || log "no waiting message"
kill -TERM $wait_pid
wait $wait_pid
echo $? > wait-run.status

evemu-device "$GB_VM/touch/edt-ep0430m09.desc" > evemu-device.log 2>&1 &
evemu_pid=$!
wait_for evemu-device.log 120 /dev/input/event || { log "evemu-device made no device"; cat evemu-device.log; exit 1; }
node=$(grep -o '/dev/input/event[0-9]*' evemu-device.log | head -n 1)
log "touchscreen $node"

# --events: gesture events on stdout (into run.log), so this script can wait for the drag's end.
"$GB_BIN" run "$GB_VM/board/board.json" --display kms --input "$node" --duration 600 --events --verify-damage \
    --stats stats.json --state state.json --screenshot screenshot.png > run.log 2>&1 &
run_pid=$!
# The first frame is on screen when KMSDisplay logs it (right after its commit returned).
wait_for run.log 300 'kms: first frame' || { log "gadgetboard showed no frame"; cat run.log; }
# The input thread opens the device on its own: events played before that would be lost.
wait_for run.log 120 "using $node" || log "gadgetboard did not open $node"
log "first frame at $(elapsed) s"
crtc_state crtc-during
# Hold the card open from here on: when gadgetboard exits the kernel then does not restore the
# console's mode by itself (that happens only when the last file on the card closes), so
# crtc-after shows what gadgetboard restored, not what the kernel did.
exec 3< /dev/dri/card0
log "drag at $(elapsed) s"
evemu-play "$node" < "$GB_VM/touch/drag-right-down.evemu"
# The pan's end is on stdout once the kiosk has applied the lift; the screenshot at exit then
# shows the board as it is after the drag, however many frames the VM managed meanwhile.
wait_for run.log 120 "$pan_ended" || log "no pan ended event"

# Hotplug: the panel goes away while the kiosk runs, then comes back; a drag after the return
# must move the gadget (back home: the reverse of the first drag). Forcing the connector's state
# through sysfs changes what the kernel reports for it, but on virtio-gpu (6.1) sends no uevent
# (measured: none arrived within 15 s), so the card's change uevent, which a real panel's hotplug
# interrupt makes the driver send, is sent through the card's uevent file: a real netlink uevent.
connector_status=/sys/class/drm/card0-Virtual-1/status
card_changed() { echo "change 00000000-0000-0000-0000-000000000000 HOTPLUG=1" > /sys/class/drm/card0/uevent; }
log "unplug at $(elapsed) s"
echo off > "$connector_status"
card_changed
wait_for run.log 120 'display disconnected' || log "no disconnect logged"
if kill -0 $run_pid 2>/dev/null; then echo yes > alive-while-unplugged; fi
log "plug back at $(elapsed) s"
echo on > "$connector_status"
card_changed
wait_for run.log 300 'display connected again' || log "no reconnect logged"
wait_for_count run.log 300 2 'kms: first frame' || log "no frame after the reconnect"
log "drag back at $(elapsed) s"
evemu-play "$node" < "$GB_VM/touch/drag-back.evemu"
wait_for_count run.log 120 2 "$pan_ended" || log "no second pan ended event"
log "SIGTERM at $(elapsed) s"
kill -TERM $run_pid
wait $run_pid
echo $? > run.status
log "gadgetboard exited $(cat run.status) at $(elapsed) s"
crtc_state crtc-after
# Back to the kernel's own detection (it reports Virtual-1 connected, as before the test).
echo detect > "$connector_status"

# Negative control: killed outright, nothing restores the CRTC or the console.
"$GB_BIN" run "$GB_VM/board/board.json" --display kms --duration 600 > killed-run.log 2>&1 &
killed_pid=$!
wait_for killed-run.log 300 'kms: first frame' || log "second gadgetboard showed no frame"
kill -KILL $killed_pid
wait $killed_pid 2>/dev/null
crtc_state crtc-after-kill

# Pages: a paged board on the same touchscreen; one tap on the home page's button must show the
# menu page (an action and a page event on stdout, the page in --state). The script waits for
# the page event, never for a time.
log "pages scenario at $(elapsed) s"
"$GB_BIN" run "$GB_VM/board/paged.json" --display kms --input "$node" --duration 600 --events \
    --state pages-state.json > pages-run.log 2>&1 &
pages_pid=$!
wait_for pages-run.log 300 'kms: first frame' || log "the paged kiosk showed no frame"
wait_for pages-run.log 120 "using $node" || log "the paged kiosk did not open $node"
evemu-play "$node" < "$GB_VM/touch/tap-button.evemu"
wait_for pages-run.log 120 '"type": *"page"' || log "no page event"
kill -TERM $pages_pid
wait $pages_pid
echo $? > pages-run.status

# Typing (issue 38): a USB keyboard made with evemu-device types into a field on KMS. Control
# `focus` puts the caret in the board's one field; evemu-play types "Kiosk 423", Backspace and
# Enter, which submits the field's form. Field text is never in `state` (docs/typing.md,
# Privacy), so the typed text is judged where it goes: the form's spool entry (a topic form with
# no --mqtt: it waits in the spool). `state` over the control socket gives the focus before
# typing and forms.pending after. The socket and the spool are on the guest's own /tmp (a unix
# socket cannot be bound on the 9p results share); the spool is copied to the share.
log "typing scenario at $(elapsed) s"
evemu-device "$GB_VM/keyboard/usb-keyboard.desc" > keyboard-device.log 2>&1 &
keyboard_pid=$!
if wait_for keyboard-device.log 120 /dev/input/event; then
    kbd=$(grep -o '/dev/input/event[0-9]*' keyboard-device.log | head -n 1)
    log "keyboard $kbd"
    sock=/tmp/gadgetboard-typing.sock
    spool_dir=/tmp/gadgetboard-typing-state
    rm -rf "$sock" "$spool_dir"
    "$GB_BIN" run "$GB_VM/board/typing.json" --display kms --input "$kbd" --duration 600 --events \
        --control "$sock" --state-dir "$spool_dir" > typing-run.log 2>&1 &
    typing_pid=$!
    wait_for typing-run.log 300 'kms: first frame' || log "the typing kiosk showed no frame"
    wait_for typing-run.log 120 "using $kbd" || log "the typing kiosk did not open $kbd"
    i=0; while [ ! -S "$sock" ] && [ $i -lt 2400 ]; do i=$((i + 1)); sleep 0.05; done
    "$GB_BIN" ctl "$sock" send '{"cmd":"focus","gadget":"name"}' > typing-focus-reply.json 2>&1
    "$GB_BIN" ctl "$sock" state > typing-state-focused.json 2>&1
    evemu-play "$kbd" < "$GB_VM/keyboard/type-kiosk-42.evemu"
    # Enter's submission is on disk once the spool has an entry (written, fsync'd, renamed).
    i=0; while ! ls "$spool_dir"/forms/spool/*.json > /dev/null 2>&1 && [ $i -lt 2400 ]; do i=$((i + 1)); sleep 0.05; done
    "$GB_BIN" ctl "$sock" state > typing-state-submitted.json 2>&1
    kill -TERM $typing_pid
    wait $typing_pid
    echo $? > typing-run.status
    mkdir -p typing-spool
    cp "$spool_dir"/forms/spool/*.json typing-spool/ 2>/dev/null || log "no spool entry after typing"
else
    log "evemu-device made no keyboard"; cat keyboard-device.log
fi
kill $keyboard_pid 2>/dev/null

# Opening hours (issue 26): a kiosk whose hours end at 12:00 (Lisbon, UTC in December) turns
# the panel off by DPMS when the clock passes closing and on when it passes opening. The clock
# is moved with date -s (a throwaway VM): the kiosk hears the clock being set and evaluates its
# schedule at once, so each step waits for the connector's DPMS state, never for a time.
log "schedule scenario at $(elapsed) s"
dpms=/sys/class/drm/card0-Virtual-1/dpms
# Four hours before closing: the kiosk's start-up (half a minute under TCG) cannot reach it.
date -u -s "2026-12-01 08:00:00" > /dev/null
"$GB_BIN" run "$GB_VM/board/closing.json" --display kms --trust-clock --duration 600 > schedule-run.log 2>&1 &
schedule_pid=$!
wait_for schedule-run.log 300 'kms: first frame' || log "the scheduled kiosk showed no frame"
cat "$dpms" > schedule-dpms-open.txt
date -u -s "2026-12-01 12:00:05" > /dev/null
wait_for "$dpms" 60 Off || log "the panel is not off after closing"
cat "$dpms" > schedule-dpms-closed.txt
date -u -s "2026-12-02 07:00:05" > /dev/null
wait_for "$dpms" 60 On || log "the panel is not on after opening"
cat "$dpms" > schedule-dpms-reopened.txt
kill -TERM $schedule_pid
wait $schedule_pid
echo $? > schedule-run.status

exec 3<&-
kill $evemu_pid 2>/dev/null

# A lobby board with a looping clip on KMS (issue 25): frames presented, a loop, state, pause.
sh "$GB_VM/guest-video.sh" || log "video scenario failed"

# On-panel calibration with a skewed, scaled, X/Y-swapped touchscreen (its own device).
log "calibrate scenario at $(elapsed) s"
sh "$GB_VM/guest-calibrate.sh" || log "calibrate scenario failed"
log "done at $(elapsed) s"
