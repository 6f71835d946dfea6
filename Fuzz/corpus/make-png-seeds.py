#!/usr/bin/env python3
"""Writes the small PNG seeds in Fuzz/corpus/png that the test fixtures lack: Adam7 interlace,
16-bit grey, 1-bit grey, 4-bit palette with tRNS, gAMA, and the ancillary text/metadata chunks.
Pixels only need to be valid, not pretty. Run from anywhere; output is deterministic."""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "png")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, interlace=0, extra=b""):
    """rows: packed scanline bytes without filter bytes (a list per pass when interlaced)."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    raw = b"".join(b"\x00" + r for r in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def pack(values, depth):
    """Packs sample values of `depth` bits (1, 2, 4, 8 or 16) into a scanline."""
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if depth == 8:
        return bytes(values)
    out, acc, n = [], 0, 0
    for v in values:
        acc = (acc << depth) | v
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def adam7(width, height, pixel):
    """Scanlines of the seven Adam7 passes; pixel(x, y) gives one pixel's bytes."""
    rows = []
    for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
        xs = range(x0, width, dx)
        if not xs:
            continue
        for y in range(y0, height, dy):
            rows.append(b"".join(pixel(x, y) for x in xs))
    return rows


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


write("interlaced-rgba8.png", png(9, 7, 8, 6, adam7(9, 7, lambda x, y: bytes([x * 28, y * 36, 128, 255 - x * 20])), interlace=1))
write("grey16.png", png(5, 3, 16, 0, [pack([(x + y) * 9000 for x in range(5)], 16) for y in range(3)]))
write("grey1.png", png(11, 4, 1, 0, [pack([(x + y) & 1 for x in range(11)], 1) for y in range(4)]))
palette = chunk(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]))
write("palette4-trns-gama.png", png(6, 3, 4, 3, [pack([(x + y) % 5 for x in range(6)], 4) for y in range(3)],
                                    extra=chunk(b"gAMA", struct.pack(">I", 45455)) + palette + chunk(b"tRNS", bytes([0, 128]))))
meta = (chunk(b"sRGB", b"\x00") + chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000))
        + chunk(b"sBIT", b"\x05\x06\x05\x08") + chunk(b"bKGD", struct.pack(">3H", 1, 2, 3)) + chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))
        + chunk(b"tEXt", b"Title\x00seed") + chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(b"fuzz seed"))
        + chunk(b"iTXt", b"Author\x00\x00\x00en\x00\x00Gadgetboard") + chunk(b"tIME", struct.pack(">HBBBBB", 2024, 1, 2, 3, 4, 5)))
write("rgba8-metadata.png", png(3, 2, 8, 6, [bytes([200, 100, 50, 255] * 3), bytes([0, 0, 0, 0] * 3)], extra=meta))
write("grey-alpha16-interlaced.png", png(4, 4, 16, 4, adam7(4, 4, lambda x, y: struct.pack(">HH", x * 16000, 65535 - y * 16000)), interlace=1))
