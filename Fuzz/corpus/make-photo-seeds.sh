#!/usr/bin/env bash
# Writes the photo fuzzer's seeds into Fuzz/corpus/photo with Debian's tools (cjpeg, cwebp and
# exiftool: scripts/install-deps.sh --test). Small images, each a different path through the
# decoders: baseline 4:2:0 and 4:4:4, progressive, greyscale, restart markers, arithmetic-free
# optimised tables, EXIF orientations in both byte orders, WebP lossy, lossless, with alpha and
# with EXIF. Deterministic: the same bytes on every run with the same tool versions.
set -euo pipefail
cd "$(dirname "$0")/photo"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
def ppm(name, w, h, f, kind=b"P6"):
    px = bytearray()
    for y in range(h):
        for x in range(w):
            px += bytes(f(x, y))
    open(f"{d}/{name}", "wb").write(kind + b"\n%d %d\n255\n" % (w, h) + px)
ppm("q.ppm", 32, 24, lambda x, y: (255, 0, 0) if x < 16 and y < 12 else (0, 255, 0) if y < 12 else (0, 0, 255) if x < 16 else (255, 255, 0))
ppm("g.ppm", 40, 30, lambda x, y: (x * 6 & 255, y * 8 & 255, (x * y) & 255))
ppm("grey.pgm", 24, 16, lambda x, y: (x * 10 & 255,), b"P5")
PY
cjpeg -quality 80 "$tmp/g.ppm" > baseline-420.jpg
cjpeg -quality 90 -sample 1x1 "$tmp/q.ppm" > baseline-444.jpg
cjpeg -quality 75 -progressive "$tmp/g.ppm" > progressive.jpg
cjpeg -quality 75 -grayscale "$tmp/g.ppm" > greyscale.jpg
cjpeg -quality 70 -restart 1 -optimize "$tmp/g.ppm" > restart-optimised.jpg
cp baseline-444.jpg orientation-6.jpg && exiftool -q -n -Orientation=6 -overwrite_original orientation-6.jpg
cp baseline-444.jpg orientation-7-motorola.jpg && exiftool -q -n -ExifByteOrder=MM -Orientation=7 -overwrite_original orientation-7-motorola.jpg
cwebp -quiet -q 70 "$tmp/g.ppm" -o lossy.webp
cwebp -quiet -lossless "$tmp/q.ppm" -o lossless.webp
cwebp -quiet -q 70 "$tmp/q.ppm" -o exif-8.webp && exiftool -q -n -Orientation=8 -overwrite_original exif-8.webp
ls -l
