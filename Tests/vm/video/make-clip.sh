#!/bin/bash
# The video scenario's clip and board, made on the host (x264 under the VM's software emulation
# would cost many seconds): a 160x120, 30 fps, 1 s H.264 clip of FFmpeg's testsrc2 (colour bars
# and a moving counter: many colours, a new picture every frame) beside Tests/vm/video/board.json.
#
# usage: make-clip.sh DIR       writes DIR/clip.mp4 and DIR/board.json
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=${1:?usage: make-clip.sh DIR}
command -v ffmpeg > /dev/null || { echo "vm test: ffmpeg is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
mkdir -p "$dir"
cp "$here/board.json" "$dir/board.json"
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=160x120:rate=30:duration=1 \
    -c:v libx264 -pix_fmt yuv420p -g 30 "$dir/clip.mp4"
