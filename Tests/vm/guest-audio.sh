#!/bin/sh
# The sound scenario of the VM test (guest side, as root, in the VM; issue 37). Needs GB_BIN and
# GB_VM. snd-aloop gives the guest a sound card whose capture side hears what the kiosk plays:
#  1. tap → sound: a touchscreen made by evemu-device, a board whose button has the board's
#     tapSound, the kiosk playing into plughw:Loopback,0,0; Tests/vm/audio/tap_latency.py reads
#     the touchscreen's kernel stamps and captures hw:Loopback,1,0 with a monotonic time per frame.
#  2. the card pulled and put back while the kiosk runs: the loopback's platform device unbound
#     from its driver (what a USB card's unplug does to its open PCMs: the kernel disconnects the
#     card) and bound again; the kiosk must keep drawing and report deviceLost/deviceBack.
# Every wait is for a line or a file (hang guards only): nothing depends on emulation speed.
set -u
log() { echo "guest-audio: $*"; }
elapsed() { cut -d' ' -f1 /proc/uptime; }
wait_for() {
    i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
taps=${GB_AUDIO_TAPS:-10}
modprobe snd-aloop pcm_substreams=1 2> modprobe.err; echo $? > modprobe.status
ls /dev/snd > dev-snd.txt 2>&1
cat /proc/asound/cards > cards.txt 2>&1
[ -e /proc/asound/Loopback ] || { log "no Loopback card: $(cat modprobe.err)"; exit 1; }
cp "$GB_VM/audio/board.json" "$GB_VM/audio/click.wav" .

evemu-device "$GB_VM/touch/edt-ep0430m09.desc" > evemu-device.log 2>&1 &
evemu_pid=$!
wait_for evemu-device.log 120 /dev/input/event || { log "evemu-device made no device"; exit 1; }
node=$(grep -o '/dev/input/event[0-9]*' evemu-device.log | head -n 1)

# 1. tap → sound
python3 "$GB_VM/audio/tap_latency.py" "$node" "$GB_VM/touch/tap-button.evemu" hw:Loopback,1,0 "$taps" \
    tap-latency.json 1.0 kiosk-ready > tap-latency.log 2>&1 &
tap_pid=$!
wait_for tap-latency.log 120 'capturing' || { log "the capture did not start"; cat tap-latency.log; }
sock=/run/gadgetboard-audio.sock
"$GB_BIN" run board.json --display kms --input "$node" --audio plughw:Loopback,0,0 --duration 900 \
    --events --control "$sock" --stats stats.json > run.log 2>&1 &
run_pid=$!
wait_for run.log 300 'kms: first frame' || log "no first frame"
wait_for run.log 120 "using $node" || log "the kiosk did not open $node"
touch kiosk-ready
log "tapping $taps times from $(elapsed) s"
wait $tap_pid; echo $? > tap-latency.status
cat tap-latency.log

# 2. the card pulled while a tap sounds, and put back
"$GB_BIN" ctl "$sock" state > state-before.json 2>&1
dev=$(basename "$(readlink -f /sys/class/sound/card0/device)")
log "unbinding $dev at $(elapsed) s"
# The unbind returns once every file on the card is closed (snd_card_free): in the background, with
# a report of who holds the card if it has not returned after 10 s.
(echo "$dev" > /sys/bus/platform/drivers/snd_aloop/unbind; echo $? > unbind.status) &
unbind_pid=$!
i=0; while [ ! -e unbind.status ] && [ $i -lt 200 ]; do i=$((i + 1)); sleep 0.05; done
if [ ! -e unbind.status ]; then
    log "the unbind has not returned after 10 s; files open on the card:"
    ls -l /proc/[0-9]*/fd 2>/dev/null | grep -B0 /dev/snd > unbind-holders.txt
    for p in /proc/[0-9]*; do ls -l "$p/fd" 2>/dev/null | grep -q /dev/snd && echo "$p $(cat $p/comm)"; done >> unbind-holders.txt
    cat /proc/$unbind_pid/stack > unbind-stack.txt 2>&1
    cat unbind-holders.txt unbind-stack.txt
fi
wait_for run.log 60 'deviceLost' || log "no deviceLost event"
evemu-play "$node" < "$GB_VM/touch/tap-button.evemu"   # a tap with no card: silent, not an error
"$GB_BIN" ctl "$sock" state > state-lost.json 2>&1; echo $? > state-lost.status
echo "$dev" > /sys/bus/platform/drivers/snd_aloop/bind
log "bound again at $(elapsed) s"
wait_for run.log 60 'deviceBack' || log "no deviceBack event"
evemu-play "$node" < "$GB_VM/touch/tap-button.evemu"
sleep 1
"$GB_BIN" ctl "$sock" state > state-after.json 2>&1; echo $? > state-after.status
kill -TERM $run_pid
wait $run_pid
echo $? > run.status
kill $evemu_pid 2>/dev/null
log "kiosk exited $(cat run.status) at $(elapsed) s"
