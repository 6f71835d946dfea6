#!/bin/sh
# The CEC scenario's guest side (run by run-cec.sh through vm-run.sh, as root, in the VM; cwd =
# the results share). Needs GB_TESTS (the Swift test binary), GB_BIN and GB_VM (for
# guest-modechange.sh, run at the end).
#
# vivid (the kernel's virtual video driver, VIVID_CEC=y in Debian's kernel) emulates an HDMI
# input and an HDMI output on one CEC bus: the input's adapter becomes a TV (cec-ctl --tv), the
# output's is the kiosk's playback side. CECHardwareTests claims a playback address there and
# sends <Standby>, then <Image View On> and <Active Source>; cec-ctl --monitor on the TV's side
# records what arrived. check-cec.py judges monitor.log.
set -u
log() { echo "guest: $*"; }
modprobe vivid > modprobe.log 2>&1 || { log "modprobe vivid failed"; cat modprobe.log; exit 3; }
# Which /dev/cecN is which: the input's adapter is named vivid-000-vid-cap0, the output's
# vivid-000-vid-out0 (cec-ctl -d N prints the adapter's name).
tv=""; playback=""
for dev in /dev/cec*; do
    cec-ctl -d "$dev" > "info-$(basename "$dev").txt" 2>&1
    if grep -q 'vid-cap' "info-$(basename "$dev").txt"; then tv=$dev; fi
    if grep -q 'vid-out' "info-$(basename "$dev").txt"; then playback=$dev; fi
done
log "TV adapter $tv, playback adapter $playback"
[ -n "$tv" ] && [ -n "$playback" ] || { ls -l /dev/cec* 2>&1; exit 4; }
cec-ctl -d "$tv" --tv > tv-config.log 2>&1 || { log "cec-ctl --tv failed"; cat tv-config.log; exit 5; }
# Line-buffered, so each message is in the file as it arrives (a block-buffered monitor loses
# its tail when stopped).
stdbuf -oL cec-ctl -d "$tv" --monitor > monitor.log 2>&1 &
monitor=$!
# Waits for the file $1 to contain $3; $2 seconds is a hang guard only (nothing here depends on
# how fast QEMU emulates).
wait_for() {
    i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
# The monitor's first event says it listens.
wait_for monitor.log 60 'Initial Event' || log "the monitor did not start"
GADGETBOARD_CEC_DEVICE=$playback "$GB_TESTS" --testing-library swift-testing --filter CECHardwareTests --xunit-output cec-tests.xml > cec-tests.log 2>&1
echo $? > cec-tests.status
wait_for monitor.log 60 'ACTIVE_SOURCE' || log "no <Active Source> seen on the TV's side"
# The kiosk itself with --cec, switched through its control socket (check-kiosk-cec.py).
sh "$GB_VM/guest-kiosk-cec.sh" "$playback"
# TERM: nothing is lost (the monitor writes line by line), and it ends even while it waits in
# the CEC receive call (a SIGINT at that moment left it running in one run).
kill $monitor
wait $monitor
cec-ctl -d "$playback" > playback-after.txt 2>&1
# The wall clock's jump watch on a real kernel: this guest's clock may be set (a throwaway VM).
GADGETBOARD_MAY_SET_CLOCK=1 "$GB_TESTS" --testing-library swift-testing --filter WallClockJumpTests --xunit-output clock-tests.xml > clock-tests.log 2>&1
echo $? > clock-tests.status
# The TV that comes back in another mode (the host changes the mode: run-cec.sh).
sh "$GB_VM/guest-modechange.sh" || log "mode change scenario failed"
log "CEC scenario done: tests status $(cat cec-tests.status), clock jump tests status $(cat clock-tests.status)"
