#!/usr/bin/env python3
"""Judges the frames a kiosk presented during attract-loop switches (`run --dump-frames DIR`,
Tests/schedule/run.sh), and the order of its playlist page events.

  check-frames.py frames DIR BACKGROUND [--both X1,Y1 X2,Y2]
      Every frame-*.png in DIR: not black, not background-only (at least MIN_COVER of its pixels
      differ from BACKGROUND, #rrggbb), and not showing the image placeholder (#4a505c: a page
      shown before its images were decoded). With --both: some frame shows, at the same time,
      something other than the background at both points (a crossfade's mid-frames: both pages).
  check-frames.py events FILE PAGE...
      The page events with cause "playlist" in FILE (JSON lines from `ctl subscribe`) start with
      PAGE... in that order.

PNGs are decoded with zlib alone (8-bit RGB/RGBA, not interlaced: what PNGCodec writes)."""
import json, pathlib, struct, sys, zlib

MIN_COVER = 0.10      # the test board's pages each cover ~40 % of the screen with their image
PLACEHOLDER = (0x4A, 0x50, 0x5C)


def read_png(path):
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path.name}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path.name}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def pixel(png, x, y):
    _, _, ch, rows = png
    return tuple(rows[y][x * ch:x * ch + 3])


def differs(p, q, tolerance=12):
    return max(abs(a - b) for a, b in zip(p, q)) > tolerance


def frames(directory, background, both):
    bg = tuple(int(background.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    paths = sorted(pathlib.Path(directory).glob("frame-*.png"))
    failures, both_seen = [], False
    if not paths:
        failures.append(f"no frames in {directory}")
    for path in paths:
        png = read_png(path)
        w, h, _, _ = png
        cover = placeholder = black = 0
        for y in range(0, h, 2):
            for x in range(0, w, 2):
                p = pixel(png, x, y)
                cover += differs(p, bg)
                placeholder += not differs(p, PLACEHOLDER, 3)
                black += max(p) < 16
        samples = ((w + 1) // 2) * ((h + 1) // 2)
        if black > 0.9 * samples:
            failures.append(f"{path.name} is black")
        elif cover < MIN_COVER * samples:
            failures.append(f"{path.name} is background only ({100 * cover / samples:.1f} % of it is not the background)")
        if placeholder > 0.01 * samples:
            failures.append(f"{path.name} shows an image placeholder ({placeholder} samples): a page shown before its images")
        if both and all(differs(pixel(png, x, y), bg) for x, y in both):
            both_seen = True
    if both and not both_seen:
        failures.append(f"no frame shows both pages at once (at {both})")
    return failures, f"{len(paths)} frames"


def events(path, expected):
    seen = []
    for line in pathlib.Path(path).read_text(errors="replace").splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and e.get("type") == "page" and e.get("cause") == "playlist":
            seen.append(e.get("page"))
    failures = [] if seen[:len(expected)] == expected else [f"playlist page events {seen}, expected {expected} first"]
    return failures, "playlist pages " + ", ".join(map(str, seen))


def main(argv):
    if len(argv) >= 3 and argv[0] == "frames":
        both = []
        if "--both" in argv:
            k = argv.index("--both")
            both = [tuple(int(v) for v in a.split(",")) for a in argv[k + 1:k + 3]]
            argv = argv[:k]
        failures, summary = frames(argv[1], argv[2], both)
    elif len(argv) >= 3 and argv[0] == "events":
        failures, summary = events(argv[1], argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for f in failures[:20]:
        print(f"check-frames: FAILED: {f}")
    print(f"check-frames: {'passed' if not failures else 'FAILED'} ({summary})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
