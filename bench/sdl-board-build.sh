# shellcheck shell=bash
# shellcheck disable=SC2154 # here, gb, work and prog are the caller's (see below)
# Sourced by bench/sdl-board.sh and bench/compare-board.sh: builds bench/sdl-board.c and the EGL
# finish shim exactly as bench/compare-sdl.sh builds the shim, exports the demo board, and runs
# sdl-board headless with every frame finished.
#
# The caller sets: here (bench/), gb (the gadgetboard executable), work (a scratch directory),
# prog (the name its messages start with).
# Debian packages: gcc pkg-config libegl-dev libsdl2-dev libsdl2-image-dev libcjson-dev
#                  (and Mesa's llvmpipe, libegl-mesa0, for headless GLES2).

# Checks the tools, builds $work/egl-finish-shim.so and $work/sdl-board, exports the demo board
# to $work/board (gadgetboard demo --export: SDL draws the same images at the same poses).
sdl_board_build() {
    command -v cc > /dev/null || { echo "$prog: no C compiler: apt-get install gcc" >&2; return 1; }
    command -v pkg-config > /dev/null || { echo "$prog: apt-get install pkg-config" >&2; return 1; }
    local lib
    for lib in sdl2:libsdl2-dev SDL2_image:libsdl2-image-dev libcjson:libcjson-dev egl:libegl-dev; do
        pkg-config --exists "${lib%%:*}" || { echo "$prog: ${lib%%:*} not found: apt-get install ${lib#*:}" >&2; return 1; }
    done
    shim=$work/egl-finish-shim.so
    cc -O2 -Wall -shared -fPIC -fvisibility=hidden -o "$shim" "$here/egl-finish-shim.c" -lEGL -ldl
    # shellcheck disable=SC2046 # pkg-config's flags are meant to split
    cc -O2 -Wall -o "$work/sdl-board" "$here/sdl-board.c" $(pkg-config --cflags --libs sdl2 SDL2_image libcjson) -ldl -lm
    board=$work/board
    "$gb" demo --export "$board" > /dev/null
}

# One measured sdl-board run: prints "FPS CPU_MS_PER_FRAME", or nothing (and its errors) if it
# failed. Arguments: size frames [sdl-board flags: --linear, --batching].
sdl_board_run() {
    local size=$1 frames=$2; shift 2
    local line
    if ! line=$(SDL_VIDEODRIVER=offscreen SDL_VIDEO_EGL_DRIVER=$shim EGL_FINISH_SHIM_VERBOSE=1 \
            "$work/sdl-board" --board "$board" --size "$size" --frames "$frames" "$@" 2>"$work/sdl.err"); then
        cat "$work/sdl.err" >&2; return 1
    fi
    # The shim says so itself too (as compare-sdl.sh checks for testsprite2).
    if ! grep -q 'egl-finish-shim: active' "$work/sdl.err"; then
        echo "$prog: the EGL shim did not report itself active" >&2; cat "$work/sdl.err" >&2; return 1
    fi
    sed -n 's/^fps=\([0-9.]*\) cpu_ms_per_frame=\([0-9.]*\) frames=.*/\1 \2/p' <<<"$line"
}

# The renderer line sdl-board prints (which driver SDL really used), for the log.
sdl_board_renderer() {
    grep -m1 'sdl-board: renderer' < <(SDL_VIDEODRIVER=offscreen SDL_VIDEO_EGL_DRIVER=$shim "$work/sdl-board" --board "$board" --frames 1 "$@" 2>&1 >/dev/null) || true
}

# The median of numbers on stdin, one per line ("nan" for none).
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit } if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
