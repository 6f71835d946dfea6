#!/bin/bash
# The audio thread's CPU (issue 37: ≤ 1 % of a core beyond FFmpeg's own audio decode), on this
# machine: a looping clip with sound (Tests/vm/audio/make-av-clip.sh: a beep a second over a
# flashing picture) played by `run --display headless --audio none --audio-out FILE.wav` (the mix
# paced by the clock in real time, as on a card) for SECONDS, with the board redrawn in full every
# frame. The CPU ticks of each named thread (/proc/PID/task/TID/stat: utime + stime) are read
# after the first 5 s and at the end: gb-audio is the mixing thread, gb-soundtrack the clip's sound
# decode (FFmpeg's decode and libswresample: not counted in the target), the rest for context.
#
# usage: bench/audio-cpu-soundtrack.sh BIN SECONDS LOG   (bench/audio-cpu.sh measures the idle mix)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; seconds=$2; log=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exec > >(tee "$log") 2>&1
. "$here/conditions.sh"; bench_conditions audio-cpu-soundtrack "$bin"
"$here/../Tests/vm/audio/make-av-clip.sh" "$work" 20
sed 's/"loop": false/"loop": true/' "$work/av.json" > "$work/loop.json"
echo "\$ $bin run loop.json --display headless --size 800x480 --audio none --audio-out mix.wav --full-redraw --duration $((seconds + 10))"
"$bin" run "$work/loop.json" --display headless --size 800x480 --audio none --audio-out "$work/mix.wav" --full-redraw \
    --duration $((seconds + 10)) --stats "$work/stats.json" > "$work/run.log" 2>&1 &
pid=$!
sleep 5
ticks() { for t in /proc/$pid/task/*; do echo "$(cat "$t/comm") $(cut -d' ' -f14,15 "$t/stat")"; done | sort; }
t0=$(date +%s.%N); ticks > "$work/start.txt"
sleep "$seconds"
t1=$(date +%s.%N); ticks > "$work/end.txt"
wait $pid || true
hz=$(getconf CLK_TCK)
python3 - "$work/start.txt" "$work/end.txt" "$t0" "$t1" "$hz" <<'PY'
import sys
def read(p):
    d = {}
    for line in open(p):
        name, u, s = line.split()
        d.setdefault(name, 0)
        d[name] += int(u) + int(s)
    return d
a, b = read(sys.argv[1]), read(sys.argv[2])
wall = float(sys.argv[4]) - float(sys.argv[3]); hz = int(sys.argv[5])
print(f"over {wall:.1f} s of wall time ({hz} ticks a second), CPU by thread name, % of one core:")
for name in sorted(b, key=lambda n: -(b[n] - a.get(n, 0))):
    print(f"  {name:16s} {100 * (b[name] - a.get(name, 0)) / hz / wall:6.2f} %")
PY
grep -E '^audio:|underrun' "$work/run.log" | head -5
python3 -c "import json,sys; s=json.load(open('$work/stats.json')); print('stats audio:', s.get('audio'))"
