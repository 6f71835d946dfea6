#!/usr/bin/env python3
"""Checks for the window test (Tests/window/run.sh): pixels of a screenshot and poses of a
--state file. Images are read through ImageMagick's `convert` (PNG, or the X server's own
XWD dump), so nothing beyond Debian's imagemagick and python3 is needed.

  check.py pixels IMAGE [--origin X,Y] X,Y=COLOUR ...   every point has that colour
  check.py column IMAGE [--origin X,Y] X Y0 Y1 COLOUR    some pixel of the column has it
  check.py nocolumn IMAGE [--origin X,Y] X Y0 Y1 COLOUR  no pixel of the column has it
  check.py state STATE ID cx cy w h TOLERANCE            the gadget's pose, in board pixels
  check.py varied IMAGE [--origin X,Y] X0 Y0 X1 Y1 N     the box has at least N distinct colours
  check.py differs IMAGE IMAGE2 [--origin X,Y] X0 Y0 X1 Y1  the box is not the same in both

Colours are named (see COLOURS) and matched within a per-channel tolerance. --origin adds the
window's position on the X screen to every point. Exit status 1 names what differed.
"""
import json
import subprocess
import sys

COLOURS = {
    "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0), "magenta": (255, 0, 255),
    "background": (32, 32, 32),
    # ProblemsOverlay's red bar (HUD palette red, opaque).
    "problem-bar": (255, 69, 58),
}
TOLERANCE = 24


def load(path):
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    # P6 W H 255, whitespace-separated, "#" comments to the end of a line (an XWD's name), then data.
    fields, pos = [], 0
    while len(fields) < 4:
        while ppm[pos:pos + 1].isspace():
            pos += 1
        if ppm[pos:pos + 1] == b"#":
            pos = ppm.index(b"\n", pos)
            continue
        end = pos
        while not ppm[end:end + 1].isspace():
            end += 1
        fields.append(ppm[pos:end])
        pos = end
    pos += 1
    width, height = int(fields[1]), int(fields[2])
    return width, height, ppm[pos:]


def pixel(image, x, y):
    width, height, data = image
    if not (0 <= x < width and 0 <= y < height):
        sys.exit(f"check: point {x},{y} is outside the {width}x{height} image")
    i = (y * width + x) * 3
    return tuple(data[i:i + 3])


def matches(rgb, name):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(rgb, COLOURS[name]))


def origin(args):
    if len(args) >= 2 and args[0] == "--origin":
        ox, oy = (int(v) for v in args[1].split(","))
        return (ox, oy), args[2:]
    return (0, 0), args


def main(argv):
    command, rest = argv[1], argv[2:]
    if command == "pixels":
        image = load(rest[0])
        (ox, oy), points = origin(rest[1:])
        bad = []
        for p in points:
            where, name = p.split("=")
            x, y = (int(v) for v in where.split(","))
            rgb = pixel(image, x + ox, y + oy)
            if not matches(rgb, name):
                bad.append(f"{x},{y} is {rgb}, not {name} {COLOURS[name]}")
        if bad:
            sys.exit("check: " + "; ".join(bad))
    elif command in ("column", "nocolumn"):
        image = load(rest[0])
        (ox, oy), (x, y0, y1, name) = origin(rest[1:])
        found = [y for y in range(int(y0), int(y1)) if matches(pixel(image, int(x) + ox, y + oy), name)]
        if command == "column" and not found:
            sys.exit(f"check: no {name} pixel in column x={x}, y {y0}…{y1}")
        if command == "nocolumn" and found:
            sys.exit(f"check: {name} pixels in column x={x} at y={found[0]}…{found[-1]}")
    elif command == "varied":
        # A video's picture (testsrc2: bars, gradients, a counter) against a flat fill or poster:
        # sampled every 4 px, the box's distinct colours.
        image = load(rest[0])
        (ox, oy), box = origin(rest[1:])
        x0, y0, x1, y1, n = (int(v) for v in box)
        colours = {pixel(image, x + ox, y + oy) for y in range(y0, y1, 4) for x in range(x0, x1, 4)}
        if len(colours) < n:
            sys.exit(f"check: the box {x0},{y0}…{x1},{y1} has {len(colours)} distinct colours, expected at least {n}")
    elif command == "differs":
        # Two pictures of the screen: the box changed between them (a video that moves).
        first, second = load(rest[0]), load(rest[1])
        (ox, oy), box = origin(rest[2:])
        x0, y0, x1, y1 = (int(v) for v in box)
        if all(pixel(first, x + ox, y + oy) == pixel(second, x + ox, y + oy) for y in range(y0, y1, 2) for x in range(x0, x1, 2)):
            sys.exit(f"check: the box {x0},{y0}…{x1},{y1} is the same in both pictures")
    elif command == "state":
        path, gid, cx, cy, w, h, tol = rest
        gadgets = {g["id"]: g for g in json.load(open(path))["gadgets"]}
        g = gadgets[gid]
        want = [float(cx), float(cy), float(w), float(h)]
        got = g["center"] + g["size"]
        if any(abs(a - b) > float(tol) for a, b in zip(got, want)):
            sys.exit(f"check: {gid} is at {g['center']} size {g['size']}, expected {want[:2]} size {want[2:]} (±{tol})")
    else:
        sys.exit(f"check: unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
