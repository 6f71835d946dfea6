#!/usr/bin/env python3
"""Frame-time plot of `gadgetboard bench --json` runs, as a PNG, with no dependencies.

    gadgetboard bench --json > batched.json
    gadgetboard bench --floor --json > floor.json
    bench/plot-frametimes.py --out frame-times.png batched.json floor.json

Each run is drawn as its per-frame times (ms, frame index on x) with its p50 and p99 as dashed
lines; the legend gives fps and percentiles from the run's own report. Text uses the project's
5x7 pixel font, read from Sources/GadgetCore/Image/PixelFont.swift (the HUD's font), and the PNG
is written with zlib, so nothing beyond Python's standard library is needed.
"""
import argparse
import json
import os
import re
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FONT_SOURCE = os.path.join(HERE, "..", "Sources", "GadgetCore", "Image", "PixelFont.swift")

# Run colours (RGB) in order, and the chart's own.
PALETTE = [(52, 120, 246), (255, 149, 0), (52, 199, 89), (175, 82, 222)]
BACKGROUND, INK, GRID, AXIS = (255, 255, 255), (30, 32, 36), (232, 234, 238), (140, 144, 150)


def load_font(path):
    """{char: [row bits]} from PixelFont.swift's `"A": g(".###. #...# ...")` table."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    font = {}
    for ch, rows in re.findall(r'"(.)": g\("([.# ]+)"\)', text):
        font[ch] = [int(r.replace("#", "1").replace(".", "0"), 2) for r in rows.split()]
    if "0" not in font:
        sys.exit("plot-frametimes: no glyphs found in " + path)
    return font


class Canvas:
    def __init__(self, w, h, font):
        self.w, self.h, self.font = w, h, font
        self.px = bytearray(BACKGROUND * (w * h))

    def set(self, x, y, c, a=1.0):
        if 0 <= x < self.w and 0 <= y < self.h:
            i = (y * self.w + x) * 3
            for k in range(3):
                self.px[i + k] = int(self.px[i + k] * (1 - a) + c[k] * a + 0.5)

    def rect(self, x, y, w, h, c, a=1.0):
        for yy in range(max(0, y), min(self.h, y + h)):
            for xx in range(max(0, x), min(self.w, x + w)):
                self.set(xx, yy, c, a)

    def line(self, x0, y0, x1, y1, c, a=1.0, dash=0):
        """Straight line, 1 px, optionally dashed (dash = segment length)."""
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(n + 1):
            if dash and (i // dash) % 2:
                continue
            self.set(round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n), c, a)

    def text(self, s, x, y, c, scale=1):
        """Pixel-font text, top-left at (x, y); returns the width drawn."""
        cx = x
        for ch in s.upper():
            rows = self.font.get(ch, self.font.get("?"))
            for gy, bits in enumerate(rows):
                for gx in range(5):
                    if bits & (0x10 >> gx):
                        self.rect(cx + gx * scale, y + gy * scale, scale, scale, c)
            cx += 6 * scale
        return cx - x - scale

    @staticmethod
    def width(s, scale=1):
        return max(0, len(s) * 6 - 1) * scale

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.px[y * self.w * 3:(y + 1) * self.w * 3]) for y in range(self.h))

        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def nice_step(span, target=6):
    """A 1/2/5×10^k step giving about `target` grid lines over `span`."""
    raw = span / target
    k = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    while k > raw:
        k /= 10
    for m in (1, 2, 5, 10):
        if k * m >= raw:
            return k * m
    return k * 10


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="files with one `gadgetboard bench --json` report each")
    ap.add_argument("--out", required=True, help="PNG to write")
    ap.add_argument("--title", default=None)
    ap.add_argument("--size", default="1200x520")
    args = ap.parse_args()

    runs = []
    for path in args.runs:
        with open(path, encoding="utf-8") as f:
            r = json.load(f)
        if not r.get("frameTimesMs"):
            sys.exit(f"plot-frametimes: {path} has no frameTimesMs (run gadgetboard bench with --json)")
        runs.append(r)

    W, H = (int(v) for v in args.size.lower().split("x"))
    c = Canvas(W, H, load_font(FONT_SOURCE))
    first = runs[0]
    title = args.title or f"gadgetboard bench: {first['sprites']} sprites {first['spriteSize']}x{first['spriteSize']}, {first['size']}"
    c.text(title, 24, 18, INK, 2)
    c.text(first["display"], 24, 42, AXIS, 1)

    # Plot area.
    left, top, right, bottom = 70, 64, W - 24, H - 96
    longest = max(max(r["frameTimesMs"]) for r in runs)
    frames = max(len(r["frameTimesMs"]) for r in runs)
    ymax = longest * 1.08
    step = nice_step(ymax)
    ymax = step * (int(ymax / step) + 1)

    def Y(ms):
        return bottom - int((bottom - top) * min(ms, ymax) / ymax)

    def X(i):
        return left + int((right - left) * i / max(1, frames - 1))

    v = 0.0
    while v <= ymax + 1e-9:
        c.line(left, Y(v), right, Y(v), GRID)
        label = f"{v:g}"
        c.text(label, left - 8 - Canvas.width(label), Y(v) - 3, AXIS)
        v += step
    c.text("MS", left - 8 - Canvas.width("MS"), top - 14, AXIS)
    xstep = nice_step(frames, 8)
    i = 0
    while i < frames:
        c.line(X(int(i)), bottom, X(int(i)), bottom + 4, AXIS)
        c.text(f"{int(i)}", X(int(i)) - Canvas.width(f"{int(i)}") // 2, bottom + 8, AXIS)
        i += xstep
    c.text("FRAME", right - Canvas.width("FRAME"), bottom + 20, AXIS)
    c.line(left, bottom, right, bottom, AXIS)
    c.line(left, top, left, bottom, AXIS)

    for n, r in enumerate(runs):
        col = PALETTE[n % len(PALETTE)]
        t = r["frameTimesMs"]
        for i in range(1, len(t)):
            c.line(X(i - 1), Y(t[i - 1]), X(i), Y(t[i]), col, 0.85)
        ft = r["frameTime"]
        for key in ("p50_ms", "p99_ms"):
            c.line(left, Y(ft[key]), right, Y(ft[key]), col, 0.9, dash=6)
        label = (f"{r['mode']}: {r['fps']:.1f} fps, p50 {ft['p50_ms']:.1f} ms, p95 {ft['p95_ms']:.1f}, "
                 f"p99 {ft['p99_ms']:.1f}, max {ft['max_ms']:.1f} ms, {r['drawCallsPerFrame']:g} draw call(s) per frame, "
                 f"{r['cpuNsPerSprite']:g} ns/sprite cpu")
        ly = H - 60 + n * 16
        c.rect(24, ly, 18, 8, col)
        c.text(label, 50, ly, INK)
    c.text("DASHED: P50 AND P99 OF EACH RUN", right - Canvas.width("DASHED: P50 AND P99 OF EACH RUN"), 42, AXIS)

    with open(args.out, "wb") as f:
        f.write(c.png())
    print(f"plot-frametimes: wrote {args.out} ({W}x{H}, {len(runs)} run(s))")


if __name__ == "__main__":
    main()
