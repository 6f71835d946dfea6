#!/usr/bin/env bash
# Measures bench/sdl-board.c, the board workload written with SDL2 as a user would write it (issue
# 17, item 5): the exported demo board (backdrop, 8 images, 2 rotated colour quads, the first
# photo moving in a circle) drawn with SDL2's GLES2 renderer, headless, every frame finished.
#
#   - the board is what `gadgetboard demo --export DIR` writes, so SDL draws the same images at
#     the same poses as gadgetboard;
#   - every frame is finished: SDL's offscreen driver swaps a pbuffer (a no-op), so its EGL is
#     loaded through bench/egl-finish-shim.c (glFinish, then the real eglSwapBuffers), built and
#     checked as bench/compare-sdl.sh does (bench/sdl-board-build.sh, shared with
#     bench/compare-board.sh); sdl-board itself refuses to run unless that shim
#     provides the eglSwapBuffers SDL calls and the renderer is opengles2;
#   - sdl-board runs 30 warm-up frames, then N measured ones, and reports fps (CLOCK_MONOTONIC)
#     and CPU ms per frame (getrusage: the whole process, every thread, llvmpipe's included);
#   - glibc's default heap settings (as the program ships);
#   - every size x filter runs once per round, in an order rotated each round, so background load
#     hits every configuration alike; the figures are medians over rounds.
#
# Usage: bench/sdl-board.sh [--rounds N] [--frames N] [--sizes 1920x1080,1280x720]
#                           [--filters nearest,linear] [--batching] [--out FILE.tsv]
#   --batching: SDL_HINT_RENDER_BATCHING=1 (SDL turns batching off when a renderer is named).
# Environment: GADGETBOARD (default .build/release/gadgetboard, built if missing).
# Debian packages: gcc pkg-config libegl-dev libsdl2-dev libsdl2-image-dev libcjson-dev
#                  (and Mesa's llvmpipe, libegl-mesa0, for headless GLES2).
set -euo pipefail

rounds=3 frames=600 sizes=1920x1080,1280x720 filters=nearest,linear batching=() out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --filters) filters=$2; shift 2 ;;
        --batching) batching=(--batching); shift ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "sdl-board: unknown argument $1" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
gb=${GADGETBOARD:-$root/.build/release/gadgetboard}
if [ ! -x "$gb" ]; then
    echo "sdl-board: building gadgetboard (release)" >&2
    (cd "$root" && swift build -c release --product gadgetboard >&2)
fi
work=$(mktemp -d /tmp/sdl-board.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions sdl-board "$gb"
prog=sdl-board
# shellcheck source=bench/sdl-board-build.sh
. "$here/sdl-board-build.sh"
sdl_board_build

# One run prints "FPS CPU_MS_PER_FRAME", or nothing (and its errors) if it failed.
run() { # size filter
    local flags=()
    [ "$2" = linear ] && flags=(--linear)
    sdl_board_run "$1" "$frames" "${flags[@]}" "${batching[@]}"
}

configs=()
for s in ${sizes//,/ }; do for f in ${filters//,/ }; do configs+=("$s/$f"); done; done
results=$work/results.tsv
: > "$results"
echo "sdl-board: $rounds rounds x ${#configs[@]} configurations, $frames frames each (+30 warm-up), batching $([ ${#batching[@]} -gt 0 ] && echo on || echo off); $(nproc) CPUs; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
sdl_board_renderer "${batching[@]}" >&2
for r in $(seq 1 "$rounds"); do
    set -- "${configs[@]}"
    for _ in $(seq 2 "$r"); do set -- "${@:2}" "$1"; done
    for c in "$@"; do
        size=${c%/*} filter=${c#*/}
        if ! figures=$(run "$size" "$filter") || [ -z "$figures" ]; then
            echo "sdl-board: round $r $size $filter produced no figure; left out" >&2
            continue
        fi
        read -r fps cpu <<<"$figures"
        printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$size" "$filter" "$fps" "$cpu" >> "$results"
        echo "round $r $size $filter: $fps fps, $cpu ms cpu/frame; load $(cut -d' ' -f1 /proc/loadavg)" >&2
    done
done

echo
echo "sdl-board medians over $rounds rounds ($frames frames, every frame finished; load at end: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "fps: frames per second (wall clock); cpu: CPU ms per frame of the whole process, all threads"
printf '  %-10s %-8s %8s %10s\n' size filter fps "cpu ms"
for c in "${configs[@]}"; do
    size=${c%/*} filter=${c#*/}
    m() { awk -v s="$size" -v f="$filter" -v c="$1" -F'\t' '$2 == s && $3 == f { print $c }' "$results" | median; }
    printf '  %-10s %-8s %8.2f %10.1f\n' "$size" "$filter" "$(m 4)" "$(m 5)"
done
if [ -n "$out" ]; then cp "$results" "$out"; echo "per-run figures (round, size, filter, fps, cpu ms/frame): $out"; fi
