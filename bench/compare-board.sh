#!/usr/bin/env bash
# Compares the kiosk's typical frames (issue 17, item 5): `gadgetboard bench --workload board`
# with damage tracking, the same with --full-redraw, and bench/sdl-board.c (the same exported
# demo board drawn with SDL2's GLES2 renderer, the first photo moving round the same circle), on
# this machine, fairly:
#
#   - the same board at the same size (default 1920x1080), headless, every frame finished:
#     gadgetboard's headless present() is glFinish; SDL's EGL is loaded through
#     bench/egl-finish-shim.c (glFinish, then the real eglSwapBuffers), built and checked as
#     bench/compare-sdl.sh does (bench/sdl-board-build.sh, shared with bench/sdl-board.sh);
#   - frames as fast as they finish: gadgetboard's board workload runs the kiosk loop unpaced,
#     with a finger dragging the first photo round a circle of 200 board px, one turn per 2 s,
#     through the real input path (touch reports at 1000 Hz, faster than any frame rate here, so
#     every drag frame shows the photo moved); sdl-board moves it one turn per 120 frames;
#   - the figures compared are the drag's: --frames N measured frames after 20 warm-up frames
#     (sdl-board: N after 30). gadgetboard then flicks a gadget and leaves the board idle: its
#     figures over all measured frames and the frames drawn while idle are shown too;
#   - both programs with glibc's default heap settings (as `gadgetboard run` and sdl-board ship);
#   - CPU is the whole process's, every thread (llvmpipe's included), per frame;
#   - runs alternate (gadgetboard, gadgetboard --full-redraw, SDL2 linear, SDL2 nearest, in an
#     order rotated every round), so background load hits every program alike; the figures are
#     medians over rounds.
#
# Targets (issue 17): the drag costs <= 0.25x the CPU per frame of the full redraw and <= 0.33x
# SDL2's (linear filtering, as gadgetboard samples), and holds 60 fps at 1920x1080 where the
# full redraw does not; an idle board draws nothing.
#
# Usage: bench/compare-board.sh [--rounds N] [--frames N] [--size WxH] [--out FILE.tsv]
#                               [--json-dir DIR] [--before BIN]
#   --out: the per-run figures; --json-dir: every gadgetboard run's JSON report.
#   --before: a second gadgetboard binary (an older build) run in the same rotation, with and
#     without --full-redraw ("before", "before-full-redraw"), so load hits both builds alike;
#     the summary then compares each build's drag with SDL2's in the same rounds.
# Environment: GADGETBOARD (default .build/release/gadgetboard, built if missing).
set -euo pipefail

rounds=3 frames=600 size=1920x1080 out="" json_dir="" before=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --json-dir) json_dir=$2; shift 2 ;;
        --before) before=$2; shift 2 ;;
        -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
        *) echo "compare-board: unknown argument $1" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
gb=${GADGETBOARD:-$root/.build/release/gadgetboard}
if [ ! -x "$gb" ]; then
    echo "compare-board: building gadgetboard (release)" >&2
    (cd "$root" && swift build -c release --product gadgetboard >&2)
fi
command -v python3 > /dev/null || { echo "compare-board: python3 reads gadgetboard's JSON: apt-get install python3" >&2; exit 1; }
work=$(mktemp -d /tmp/compare-board.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions compare-board "$gb"
prog=compare-board
# shellcheck source=bench/sdl-board-build.sh
. "$here/sdl-board-build.sh"
sdl_board_build
[ -n "$json_dir" ] && mkdir -p "$json_dir"

if [ -n "$before" ] && [ ! -x "$before" ]; then echo "compare-board: --before $before is not an executable" >&2; exit 2; fi

# gadgetboard: "DRAG_FPS DRAG_CPU ALL_FPS ALL_CPU REDRAWN IDLE_FRAMES" from its JSON report.
run_gb() { # round name [--full-redraw]
    local r=$1 name=$2; shift 2
    local json=$work/gb.json bin=$gb
    case $name in before*) bin=$before ;; esac
    "$bin" bench --workload board --size "$size" --frames "$frames" "$@" --json > "$json" 2> "$work/gb.err" || { cat "$work/gb.err" >&2; return 1; }
    [ -n "$json_dir" ] && cp "$json" "$json_dir/round$r-$name.json"
    python3 - "$json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
d = r["phases"]["drag"]
print(d["fps"], d["processCpuMsPerFrame"], r["fps"], r["processCpuMsPerFrame"], d["redrawnFraction"], r["idleFrames"])
PY
}

results=$work/results.tsv
: > "$results"
programs=(gadgetboard gadgetboard-full-redraw sdl-linear sdl-nearest)
if [ -n "$before" ]; then programs+=(before before-full-redraw); echo "compare-board: before: $before" >&2; fi
echo "compare-board: $rounds rounds x ${#programs[@]} programs, $size, $frames drag frames each; $(nproc) CPUs; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
sdl_board_renderer --size "$size" --linear >&2
for r in $(seq 1 "$rounds"); do
    # Rotate the order every round, so no program always runs first or last.
    set -- "${programs[@]}"
    for _ in $(seq 2 "$r"); do set -- "${@:2}" "$1"; done
    for p in "$@"; do
        figures=""
        case $p in
            gadgetboard) figures=$(run_gb "$r" "$p" || true) ;;
            gadgetboard-full-redraw) figures=$(run_gb "$r" "$p" --full-redraw || true) ;;
            before) figures=$(run_gb "$r" "$p" || true) ;;
            before-full-redraw) figures=$(run_gb "$r" "$p" --full-redraw || true) ;;
            # SDL has one stretch: its figures stand for the drag and for all frames; nothing
            # is tracked (redrawn 1) and it never idles (-).
            sdl-linear) figures=$(sdl_board_run "$size" "$frames" --linear | awk '{ print $1, $2, $1, $2, 1, "-" }' || true) ;;
            sdl-nearest) figures=$(sdl_board_run "$size" "$frames" | awk '{ print $1, $2, $1, $2, 1, "-" }' || true) ;;
        esac
        if [ -z "$figures" ]; then
            echo "compare-board: round $r $p produced no figure; left out" >&2
            continue
        fi
        read -r fps cpu all_fps all_cpu redrawn idle <<<"$figures"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$p" "$fps" "$cpu" "$all_fps" "$all_cpu" "$redrawn" "$idle" >> "$results"
        echo "round $r $p: drag $fps fps, $cpu ms cpu/frame; all frames $all_fps fps, $all_cpu ms cpu/frame; redrawn $redrawn; idle frames $idle; load $(cut -d' ' -f1 /proc/loadavg)" >&2
    done
done

m() { awk -v p="$1" -v c="$2" -F'\t' '$2 == p && $c != "-" { print $c }' "$results" | median; }
echo
echo "compare-board medians over $rounds rounds ($size, $frames drag frames, every frame finished; load at end: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "fps: frames per second while drawing; cpu: CPU ms per frame of the whole process, all threads"
printf '  %-26s %9s %9s %9s %9s %8s %6s\n' "" "drag fps" "drag cpu" "all fps" "all cpu" redrawn idle
for p in "${programs[@]}"; do
    case $p in
        gadgetboard) label="gadgetboard" ;;
        gadgetboard-full-redraw) label="gadgetboard --full-redraw" ;;
        sdl-linear) label="SDL2 (linear)" ;;
        sdl-nearest) label="SDL2 (nearest)" ;;
        before) label="before" ;;
        before-full-redraw) label="before --full-redraw" ;;
    esac
    idle=$(m "$p" 8)
    [ "$idle" = nan ] && idle=-
    printf '  %-26s %9.2f %9.2f %9.2f %9.2f %8.3f %6s\n' "$label" "$(m "$p" 3)" "$(m "$p" 4)" "$(m "$p" 5)" "$(m "$p" 6)" "$(m "$p" 7)" "$idle"
done
awk -v a="$(m gadgetboard 4)" -v f="$(m gadgetboard-full-redraw 4)" -v s="$(m sdl-linear 4)" -v n="$(m sdl-nearest 4)" \
    -v af="$(m gadgetboard 3)" -v ff="$(m gadgetboard-full-redraw 3)" -v idle="$(m gadgetboard 8)" -v size="$size" 'BEGIN {
    printf "  %-40s %7s  %s\n", "drag, CPU per frame", "ratio", "target"
    printf "  %-40s %6.2fx  <= 0.25x %s\n", "gadgetboard vs its --full-redraw", a / f, (a / f <= 0.25 ? "ok" : "ABOVE")
    printf "  %-40s %6.2fx  <= 0.33x %s\n", "gadgetboard vs SDL2 (linear)", a / s, (a / s <= 0.33 ? "ok" : "ABOVE")
    printf "  %-40s %6.2fx\n", "gadgetboard vs SDL2 (nearest)", a / n
    printf "  %-40s %6.1f   >= 60 %s (full redraw: %.1f)\n", "drag fps at " size, af, (af >= 60 ? "ok" : "BELOW"), ff
    printf "  %-40s %6s   0 %s\n", "frames drawn while idle", idle, (idle == 0 ? "ok" : "ABOVE")
}'
if [ -n "$before" ]; then
    awk -v a="$(m gadgetboard 4)" -v f="$(m gadgetboard-full-redraw 4)" -v b="$(m before 4)" -v bf="$(m before-full-redraw 4)" \
        -v s="$(m sdl-linear 4)" 'BEGIN {
        printf "  %-40s %7s %7s\n", "drag, CPU per frame vs SDL2 (linear)", "before", "after"
        printf "  %-40s %6.2fx %6.2fx\n", "damage-tracked drag", b / s, a / s
        printf "  %-40s %6.2fx %6.2fx\n", "--full-redraw", bf / s, f / s
        printf "  after / before, CPU per frame: drag %.2fx, full redraw %.2fx\n", a / b, f / bf
    }'
fi
if [ -n "$out" ]; then cp "$results" "$out"; echo "per-run figures (round, program, drag fps, drag cpu ms/frame, all fps, all cpu ms/frame, redrawn, idle frames): $out"; fi
