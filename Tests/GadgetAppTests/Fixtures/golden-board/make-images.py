#!/usr/bin/env python3
"""Writes the golden board's images (committed): a 16x16 checker and a 32x32 disc with alpha."""
import struct, zlib, math

def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def rgba_png(w, h, px):
    raw = b"".join(b"\x00" + bytes(c for x in range(w) for c in px(x, y)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

open("checker.png", "wb").write(rgba_png(16, 16, lambda x, y: (255, 255, 255, 255) if (x // 4 + y // 4) % 2 == 0 else (40, 80, 200, 255)))

def disc(x, y):
    d = math.hypot(x + 0.5 - 16, y + 0.5 - 16) - 14
    a = max(0.0, min(1.0, 0.5 - d))
    return (255, 200, 0, int(round(a * 255)))

open("disc.png", "wb").write(rgba_png(32, 32, disc))
