#!/usr/bin/env bash
# The MQTT figures of docs/BENCHMARKS.md: (1) command round trip broker -> presented frame on
# loopback (bench/mqtt-roundtrip.py against a headless kiosk), (2) the CPU cost of MQTT on an
# idle kiosk: two idle headless kiosks side by side for SECONDS, one with --mqtt and one without,
# utime+stime from /proc/PID/stat over the same interval (after a settling period).
# Logs go to docs/benchmarks/mqtt-*.log. Needs mosquitto and python3-paho-mqtt (Debian's, so
# /usr/bin/python3 rather than whatever python3 is first on PATH).
#   bench/mqtt-figures.sh [SECONDS]   (default 60)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_IDLE=${1:-60}
BIN=${GADGETBOARD_BIN:-$(cd "$REPO" && swift build -c release --product gadgetboard >/dev/null && swift build -c release --show-bin-path)/gadgetboard}
OUT=$REPO/docs/benchmarks
WORK=$(mktemp -d /tmp/gadgetboard-mqtt-bench.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions mqtt-figures "$BIN"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# set_tcp_nodelay: without it the broker holds a small forwarded message back (Nagle) until the
# receiver ACKs the previous one; docs/mqtt.md recommends it for command latency.
printf 'user %s\nlistener %s 127.0.0.1\nallow_anonymous true\npersistence false\nset_tcp_nodelay true\n' "$(id -un)" "$PORT" > "$WORK/m.conf"
mosquitto -c "$WORK/m.conf" 2>"$WORK/broker.log" & pids+=($!)
until mosquitto_pub -h 127.0.0.1 -p "$PORT" -t bench/ping -m up 2>/dev/null; do sleep 0.1; done

header() {
    echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) (shared machine: other builds running)"
    echo "# binary: $BIN ($(git -C "$REPO" rev-parse --short HEAD))"
}

# (1) round trip
"$BIN" run --display headless --size 64x36 --duration 3600 --mqtt "mqtt://127.0.0.1:$PORT" --node rt 2>"$WORK/rt.log" & rt=$!; pids+=("$rt")
# Subscribed (clean session: requests published before would be lost) and the first frame shown.
until grep -q "connected to" "$WORK/rt.log" && grep -q "ready:" "$WORK/rt.log"; do sleep 0.1; done
{ header; echo "# command: bench/mqtt-roundtrip.py --port PORT --node rt --count 500 --warmup 50 (kiosk: run --display headless --size 64x36)"
  /usr/bin/python3 "$REPO/bench/mqtt-roundtrip.py" --port "$PORT" --node rt --count 500 --warmup 50; } > "$OUT/mqtt-roundtrip.log"
kill "$rt"; wait "$rt" 2>/dev/null || true
tail -1 "$OUT/mqtt-roundtrip.log"

# (2) idle CPU, with and without MQTT, side by side
"$BIN" run --display headless --duration 3600 --mqtt "mqtt://127.0.0.1:$PORT" --node idle 2>"$WORK/on.log" & on=$!; pids+=("$on")
"$BIN" run --display headless --duration 3600 2>"$WORK/off.log" & off=$!; pids+=("$off")
until grep -q "connected to" "$WORK/on.log" && grep -q "ready:" "$WORK/off.log"; do sleep 0.1; done
sleep 5  # start-up (first frame, image decoding) is not idle
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Wake-ups: context switches of every thread (a busy loop shows here even when it costs less
# than a clock tick).
switches() { cat /proc/"$1"/task/*/status | awk '/^(voluntary|nonvoluntary)_ctxt_switches/ {n += $2} END {print n}'; }
hz=$(getconf CLK_TCK)
a_on=$(ticks "$on"); a_off=$(ticks "$off"); w_on=$(switches "$on"); w_off=$(switches "$off"); t0=$(date +%s.%N)
sleep "$SECONDS_IDLE"
b_on=$(ticks "$on"); b_off=$(ticks "$off"); x_on=$(switches "$on"); x_off=$(switches "$off"); t1=$(date +%s.%N)
{ header
  echo "# command: bench/mqtt-figures.sh $SECONDS_IDLE: two idle headless demo-board kiosks, one with --mqtt (keep-alive 30 s, health every 30 s), one without"
  python3 - "$a_on" "$b_on" "$a_off" "$b_off" "$t0" "$t1" "$hz" <<'PY'
import sys
a_on, b_on, a_off, b_off, t0, t1, hz = map(float, sys.argv[1:])
wall = t1 - t0
for name, a, b in (("mqtt on", a_on, b_on), ("mqtt off", a_off, b_off)):
    cpu = (b - a) / hz
    print(f"{name}: {cpu:.2f} s CPU (utime+stime) over {wall:.1f} s wall = {100 * cpu / wall:.3f} % of a core")
print(f"difference: {((b_on - a_on) - (b_off - a_off)) / hz:.2f} s CPU over {wall:.1f} s (clock ticks of 1/{int(hz)} s)")
PY
  echo "context switches (all threads) over the interval: mqtt on $((x_on - w_on)), mqtt off $((x_off - w_off))"
  echo "# broker traffic from the idle kiosk over the interval: keep-alive PINGREQ every 30 s and the health message every 30 s"
} > "$OUT/mqtt-idle-cpu.log"
cat "$OUT/mqtt-idle-cpu.log"
