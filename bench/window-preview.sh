#!/usr/bin/env bash
# The desktop preview window's cost under Xvfb (no GPU: Mesa's llvmpipe), against headless at
# the same size, and what an idle window costs. Per-frame CPU is the difference of two runs
# (N2 and N1 frames) divided by N2 − N1, so start-up (board, images, window) drops out.
#   bench/window-preview.sh [BUILD_CONFIG] > docs/benchmarks/window-preview.log
# Needs Xvfb and GNU time (scripts/install-deps.sh --test; apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
swift build -c "$config" --product gadgetboard >/dev/null 2>&1
bin="$(swift build -c "$config" --show-bin-path)/gadgetboard"
work=$(mktemp -d)
Xvfb -displayfd 5 -screen 0 1920x1080x24 -nolisten tcp 5>"$work/display" 2>/dev/null &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions window-preview "$bin"
until [[ -s $work/display ]]; do sleep 0.1; done
DISPLAY=":$(head -n1 "$work/display")"
export DISPLAY
echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, build $config, $("$bin" --version 2>/dev/null || echo gadgetboard)"
echo "# Xvfb $DISPLAY; load average $(cut -d' ' -f1-3 /proc/loadavg)"

measure() {  # measure LABEL ARGS…: CPU seconds (user+sys) and wall seconds of one run, and its stats
  local label=$1; shift
  /usr/bin/time -f "%U %S %e" -o "$work/time" "$bin" run "$@" --stats "$work/stats.json" 2>"$work/log" >/dev/null
  read -r user sys wall <"$work/time"
  echo "$label cpu_user=$user cpu_sys=$sys wall=$wall stats=$(cat "$work/stats.json")"
}

# The window draws every frame whole (SDL gives no buffer age); headless with --full-redraw does
# the same drawing without the window, so the difference is what presenting to X costs.
for size in 800x600 1280x800; do
  for variant in window headless headless-full; do
    case $variant in
      window) args=(--display window --window-size "$size") ;;
      headless) args=(--display headless --size "$size") ;;
      headless-full) args=(--display headless --size "$size" --full-redraw) ;;
    esac
    for frames in 60 300; do
      measure "demo $variant $size frames=$frames" "${args[@]}" --frames "$frames"
    done
  done
done
# Idle: the window open, nothing moving, for 2 s and for 12 s.
for seconds in 2 12; do
  measure "demo window 800x600 idle duration=$seconds" --display window --window-size 800x600 --duration "$seconds"
done
