#!/bin/bash
# Lip sync and underruns (issue 37, docs/BENCHMARKS.md "Lip sync" and "Underruns") on a host
# without a sound card and without the VM: the kiosk plays into ALSA's `pulse` PCM
# (libasound2-plugins), a private PulseAudio daemon's null sink (module-null-sink) consumes it
# in real time on its own clock, and the sink's monitor source is heard back (pulse_onsets.py).
# The VM (QEMU/TCG) draws a frame every 0.5-1.5 s and cannot give these figures.
#
#  1. lip sync: Tests/vm/audio/make-av-clip.sh's clip (a white flash and a 1 kHz beep for 100 ms at
#     the start of every second) in `run --display headless --audio pulse --video-flip-log`;
#     Tests/vm/audio/av_offset.py pairs each flash's flip with its beep's onset at the sink.
#       flip_us: the headless stand-in flip of the frame that first showed a white picture of that
#         second: the 60 Hz cadence slot in which llvmpipe finished the frame (FramePacer). There
#         is no scanout: a panel adds its own scanout and response after the flip, not counted.
#       beep: when the null sink consumed the beep's first sample (what a card would play then),
#         as heard through the monitor: CLOCK_MONOTONIC at the capture's read minus the capture's
#         snd_pcm_delay; PulseAudio's own latency estimate for the record stream is in it.
#       offset = beep - flip (positive: the sound is late). Not included: a DAC's or HDMI sink's
#         latency, the panel's scanout; included: the kiosk's audio clock (snd_pcm_delay through
#         the pulse plugin), its choice of picture, the loop's pacing on this loaded host.
#  2. tap → sound (--taps N, default 20): Tests/vm/audio/board.json (a button with the board's
#     tapSound) in `run --display headless --audio pulse --input-fifo`; bench/tap_sound_pulse.py
#     taps it N times and pairs each lift (CLOCK_MONOTONIC when written into the FIFO, the
#     stand-in for a touch's kernel stamp) with the click's onset at the sink (as the beep above).
#  2b. key → speech (--keys N, default 20): three buttons in `--speech on` with `--keypad-fifo`;
#     bench/key_speech_pulse.py presses Right N times (each press stamped CLOCK_MONOTONIC) and
#     pairs it with the focused gadget's speech onset at the sink (issue 39's key → speech,
#     including the sound path after the mix, which bench/speech-latency.sh leaves out).
#  3. underruns: the same clip looping for --soak seconds while the board is redrawn in full at
#     every frame (`--full-redraw`, drawing continuously: `--frames` with a large N and
#     `--duration`); the underruns are --stats' audio.underruns.
#
# usage: bench/av-sync-pulse.sh [--seconds 60] [--taps 20] [--keys 20] [--soak 600] [--out DIR] [--bin PATH]
#        (default --bin: .build/release/gadgetboard, built first: the figures are of a release
#        build; default --out docs/benchmarks/av-sync-pulse-COMMIT)
# Needs: pulseaudio, libasound2-plugins, ffmpeg, python3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=60 taps=20 keys=20 soak=600 out="" bin=""
while [ $# -gt 0 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --taps) taps=$2; shift 2 ;;
        --keys) keys=$2; shift 2 ;;
        --soak) soak=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "av-sync-pulse: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    echo "av-sync-pulse: building the release binary (swift build -c release --product gadgetboard)" >&2
    (cd "$root" && nice -n 5 swift build -c release --product gadgetboard > /dev/null)
    bin=$root/.build/release/gadgetboard
fi
[ -x "$bin" ] || { echo "av-sync-pulse: no gadgetboard at $bin" >&2; exit 2; }
for tool in pulseaudio pactl ffmpeg python3; do
    command -v "$tool" > /dev/null || { echo "av-sync-pulse: $tool is missing (apt-get install pulseaudio libasound2-plugins ffmpeg)" >&2; exit 2; }
done
[ -e /usr/lib/x86_64-linux-gnu/alsa-lib/libasound_module_pcm_pulse.so ] || [ -n "$(find /usr/lib -name libasound_module_pcm_pulse.so 2>/dev/null | head -n 1)" ] \
    || { echo "av-sync-pulse: ALSA's pulse PCM is missing (apt-get install libasound2-plugins)" >&2; exit 2; }
out=${out:-$root/docs/benchmarks/av-sync-pulse-$(git -C "$root" rev-parse --short HEAD)}
mkdir -p "$out"
exec > >(tee "$out/bench.log") 2>&1

scratch=$(mktemp -d)
pa_pid="" kiosk_pid="" cap_pid="" keeper_pid=""
cleanup() {
    for p in $kiosk_pid $cap_pid $keeper_pid $pa_pid; do kill "$p" 2>/dev/null || true; done
    # Only these: a bare `wait` also waits for the `tee` of the log's process substitution,
    # which waits for this shell's output to close (the script hung at its end).
    for p in $kiosk_pid $cap_pid $keeper_pid $pa_pid; do wait "$p" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
. "$root/bench/conditions.sh"; bench_conditions av-sync-pulse "$bin"
echo "# pulseaudio: $(pulseaudio --version 2>/dev/null); libasound2-plugins $(dpkg-query -W -f='${Version}' libasound2-plugins 2>/dev/null)"

# A private PulseAudio: its own runtime directory and socket, nothing else's sound.
export HOME=$scratch XDG_RUNTIME_DIR=$scratch/rt PULSE_SERVER=unix:$scratch/native PULSE_SINK=gbnull PULSE_SOURCE=gbnull.monitor
mkdir -p "$XDG_RUNTIME_DIR"
pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no --log-target=stderr \
    -L "module-null-sink sink_name=gbnull rate=48000 channels=2 format=float32le" \
    -L "module-native-protocol-unix auth-anonymous=1 socket=$scratch/native" > "$out/pulseaudio.log" 2>&1 &
pa_pid=$!
for _ in $(seq 100); do pactl info > /dev/null 2>&1 && break; sleep 0.1; done
pactl info > /dev/null || { echo "av-sync-pulse: PulseAudio did not start (pulseaudio.log)" >&2; exit 1; }
# Keep the null sink running with a stream of zeros (heard as nothing in its monitor). A new
# stream into an idle null sink went unconsumed for 1.4-1.7 s (the kiosk's first second lost, with
# a false "pulse went away" line); with this stream playing first and nothing capturing, it
# started at once (more than ten starts). With this bench's monitor capture running the line still comes in
# some starts (docs/audio.md): the cause is not settled.
pacat --playback --raw --format=float32le --rate=48000 --channels=2 < /dev/zero > "$out/keeper.log" 2>&1 &
keeper_pid=$!
sleep 3  # the keeper's own first 1.4-1.7 s are not consumed either: past them, the sink runs steadily
echo "# sink: $(pactl list short sinks | tr '\t' ' '); kept running by a stream of zeros (pid $keeper_pid)"

wait_for() {  # wait_for FILE SECONDS PATTERN
    local i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}

# 1. lip sync
if [ "$seconds" -gt 0 ]; then
    "$root/Tests/vm/audio/make-av-clip.sh" "$scratch/av" "$seconds"
    rm -f "$scratch/start" "$scratch/stop"
    python3 "$root/bench/pulse_onsets.py" "$scratch/start" "$scratch/stop" "$out/av-onsets.json" > "$out/av-capture.log" 2>&1 &
    cap_pid=$!
    touch "$scratch/start"
    wait_for "$out/av-capture.log" 60 'capturing' || echo "av-sync-pulse: the capture did not start"
    echo "# lip sync: $seconds s clip, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
    # Headless with nothing asked of it the kiosk draws one frame and exits: --duration keeps it
    # running past the clip's end (the clip is not looped: its last second is its last flash).
    "$bin" run "$scratch/av/av.json" --display headless --audio pulse --events --video-flip-log "$out/av-flips.tsv" \
        --duration $((seconds + 3)) --stats "$out/av-stats.json" > "$out/av-run.log" 2>&1 &
    kiosk_pid=$!
    wait "$kiosk_pid" || true; kiosk_pid=""
    grep -q '"event":"ended"' "$out/av-run.log" || echo "av-sync-pulse: the clip did not end within --duration"
    touch "$scratch/stop"; wait "$cap_pid" || true; cap_pid=""
    echo "# lip sync: load average $(cut -d' ' -f1-3 /proc/loadavg) after"
    cat "$out/av-capture.log"
    python3 "$root/Tests/vm/audio/av_offset.py" "$out/av-flips.tsv" "$out/av-onsets.json" "$out/av-offset.json" || true
    grep -h '^audio:\|underrun' "$out/av-run.log" | head -n 5 || true
    python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print("# lip sync run: audio", json.dumps(s.get("audio")))' "$out/av-stats.json" || true
    rm -f "$out/av-onsets.wav"   # 60 s of float WAV: made again by the script
fi

# 2. tap → sound
if [ "$taps" -gt 0 ]; then
    mkdir -p "$scratch/tap"; cp "$root/Tests/vm/audio/board.json" "$root/Tests/vm/audio/click.wav" "$scratch/tap/"
    mkfifo "$scratch/tap/touch"
    echo "# tap → sound: $taps taps, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
    "$bin" run "$scratch/tap/board.json" --display headless --audio pulse --input-fifo "$scratch/tap/touch" \
        --duration $((taps * 2 + 10)) --stats "$out/tap-stats.json" > "$out/tap-run.log" 2>&1 &
    kiosk_pid=$!
    # The button "order" is centred at (200, 360) of 800x480: on the FIFO's 0…4095 axes
    # (1024, 3071). The driver opens the FIFO, which the kiosk reads once it runs.
    python3 "$root/bench/tap_sound_pulse.py" "$scratch/tap/touch" "$taps" "$out/tap-sound.json" 1024 3071 || true
    kill "$kiosk_pid" 2>/dev/null || true; wait "$kiosk_pid" 2>/dev/null || true; kiosk_pid=""
    echo "# tap → sound: load average $(cut -d' ' -f1-3 /proc/loadavg) after"
    grep -h '^audio:' "$out/tap-run.log" | head -n 3 || true
fi

# 2b. key → speech: three buttons in speech mode (the board of bench/speech-latency.sh keys);
# Right on the keypad FIFO moves the focus and says the next one; bench/key_speech_pulse.py hears
# it at the sink. The speech program must be beside the kiosk (a release build has both).
if [ "$keys" -gt 0 ]; then
    mkdir -p "$scratch/keys"; mkfifo "$scratch/keys/keypad"
    cat > "$scratch/keys/board.json" <<'JSON'
{"size":[800,480],"lang":"en","gadgets":[
  {"id":"timetable","color":"#2060c0","center":[150,240],"size":[220,120],"label":"Timetable","action":{"emit":"timetable"}},
  {"id":"tickets","color":"#2060c0","center":[400,240],"size":[220,120],"label":"Buy a ticket","action":{"emit":"buy"}},
  {"id":"staff","color":"#2060c0","center":[650,240],"size":[220,120],"label":"Call staff","action":{"emit":"staff"}}]}
JSON
    echo "# key → speech: $keys keys, speech program $(ls "$(dirname "$bin")/gadgetboard-speech" 2>&1), load average $(cut -d' ' -f1-3 /proc/loadavg) before"
    "$bin" run "$scratch/keys/board.json" --display headless --audio pulse --speech on --keypad-fifo "$scratch/keys/keypad" \
        --duration $((keys * 2 + 10)) --stats "$out/keys-stats.json" > "$out/keys-run.log" 2>&1 &
    kiosk_pid=$!
    python3 "$root/bench/key_speech_pulse.py" "$scratch/keys/keypad" "$keys" "$out/key-speech.json" || true
    kill "$kiosk_pid" 2>/dev/null || true; wait "$kiosk_pid" 2>/dev/null || true; kiosk_pid=""
    echo "# key → speech: load average $(cut -d' ' -f1-3 /proc/loadavg) after"
    grep -h '^audio:\|speech' "$out/keys-run.log" | head -n 3 || true
fi

# 3. underruns
if [ "$soak" -gt 0 ]; then
    sed 's/"loop": false/"loop": true/' "$scratch/av/av.json" > "$scratch/av/av-loop.json"
    echo "# soak: $soak s, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
    "$bin" run "$scratch/av/av-loop.json" --display headless --audio pulse --full-redraw --frames 100000000 --duration "$soak" \
        --stats "$out/soak-stats.json" > "$out/soak-run.log" 2>&1 &
    kiosk_pid=$!
    # The host's load every 30 s while it runs (other work on the machine is the soak's weather).
    ( while kill -0 "$kiosk_pid" 2>/dev/null; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done ) > "$out/soak-load.log" &
    wait "$kiosk_pid" || true; kiosk_pid=""
    echo "# soak: load average $(cut -d' ' -f1-3 /proc/loadavg) after"
    python3 - "$out/soak-stats.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
a = s.get("audio") or {}
keys = ("framesPresented", "durationSeconds", "missedVblanks")
print("# soak: underruns", a.get("underruns"), "| audio", json.dumps(a), "|", ", ".join(f"{k} {s.get(k)}" for k in keys if k in s))
PY
fi
