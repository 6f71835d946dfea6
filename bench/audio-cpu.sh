#!/usr/bin/env bash
# The audio thread's CPU (issue 37's figure: ≤ 1 % of a core) in a headless kiosk, three ways:
# --audio none; --audio none --audio-out (a WAV write per 10 ms chunk); and ALSA's default PCM
# redefined as the file plugin (ALSA_CONFIG_PATH; the real snd_pcm_writei path, no card needed)
# with --audio-out. Each: utime+stime of the thread named gb-audio (/proc/PID/task/TID/stat
# fields 14 and 15, 10 ms ticks) over 60 s from the moment it exists, and its wakeups.
#   bench/audio-cpu.sh [BINARY]   (default: the release build, swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build -c release --show-bin-path)/gadgetboard}
# shellcheck source=bench/conditions.sh
. bench/conditions.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_conditions audio-cpu "$bin"

measure() {
  local label=$1 environment=$2; shift 2
  env ${environment:+"$environment"} "$bin" run --display headless --duration 100 "$@" >"$work/run.log" 2>&1 &
  local pid=$! tid=""
  for _ in $(seq 1 120); do
    for t in "/proc/$pid/task/"*; do [[ $(cat "$t/comm" 2>/dev/null) == gb-audio ]] && tid=${t##*/}; done
    [[ -n $tid ]] && break
    sleep 0.5
  done
  [[ -n $tid ]] || { echo "$label: no gb-audio thread"; kill "$pid"; return 1; }
  snap() { local f; read -r -a f <"/proc/$pid/task/$tid/stat"; echo "$((f[13] + f[14])) $(awk '/^voluntary_ctxt_switches/{print $2}' "/proc/$pid/task/$tid/status") $(date +%s.%N)"; }
  local c0 w0 t0 c1 w1 t1
  read -r c0 w0 t0 < <(snap)
  sleep 60
  read -r c1 w1 t1 < <(snap)
  kill -TERM "$pid"; wait "$pid" || true
  awk -v l="$label" -v c="$((c1 - c0))" -v w="$((w1 - w0))" -v t0="$t0" -v t1="$t1" \
    'BEGIN { dt = t1 - t0; printf "%s: gb-audio %d ticks of 10 ms in %.1f s = %.2f %% of a core; %.1f wakeups/s\n", l, c, dt, c / dt, w / dt }'
  grep "audio:" "$work/run.log" | sed 's/^/#   /'
}

measure "none" "" --audio none
measure "none + --audio-out" "" --audio none --audio-out "$work/none.wav"
printf '</usr/share/alsa/alsa.conf>\npcm.!default { type file; slave.pcm "null"; file "%s"; format "raw" }\n' "$work/pcm.raw" >"$work/asoundrc"
measure "ALSA file plugin + --audio-out" "ALSA_CONFIG_PATH=$work/asoundrc" --audio-out "$work/file.wav"
