#!/bin/sh
# CPU (and resident memory) of a whole kiosk showing live data: the real `gadgetboard run`,
# headless (Mesa llvmpipe, EGL surfaceless), an 800x480 board with N HTTP sources polled every
# EVERY seconds on a loopback http.server (bench/live-data-server.py: 200 with a value that
# changes on every request, and an ETag) bound to N texts, plus a `{time|%H:%M:%S}` clock.
# Reads the kiosk's CPU time (utime+stime of /proc/PID/stat) and VmRSS every INTERVAL seconds.
#
# Usage: bench/live-data-kiosk-cpu.sh [SECONDS [N [EVERY [INTERVAL]]]]
#   GADGETBOARD=path/to/gadgetboard (default .build/debug/gadgetboard, copied so a rebuild
#   during the run cannot touch it). Prints one line per sample and a summary; the number of
#   polls is the loopback server's count (no --metrics file: rewriting it every second would be
#   a cost of its own).
set -eu
SECONDS_TOTAL=${1:-3600}; N=${2:-10}; EVERY=${3:-10}; INTERVAL=${4:-60}
here=$(cd "$(dirname "$0")" && pwd)
bin=${GADGETBOARD:-$here/../.build/debug/gadgetboard}
work=$(mktemp -d /tmp/live-data-cpu.XXXXXX)
cp "$bin" "$work/gadgetboard"
python3 "$here/live-data-server.py" "$work/port" >/dev/null 2>&1 &
server=$!
kiosk=
cleanup() { [ -n "$kiosk" ] && kill "$kiosk" 2>/dev/null; kill "$server" 2>/dev/null; wait 2>/dev/null; }
trap cleanup EXIT INT TERM
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions live-data-kiosk-cpu "$bin"
i=0; while [ ! -s "$work/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
port=$(cat "$work/port")
python3 "$here/live-data-board.py" "$port" "$N" "$EVERY" "$work/board.json"
"$work/gadgetboard" run --display headless --no-watch --input /nonexistent \
    --stats "$work/stats.json" --duration $((SECONDS_TOTAL + 30)) "$work/board.json" >"$work/kiosk.log" 2>&1 &
kiosk=$!
tck=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$kiosk/stat"; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$kiosk/status"; }
# Start-up (EGL, fonts, atlas) is not the steady state: the first sample is taken after 10 s.
sleep 10
echo "live-data-cpu: $(date -u +%FT%TZ) kiosk pid $kiosk, $N sources every $EVERY s + a seconds clock, 800x480 headless llvmpipe, $(nproc) cores shared, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "live-data-cpu: binary $bin ($(file -b "$bin" | cut -d, -f1)); CLK_TCK $tck"
t0=$(date +%s.%N); c0=$(cpu)
echo "sample t_s=0 cpu_ticks=$c0 rss_kib=$(rss) load=$(cut -d' ' -f1 /proc/loadavg)"
elapsed=0
while [ "$elapsed" -lt "$SECONDS_TOTAL" ]; do
    step=$INTERVAL; [ $((elapsed + step)) -gt "$SECONDS_TOTAL" ] && step=$((SECONDS_TOTAL - elapsed))
    sleep "$step"; elapsed=$((elapsed + step))
    kill -0 "$kiosk" 2>/dev/null || { echo "live-data-cpu: the kiosk exited early"; cat "$work/kiosk.log"; exit 1; }
    t=$(date +%s.%N); c=$(cpu)
    echo "sample t_s=$(echo "$t - $t0" | bc) cpu_ticks=$c rss_kib=$(rss) load=$(cut -d' ' -f1 /proc/loadavg)"
done
t1=$(date +%s.%N); c1=$(cpu)
fetches=$(python3 -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:$port/count').read().decode())")
kill "$kiosk"; wait "$kiosk" 2>/dev/null || true; kiosk=
frames=$(python3 -c "import json; d=json.load(open('$work/stats.json')); print(d['framesPresented'])" 2>/dev/null || echo '?')
echo "$c0 $c1 $t0 $t1 $tck $fetches $frames" | awk '{ cpu = ($2 - $1) / $5; wall = $4 - $3;
    printf "live-data-cpu: cpu %.2f s over %.1f s wall = %.3f %% of one core (%.1f s per hour); %s polls served; frames presented %s\n", cpu, wall, 100 * cpu / wall, 3600 * cpu / wall, $6, $7 }'
echo "live-data-cpu: kiosk log:"; sed 's/^/  /' "$work/kiosk.log" | tail -20
rm -rf "$work"
