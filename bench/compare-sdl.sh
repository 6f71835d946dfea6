#!/usr/bin/env bash
# Compares `gadgetboard bench` with SDL2's testsprite2 on this machine, fairly:
#
#   - the same workload: N sprites bouncing in a WxH window, alpha-blended, one frame per
#     iteration, in two regimes: fill-bound (32x32 sprites: testsprite2's icon.bmp) and
#     driver-bound (4x4 sprites: a 4x4 32-bit BMP with alpha written by this script);
#   - every frame finished by both programs: gadgetboard's headless present() is glFinish; SDL's
#     offscreen driver swaps a pbuffer, which is a no-op, so SDL's EGL is loaded through
#     bench/egl-finish-shim.c (glFinish, then the real eglSwapBuffers). Without it Mesa never
#     finishes SDL's frames, its fps counts queued frames and its memory grows ~200 MB/s;
#   - each program as it ships: gadgetboard bench keeps freed heap memory in the process
#     (mallopt: no trim below 256 MiB, no mmap below 32 MiB; otherwise llvmpipe's per-frame scene
#     memory is unmapped, faulted in and zeroed every frame), testsprite2 runs with glibc's
#     defaults. --same-heap gives testsprite2 gadgetboard's settings too (GLIBC_TUNABLES), to see
#     how much of the difference is the allocator; --default-malloc runs gadgetboard with glibc's
#     defaults;
#   - runs alternate (gadgetboard, its --floor, SDL default, SDL --use-rendergeometry mode1, in a
#     rotating order) for several rounds, so background load hits every program alike; the
#     figures are medians over rounds.
#
# testsprite2 prints fps every 5 s and never exits (with the offscreen driver it even ignores
# SIGTERM): it is SIGKILLed after a fixed time and its first figure (start-up) is skipped.
#
#   - --before BIN adds a second gadgetboard binary (an older build) to the rotation as
#     "before": the same bench, in the same rounds, so load hits both builds alike; the summary
#     then gives after ÷ before per round (CPU per frame and fps), with the median and range.
#
# Usage: bench/compare-sdl.sh [--rounds N] [--seconds S] [--sprites N] [--size WxH]
#                             [--regimes fill,driver] [--same-heap] [--default-malloc]
#                             [--before BIN] [--out FILE.tsv]
# Environment: GADGETBOARD (default .build/release/gadgetboard, built if missing),
#              TESTSPRITE2 (default: found with dpkg -L libsdl2-tests).
set -euo pipefail

rounds=3 seconds=10 sprites=10000 size=1280x720 regimes=fill,driver out="" default_malloc=0 same_heap=0 before=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --sprites) sprites=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --regimes) regimes=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --default-malloc) default_malloc=1; shift ;;
        --same-heap) same_heap=1; shift ;;
        --before) before=$2; shift 2 ;;
        -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
        *) echo "compare-sdl: unknown argument $1" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
gb=${GADGETBOARD:-$root/.build/release/gadgetboard}
if [ ! -x "$gb" ]; then
    echo "compare-sdl: building gadgetboard (release)" >&2
    (cd "$root" && swift build -c release --product gadgetboard >&2)
fi
ts=${TESTSPRITE2:-$(dpkg -L libsdl2-tests 2>/dev/null | grep '/testsprite2$' | head -n1 || true)}
if [ -z "$ts" ] || [ ! -x "$ts" ]; then
    echo "compare-sdl: testsprite2 not found: apt-get install libsdl2-tests" >&2
    exit 1
fi
command -v cc > /dev/null || { echo "compare-sdl: no C compiler for the EGL shim: apt-get install gcc libegl-dev" >&2; exit 1; }
icon=$(dirname "$ts")/icon.bmp
[ -f "$icon" ] || { echo "compare-sdl: $icon not found" >&2; exit 1; }

work=$(mktemp -d /tmp/compare-sdl.XXXXXX)
trap 'rm -rf "$work"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions compare-sdl "$gb"

# The EGL shim: exports only eglSwapBuffers (glFinish, then libEGL's).
shim=$work/egl-finish-shim.so
cc -O2 -Wall -shared -fPIC -fvisibility=hidden -o "$shim" "$here/egl-finish-shim.c" -lEGL -ldl

# A 4x4 32-bit BMP with alpha (BITMAPV4HEADER, BI_BITFIELDS, explicit alpha mask): an opaque
# blue-white blob with translucent edges and transparent corners. testsprite2 colour-keys the
# first pixel's RGB (0,0,0), which only the transparent corners use.
bmp4=$work/sprite4.bmp
{
    # BITMAPFILEHEADER: "BM", file size 14+108+64 = 186, reserved, pixel offset 122.
    printf 'BM\272\000\000\000\000\000\000\000\172\000\000\000'
    # BITMAPV4HEADER: size 108, width 4, height -4 (top-down), planes 1, 32 bpp, BI_BITFIELDS,
    # image size 64, 2835 px/m twice, 0 colours, 0 important.
    printf '\154\000\000\000\004\000\000\000\374\377\377\377\001\000\040\000\003\000\000\000'
    printf '\100\000\000\000\023\013\000\000\023\013\000\000\000\000\000\000\000\000\000\000'
    # Masks R, G, B, A (little-endian BGRA pixels), colour space "sRGB", endpoints and gammas.
    printf '\000\000\377\000\000\377\000\000\377\000\000\000\000\000\000\377BGRs'
    head -c 48 /dev/zero
    # Pixels, top row first, bytes B G R A.
    t='\000\000\000\000' e='\360\220\060\200' c='\370\300\140\377' w='\377\360\340\377'
    printf '%b' "$t$e$e$t"
    printf '%b' "$e$w$c$e"
    printf '%b' "$e$c$c$e"
    printf '%b' "$t$e$e$t"
} > "$bmp4"
[ "$(stat -c %s "$bmp4")" = 186 ] || { echo "compare-sdl: bad BMP size" >&2; exit 1; }

# Heap settings for both programs (see the header).
gb_malloc=() sdl_tunables=""
if [ "$default_malloc" = 1 ]; then gb_malloc=(--default-malloc); fi
if [ "$same_heap" = 1 ]; then sdl_tunables=glibc.malloc.trim_threshold=268435456:glibc.malloc.mmap_threshold=33554432; fi

# Each run prints "FPS CPU_MS_PER_FRAME": frames per second, and CPU time of the whole process
# (every thread, the driver's included) per frame, which a loaded machine barely changes.

# gadgetboard: both figures from its JSON report.
if [ -n "$before" ] && [ ! -x "$before" ]; then echo "compare-sdl: --before $before is not an executable" >&2; exit 2; fi

run_gb() { # px [--floor]
    run_gb_binary "$gb" "$@"
}

run_gb_binary() { # binary px [--floor]
    local bin=$1 px=$2; shift 2
    local json
    json=$("$bin" bench --sprites "$sprites" --sprite-size "$px" --size "$size" --duration "$seconds" "${gb_malloc[@]}" "$@" --json 2>"$work/gb.err")
    local fps cpu
    fps=$(grep -o '"fps":[0-9.]*' <<<"$json" | cut -d: -f2)
    cpu=$(grep -o '"processCpuMsPerFrame":[0-9.]*' <<<"$json" | cut -d: -f2)
    [ -n "$fps" ] && echo "$fps $cpu"
}

# CPU time of a process so far, in clock ticks (utime + stime).
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }

# testsprite2: the mean of its 5-second fps figures after the first, and its CPU time between
# the first figure and the last. It never exits by itself, so it is SIGKILLed as soon as it has
# printed enough figures (1 + seconds/5), or after a hard limit.
run_sdl_once() { # bmp [extra args]
    local bmp=$1; shift
    local log=$work/ts.log
    local want=$(( 1 + (seconds + 4) / 5 )) limit=$(( (seconds + 40) * 5 )) waited=0 have=0 t0="" t1=""
    GLIBC_TUNABLES=$sdl_tunables SDL_VIDEODRIVER=offscreen SDL_VIDEO_EGL_DRIVER=$shim EGL_FINISH_SHIM_VERBOSE=1 \
        "$ts" --renderer opengles2 --geometry "$size" --info render "$@" "$sprites" "$bmp" >"$log" 2>&1 &
    local pid=$!
    while [ "$have" -lt "$want" ] && [ "$waited" -lt "$limit" ] && kill -0 "$pid" 2>/dev/null; do
        sleep 0.2; waited=$(( waited + 1 ))
        have=$(grep -c 'frames per second' "$log" || true)
        if [ -z "$t0" ] && [ "$have" -ge 1 ]; then t0=$(ticks "$pid"); fi
    done
    t1=$(ticks "$pid")
    local rss
    rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status" 2>/dev/null || echo "?")
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    if ! grep -A2 'Current renderer' "$log" | grep -q 'Renderer opengles2'; then
        echo "compare-sdl: testsprite2 did not report the opengles2 renderer; its output:" >&2; tail -n 20 "$log" >&2; return 1
    fi
    if ! grep -q 'egl-finish-shim: active' "$log"; then
        echo "compare-sdl: the EGL shim was not loaded (SDL_VIDEO_EGL_DRIVER)" >&2; tail -n 20 "$log" >&2; return 1
    fi
    echo "$rss" > "$work/ts.rss"
    grep 'frames per second' "$log" | head -n "$want" | awk -v t0="${t0:-0}" -v t1="$t1" -v hz="$(getconf CLK_TCK)" \
        'NR > 1 { s += $2; n++ } END { if (n) printf "%.2f %.2f\n", s / n, (t1 - t0) / hz * 1000 / (s * 5) }'
}

# A testsprite2 run that fails to start (seen once under heavy load) is retried once.
run_sdl() { run_sdl_once "$@" || run_sdl_once "$@"; }

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit } if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

results=$work/results.tsv
: > "$results"
programs=(gadgetboard gadgetboard-floor sdl-default sdl-rendergeometry)
if [ -n "$before" ]; then programs+=(before); echo "compare-sdl: before: $before" >&2; fi
echo "compare-sdl: heap: gadgetboard ${gb_malloc[*]:-keeps freed memory}, testsprite2 ${sdl_tunables:-glibc defaults}" >&2
echo "compare-sdl: $rounds rounds x ($regimes) x ${#programs[@]} programs, $sprites sprites, $size, ~${seconds}s each; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for r in $(seq 1 "$rounds"); do
    for regime in ${regimes//,/ }; do
        case $regime in
            fill) px=32 bmp=$icon ;;
            driver) px=4 bmp=$bmp4 ;;
            *) echo "compare-sdl: unknown regime $regime" >&2; exit 2 ;;
        esac
        # Rotate the order every round, so no program always runs first or last.
        set -- "${programs[@]}"
        for _ in $(seq 2 "$r"); do set -- "${@:2}" "$1"; done
        for p in "$@"; do
            figures=""
            case $p in
                gadgetboard) figures=$(run_gb "$px" || true) ;;
                gadgetboard-floor) figures=$(run_gb "$px" --floor || true) ;;
                before) figures=$(run_gb_binary "$before" "$px" || true) ;;
                sdl-default) figures=$(run_sdl "$bmp" || true) ;;
                sdl-rendergeometry) figures=$(run_sdl "$bmp" --use-rendergeometry mode1 || true) ;;
            esac
            if [ -z "$figures" ]; then
                echo "compare-sdl: round $r $regime $p produced no figure; left out" >&2; cat "$work/gb.err" >&2 2>/dev/null || true
                continue
            fi
            read -r fps cpu <<<"$figures"
            extra=""
            case $p in sdl-*) extra=", RSS $(cat "$work/ts.rss") MB at kill" ;; esac
            printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$regime" "$p" "$fps" "$cpu" >> "$results"
            echo "round $r $regime $p: $fps fps, $cpu ms cpu/frame$extra; load $(cut -d' ' -f1 /proc/loadavg)" >&2
        done
    done
done

echo
echo "medians over $rounds rounds ($sprites sprites, $size, every frame finished; load at end: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "fps: frames per second (wall clock); cpu: CPU ms per frame of the whole process, all threads"
for regime in ${regimes//,/ }; do
    m() { awk -v g="$regime" -v p="$1" -v c="$2" -F'\t' '$2 == g && $3 == p { print $c }' "$results" | median; }
    case $regime in
        fill) label="fill-bound (32x32)"; t_sd=1.4 t_sg=0 t_fl=0.9 ;;
        driver) label="driver-bound (4x4)"; t_sd=2.2 t_sg=1.3 t_fl=0.9 ;;
    esac
    awk -v l="$label" -v a="$(m gadgetboard 4)" -v f="$(m gadgetboard-floor 4)" -v d="$(m sdl-default 4)" -v g="$(m sdl-rendergeometry 4)" \
        -v ca="$(m gadgetboard 5)" -v cf="$(m gadgetboard-floor 5)" -v cd="$(m sdl-default 5)" -v cg="$(m sdl-rendergeometry 5)" \
        -v td="$t_sd" -v tg="$t_sg" -v tf="$t_fl" 'BEGIN {
        printf "%s\n", l
        printf "  %-22s %8s %10s\n", "", "fps", "cpu ms"
        printf "  %-22s %8.2f %10.1f\n", "gadgetboard", a, ca
        printf "  %-22s %8.2f %10.1f\n", "gadgetboard --floor", f, cf
        printf "  %-22s %8.2f %10.1f\n", "SDL2 default", d, cd
        printf "  %-22s %8.2f %10.1f\n", "SDL2 render-geometry", g, cg
        printf "  %-36s %6s %8s  %s\n", "ratio", "fps", "cpu", "target (fps)"
        printf "  %-36s %5.2fx %7.2fx  >= %.1fx %s\n", "gadgetboard vs SDL2 default", a / d, cd / ca, td, (a / d >= td ? "ok" : "BELOW")
        if (tg > 0) printf "  %-36s %5.2fx %7.2fx  >= %.1fx %s\n", "gadgetboard vs SDL2 render-geometry", a / g, cg / ca, tg, (a / g >= tg ? "ok" : "BELOW")
        else printf "  %-36s %5.2fx %7.2fx\n", "gadgetboard vs SDL2 render-geometry", a / g, cg / ca
        printf "  %-36s %5.2fx %7.2fx  >= %.1fx %s\n", "gadgetboard vs floor", a / f, cf / ca, tf, (a / f >= tf ? "ok" : "BELOW")
    }'
done
if [ -n "$before" ]; then
    echo
    echo "after ÷ before, per round (the same round's runs; < 1 cpu = after cheaper, > 1 fps = after faster)"
    for regime in ${regimes//,/ }; do
        # (mawk has no asort: an insertion sort)
        awk -v g="$regime" -F'\t' 'function isort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
            $2 == g && $3 == "gadgetboard" { af[$1] = $4; ac[$1] = $5 } $2 == g && $3 == "before" { bf[$1] = $4; bc[$1] = $5 }
            END {
                n = 0
                for (r in ac) if (r in bc && bc[r] > 0 && bf[r] > 0) { n++; c[n] = ac[r] / bc[r]; f[n] = af[r] / bf[r]; line = line sprintf(" r%s %.3f/%.3f", r, c[n], f[n]) }
                if (n == 0) { printf "  %s: no complete round\n", g; exit }
                isort(c, n); isort(f, n)
                med = (n % 2) ? c[(n + 1) / 2] : (c[n / 2] + c[n / 2 + 1]) / 2
                fmed = (n % 2) ? f[(n + 1) / 2] : (f[n / 2] + f[n / 2 + 1]) / 2
                printf "  %s: cpu ratio median %.3f (range %.3f-%.3f), fps ratio median %.3f (range %.3f-%.3f), %d rounds; cpu/fps per round:%s\n", g, med, c[1], c[n], fmed, f[1], f[n], n, line
            }' "$results"
    done
fi
if [ -n "$out" ]; then cp "$results" "$out"; echo "per-run figures (round, regime, program, fps, cpu ms/frame): $out"; fi
