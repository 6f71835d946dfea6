#!/bin/sh
# The sound scenario of the VM test (guest side, as root, in the VM; issue 37). Needs GB_BIN and
# GB_VM. snd-aloop gives the guest a sound card whose capture side hears what the kiosk plays:
#  1. tap → sound: a touchscreen made by evemu-device, a board whose button has the board's
#     tapSound, the kiosk playing into plughw:Loopback,0,0; Tests/vm/audio/tap_latency.py reads
#     the touchscreen's kernel stamps and captures hw:Loopback,1,0 with a monotonic time per frame.
#  2. the card pulled and put back while the kiosk runs: the loopback's platform device unbound
#     from its driver (what a USB card's unplug does to its open PCMs: the kernel disconnects the
#     card) and bound again; the kiosk must keep drawing and report deviceLost/deviceBack.
#  3. keypad and headset (issue 39): evemu makes a USB navigation keypad and a headphone jack's
#     switch device; the jack is plugged in before the kiosk starts (the switch read at open), then
#     pulled and plugged again; Tab/arrows/Help/Enter move through a board of three buttons and the
#     speech (gadgetboard-speech beside the kiosk, espeak-ng-data from the host's root) is heard at
#     the card's capture side (a11y/a11y_keys.py); state and events come over the control socket.
#  4. lip sync: ./av (made on the host by audio/make-av-clip.sh: a flash and a beep each second)
#     played with --video-flip-log while capture_onsets.py hears the card; av_offset.py pairs them.
#  5. (GB_AUDIO_SOAK_S > 0, the bench) the clip looping for that long while the board redraws in
#     full every frame: underruns (--stats) and the audio thread's CPU (/proc, thread gb-audio).
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
# 0. the card itself, with ALSA's own tools: aplay into the loopback, arecord from its other side.
arecord -D hw:Loopback,1,0 -f S16_LE -r 48000 -c 2 -d 2 arecord-check.wav > arecord-check.log 2>&1 &
rec_pid=$!
sleep 0.5
aplay -D plughw:Loopback,0,0 click.wav click.wav click.wav > aplay-check.log 2>&1
wait $rec_pid
log "alsa's own tools: aplay $(cat aplay-check.log | tr '\n' ' '); arecord $(tail -n 2 arecord-check.log | tr '\n' ' ')"

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
# Warm-up before the measured taps: under TCG the kiosk's start (its images, the card's first
# periods) starves the guest for seconds after the first frame, and a tap then is heard seconds
# late or not at all (8 of 10 in a fresh clone's run, the first two lost). That measures the
# emulator, not the sound path, so the taps start once the board is placed and one sound has
# gone through the card end to end.
wait_for run.log 300 'board: images: all' || log "the board's images were not all shown"
"$GB_BIN" ctl "$sock" play click > warmup-play.log 2>&1 || log "warm-up play: $(cat warmup-play.log)"
wait_for run.log 120 '"event":"ended","sound":"click"' || log "the warm-up click did not end"
log "warm-up click played by $(elapsed) s"
touch kiosk-ready
sleep 1
cat /proc/asound/Loopback/pcm0p/sub0/hw_params > hw-params-playback.txt 2>&1
cat /proc/asound/Loopback/pcm1c/sub0/hw_params > hw-params-capture.txt 2>&1
log "tapping $taps times from $(elapsed) s; the card plays $(grep -E '^(format|rate)' hw-params-playback.txt | tr '\n' ' ')"
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

# 3. keypad and headset (issue 39)
log "a11y: keypad and headset from $(elapsed) s"
cp "$GB_VM/a11y/board.json" a11y-board.json
evemu-device "$GB_VM/a11y/keypad.desc" > a11y-keypad-device.log 2>&1 &
keypad_pid=$!
evemu-device "$GB_VM/a11y/headset.desc" > a11y-headset-device.log 2>&1 &
headset_pid=$!
wait_for a11y-keypad-device.log 120 /dev/input/event || log "a11y: evemu-device made no keypad"
wait_for a11y-headset-device.log 120 /dev/input/event || log "a11y: evemu-device made no headset switch"
keypad=$(grep -o '/dev/input/event[0-9]*' a11y-keypad-device.log | head -n 1)
headset=$(grep -o '/dev/input/event[0-9]*' a11y-headset-device.log | head -n 1)
# The headset is in before the kiosk starts: the kiosk must see it from the switch's state at open.
evemu-event "$headset" --type EV_SW --code SW_HEADPHONE_INSERT --value 1 --sync
evtest_state=$(python3 -c "import fcntl,sys; b=bytearray(8); fcntl.ioctl(open(sys.argv[1],'rb'), 0x8008451b, b); print(b[0])" "$headset" 2>&1)
echo "$evtest_state" > a11y-switch-at-start.txt
log "a11y: keypad $keypad, headset $headset (EVIOCGSW byte 0: $evtest_state); speech program: $(ls "$(dirname "$GB_BIN")/gadgetboard-speech" 2>&1)"
amixer -c Loopback controls > a11y-amixer-controls.txt 2>&1
a11y_sock=/run/gadgetboard-a11y.sock
"$GB_BIN" run a11y-board.json --display kms --input "$keypad" --input "$headset" --audio plughw:Loopback,0,0 \
    --duration 900 --events --control "$a11y_sock" > a11y-run.log 2>&1 &
a11y_pid=$!
wait_for a11y-run.log 300 'kms: first frame' || log "a11y: no first frame"
wait_for a11y-run.log 120 "using $headset" || log "a11y: the kiosk did not open $headset"
wait_for a11y-run.log 120 "using $keypad" || log "a11y: the kiosk did not open $keypad"
"$GB_BIN" ctl "$a11y_sock" subscribe > a11y-events.log 2>&1 &
sub_pid=$!
# Any event (the audio thread's underruns come often under emulation) says the subscription is live.
wait_for a11y-events.log 60 '"type"' || log "a11y: no event came to the subscriber"
"$GB_BIN" ctl "$a11y_sock" state > a11y-state-start.json 2>&1
python3 "$GB_VM/a11y/a11y_keys.py" "$keypad" "$headset" hw:Loopback,1,0 a11y-events.log a11y-keys.json > a11y-keys.log 2>&1
echo $? > a11y-keys.status
cat a11y-keys.log
"$GB_BIN" ctl "$a11y_sock" state > a11y-state-end.json 2>&1
kill $sub_pid 2>/dev/null
kill -TERM $a11y_pid
wait $a11y_pid
echo $? > a11y-run.status
kill $keypad_pid $headset_pid 2>/dev/null
log "a11y: kiosk exited $(cat a11y-run.status) at $(elapsed) s"

# 4. lip sync
rm -f av-stop av-start
python3 "$GB_VM/audio/capture_onsets.py" hw:Loopback,1,0 av-start av-stop av-onsets.json > av-capture.log 2>&1 &
cap_pid=$!
log "lip sync: playing av/av.json at $(elapsed) s"
"$GB_BIN" run av/av.json --display kms --audio plughw:Loopback,0,0 --events --video-flip-log av-flips.tsv \
    --stats av-stats.json > av-run.log 2>&1 &
av_pid=$!
# The kiosk's audio thread plays (silence until the clip) from its start-up line on.
wait_for av-run.log 300 'audio: plughw' || log "the kiosk opened no sound device"
touch av-start
wait_for av-capture.log 120 'capturing' || log "the lip-sync capture did not start"
wait_for av-run.log 900 '"event":"ended"' || log "the clip did not end"
kill -TERM $av_pid
wait $av_pid
echo $? > av-run.status
touch av-stop
wait $cap_pid
python3 "$GB_VM/audio/av_offset.py" av-flips.tsv av-onsets.json av-offset.json > av-offset.log 2>&1
echo $? > av-offset.status
cat av-capture.log av-offset.log

# 5. the soak (bench only)
soak=${GB_AUDIO_SOAK_S:-0}
if [ "$soak" -gt 0 ]; then
    sed 's/"loop": false/"loop": true/' av/av.json > av/av-loop.json
    "$GB_BIN" run av/av-loop.json --display kms --audio plughw:Loopback,0,0 --full-redraw --stats soak-stats.json \
        > soak-run.log 2>&1 &
    soak_pid=$!
    wait_for soak-run.log 300 'kms: first frame' || log "soak: no first frame"
    # CPU ticks (utime + stime) of each named thread, and the uptime, at the start and the end.
    threads() {
        for t in /proc/$soak_pid/task/*; do
            echo "$(cat "$t/comm") $(cut -d' ' -f14,15 "$t/stat")"
        done
    }
    echo "uptime $(cut -d' ' -f1 /proc/uptime)" > soak-cpu-start.txt; threads >> soak-cpu-start.txt
    log "soak: $soak s of the looping clip with --full-redraw from $(elapsed) s"
    sleep "$soak"
    echo "uptime $(cut -d' ' -f1 /proc/uptime)" > soak-cpu-end.txt; threads >> soak-cpu-end.txt
    echo "ticks per second $(getconf CLK_TCK)" >> soak-cpu-end.txt
    kill -TERM $soak_pid
    wait $soak_pid
    echo $? > soak-run.status
    log "soak ended at $(elapsed) s"
fi

