#!/usr/bin/env bash
# Speech latency (issue 39's figures): a control `speak` to the first non-zero sample (target
# ≤ 150 ms), and a user action (a tap through --input-fifo, stamped with CLOCK_MONOTONIC) to speech
# stopped (target ≤ 50 ms), from the kiosk's own accessibility events, each checked against the
# --audio-out WAV. Headless with --audio none: the mix is paced by the monotonic clock and
# nothing is queued in a device, so these are MIX times (where the sample sits in the paced mix);
# a real card adds its buffer (30 ms with AudioTuning's 3 periods) to both.
# With MODE `keys` the figure is the issue's own, key press → start of speech: a navigation key
# (Right) on a keypad FIFO (`run --keypad-fifo`, stamped CLOCK_MONOTONIC) moves the focus over a
# board of three buttons in speech mode and the focused gadget's speech is timed from the key's
# time; the user action that stops it is a key that navigates nothing (F2).
#   bench/speech-latency.sh [BINARY] [N] [speak|keys]   (default: the debug build, 20 rounds, speak)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)/gadgetboard}
n=${2:-20}
mode=${3:-speak}
case $mode in speak|keys) ;; *) echo "speech-latency: MODE is speak or keys" >&2; exit 2 ;; esac
# shellcheck source=bench/conditions.sh
. bench/conditions.sh
work=$(mktemp -d)
pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
bench_conditions speech-latency "$bin"
echo "# speech program: $(dirname "$bin")/gadgetboard-speech (beside the kiosk; it has no --version)"
echo "# espeak-ng: $(dpkg-query -W -f='${Package} ${Version}, ' libespeak-ng1 espeak-ng-data 2>/dev/null | sed 's/, $//')"
cat >"$work/board.json" <<'JSON'
{"size":[800,480],"lang":"en","gadgets":[
  {"id":"buy","color":"#2060c0","center":[400,240],"size":[800,480],"label":"Buy a ticket","action":{"emit":"buy"}}]}
JSON
if [[ $mode == keys ]]; then
    cat >"$work/board.json" <<'JSON'
{"size":[800,480],"lang":"en","gadgets":[
  {"id":"timetable","color":"#2060c0","center":[150,240],"size":[220,120],"label":"Timetable","action":{"emit":"timetable"}},
  {"id":"tickets","color":"#2060c0","center":[400,240],"size":[220,120],"label":"Buy a ticket","action":{"emit":"buy"}},
  {"id":"staff","color":"#2060c0","center":[650,240],"size":[220,120],"label":"Call staff","action":{"emit":"staff"}}]}
JSON
    mkfifo "$work/keypad"
    "$bin" run "$work/board.json" --display headless --audio none --audio-out "$work/speech.wav" \
        --control "$work/ctl.sock" --keypad-fifo "$work/keypad" --duration $((n * 3 + 30)) >"$work/run.out" 2>"$work/run.log" &
    pid=$!
    python3 bench/speech-driver.py --keys "$work/ctl.sock" "$work/keypad" "$work/speech.wav" "$n"
else
    mkfifo "$work/touch"
    "$bin" run "$work/board.json" --display headless --audio none --audio-out "$work/speech.wav" \
        --control "$work/ctl.sock" --input-fifo "$work/touch" --duration $((n * 3 + 30)) >"$work/run.out" 2>"$work/run.log" &
    pid=$!
    python3 bench/speech-driver.py "$work/ctl.sock" "$work/touch" "$work/speech.wav" "$n"
fi
grep -E "speech:|audio:" "$work/run.log" | sed 's/^/#   /' || true
