#!/bin/bash
# Video figures of a whole kiosk (issue 25, docs/BENCHMARKS.md "Video"): a board whose one gadget
# plays an H.264 clip (1:1, looping) in `gadgetboard run --display headless`, against FFmpeg's
# own decode of the same clip (`ffmpeg -threads 2 -i clip -f null -`, the floor).
#
# For each size it writes into OUT/WxH/:
#   (the clip, testsrc2, 30 fps, 20 s, libx264 -preset veryfast as the earlier figures, is made in
#   a scratch directory and removed at the end: 7-13 MB that can be made again)
#   floor.log           three timed floor runs (/usr/bin/time: user, system, wall, max RSS)
#   full.{log,stats.json,csv}   the kiosk with the clip at full size for --seconds (default 600):
#                       its log, --stats, and a sample every 5 s of process CPU seconds (utime +
#                       stime of every thread, /proc/PID/stat), RSS (VmRSS), threads and fds
#   tiny.{log,stats.json,csv}   the same clip in a 16x9 gadget for --tiny-seconds (default 120):
#                       decoding and uploading every frame is the same work, llvmpipe's drawing
#                       of the picture is nearly gone; full − tiny is llvmpipe's share
#   summary.txt         the figures (bench/video-summary.py)
# CPU is process CPU time, not wall time: fairly robust to other load on the machine, but a
# loaded machine still costs some (cache, hyperthreads, llvmpipe's threads waiting).
#
# usage: bench/video-figures.sh [--sizes "1280x720 1920x1080"] [--seconds 600] [--tiny-seconds 120]
#                               [--out DIR (default docs/benchmarks/video-kiosk)] [--bin PATH]
#        (default --bin: .build/release/gadgetboard, built (or brought up to date) first)
# One command for both sizes, as the figures in docs/BENCHMARKS.md were taken:
#        bench/video-figures.sh                      (720p and 1080p, 600 s full + 120 s tiny each: ~25 min)
#        bench/video-figures.sh --seconds 120        (the same, shorter RSS runs: ~10 min)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sizes="1280x720 1920x1080" seconds=600 tiny_seconds=120 out=$root/docs/benchmarks/video-kiosk bin=""
while [ $# -gt 0 ]; do
    case $1 in
        --sizes) sizes=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --tiny-seconds) tiny_seconds=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        *) echo "video-figures: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    # The figures are of a release build: a debug build's loop costs several times more.
    echo "video-figures: building the release binary (swift build -c release --product gadgetboard)" >&2
    (cd "$root" && nice -n 5 swift build -c release --product gadgetboard > /dev/null)
    bin=$root/.build/release/gadgetboard
fi
[ -x "$bin" ] || { echo "video-figures: no gadgetboard at $bin (swift build -c release --product gadgetboard)" >&2; exit 2; }
for tool in ffmpeg /usr/bin/time python3; do
    command -v "$tool" > /dev/null || { echo "video-figures: $tool is missing" >&2; exit 2; }
done
ticks=$(getconf CLK_TCK)
kiosk_pid=""
scratch=$(mktemp -d)
trap 'if [ -n "$kiosk_pid" ]; then kill "$kiosk_pid" 2>/dev/null || true; fi; rm -rf "$scratch"' EXIT
. "$(dirname "${BASH_SOURCE[0]}")/conditions.sh"; bench_conditions video-figures

# Samples the kiosk every 5 s until it exits: seconds since start, CPU seconds, RSS KiB, threads, fds.
sample() {  # sample PID CSV
    local pid=$1 csv=$2 start stat rest utime stime rss threads fds
    start=$(date +%s.%N)
    echo "t_s,cpu_s,rss_kib,threads,fds" > "$csv"
    while [ -r "/proc/$pid/stat" ]; do
        stat=$(cat "/proc/$pid/stat" 2>/dev/null) || break
        rest=${stat##*) }                       # the fields after the command name
        read -r _ _ _ _ _ _ _ _ _ _ _ utime stime _ <<< "$rest"
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || break
        threads=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || break
        fds=$(find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
        [ -n "$rss" ] || break
        awk -v now="$(date +%s.%N)" -v start="$start" -v u="$utime" -v s="$stime" -v hz="$ticks" \
            -v rss="$rss" -v th="$threads" -v fds="$fds" 'BEGIN { printf "%.2f,%.2f,%s,%s,%s\n", now - start, (u + s) / hz, rss, th, fds }' >> "$csv"
        sleep 5
    done
}

run_kiosk() {  # run_kiosk DIR NAME GADGET_W GADGET_H SECONDS BOARD_W BOARD_H
    local dir=$1 name=$2 gw=$3 gh=$4 secs=$5 bw=$6 bh=$7
    cat > "$dir/$name.board.json" <<EOF
{ "size": [$bw, $bh], "background": "#000000", "gadgets": [
  { "id": "clip", "center": [$((gw / 2)), $((gh / 2))], "size": [$gw, $gh], "movable": false, "video": "$clip" } ] }
EOF
    echo "video-figures: $name: ${gw}x${gh} gadget on a ${bw}x${bh} headless board for $secs s" >&2
    "$bin" run "$dir/$name.board.json" --display headless --no-watch --duration "$secs" --stats "$dir/$name.stats.json" \
        > /dev/null 2> "$dir/$name.log" &
    kiosk_pid=$!
    sample "$kiosk_pid" "$dir/$name.csv"
    wait "$kiosk_pid" || { echo "video-figures: $name: the kiosk exited $?" >&2; tail -n 5 "$dir/$name.log" >&2; exit 1; }
    kiosk_pid=""
    # The load the run shared the machine with (CPU seconds are fairly robust to it, not immune).
    echo "# $(date -u +%FT%TZ) $dir/$name done, load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
}

mkdir -p "$out"
{
    echo "# bench/video-figures.sh --sizes \"$sizes\" --seconds $seconds --tiny-seconds $tiny_seconds"
    echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); binary $bin"
    "$bin" --version 2>/dev/null || true
} > "$out/machine.txt"
for size in $sizes; do
    w=${size%x*} h=${size#*x}
    dir=$out/$size clip=$scratch/clip-$size.mp4
    mkdir -p "$dir"
    ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=s=$size:r=30" -t 20 -c:v libx264 -preset veryfast \
        -pix_fmt yuv420p "$clip"
    : > "$dir/floor.log"
    for i in 1 2 3; do
        echo "video-figures: $size: floor run $i" >&2
        /usr/bin/time -f "floor: user %U s system %S s wall %e s maxrss %M KiB" \
            ffmpeg -nostdin -hide_banner -loglevel error -threads 2 -i "$clip" -f null - 2>> "$dir/floor.log"
    done
    run_kiosk "$dir" full "$w" "$h" "$seconds" "$w" "$h"
    run_kiosk "$dir" tiny 16 9 "$tiny_seconds" "$w" "$h"
    python3 "$root/bench/video-summary.py" "$dir" | tee "$dir/summary.txt"
done
