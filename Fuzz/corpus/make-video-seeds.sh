#!/usr/bin/env bash
# Writes the video fuzz target's seeds (Fuzz/corpus/video): tiny clips from lavfi sources in each
# container and codec a board might use, a few hundred bytes to a few kB each.
set -euo pipefail
cd "$(dirname "$0")/video"
f() { ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=s=32x24:r=10" -frames:v 4 "$@"; }
f -c:v libx264 -pix_fmt yuv420p -g 2 -bf 1 h264.mp4
f -c:v libx264 -pix_fmt yuv420p -movflags +faststart h264-faststart.mov
f -c:v libx264 -pix_fmt yuvj444p h264-444.mkv
f -c:v libx265 -pix_fmt yuv420p -x265-params log-level=none hevc.mp4
f -c:v libvpx -pix_fmt yuv420p vp8.webm
f -c:v mpeg4 -pix_fmt yuv420p mpeg4.avi
f -c:v libx264 -pix_fmt yuv420p -f mpegts h264.ts
f -c:v rawvideo -pix_fmt nv12 nv12.nut
