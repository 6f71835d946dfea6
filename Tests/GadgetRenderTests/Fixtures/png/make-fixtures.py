#!/usr/bin/env python3
"""Writes the PNG decoder's fixtures: one 4x2 image per colour type, chunk by chunk with zlib,
so the files do not depend on any imaging library. Every image encodes the same logical pixels
(see EXPECTED in PNGCodecTests.swift). Run from this directory; the outputs are committed."""
import struct, zlib

def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def png(width, height, depth, ctype, rows, extra=b""):
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 0))
            + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

# Logical RGBA pixels, 4x2: red, green, blue, white / black, grey, half-transparent red, clear.
PIX = [[(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)],
       [(0, 0, 0, 255), (128, 128, 128, 255), (255, 0, 0, 128), (0, 0, 0, 0)]]

def write(name, data):
    open(name, "wb").write(data)

write("rgba8.png", png(4, 2, 8, 6, [bytes(c for p in row for c in p) for row in PIX]))
write("rgba16.png", png(4, 2, 16, 6, [b"".join(struct.pack(">HHHH", *(v * 257 for v in p)) for p in row) for row in PIX]))
# RGB (opaque): alpha dropped.
write("rgb8.png", png(4, 2, 8, 2, [bytes(c for p in row for c in p[:3]) for row in PIX]))
# RGB with a tRNS colour key: pure black is transparent.
write("rgb8-trns.png", png(4, 2, 8, 2, [bytes(c for p in row for c in p[:3]) for row in PIX], chunk(b"tRNS", struct.pack(">HHH", 0, 0, 0))))
# Grey and grey+alpha: luminance ramp.
GREY = [[0, 85, 170, 255], [255, 170, 85, 0]]
ALPHA = [[255, 255, 128, 0], [255, 255, 255, 255]]
write("grey8.png", png(4, 2, 8, 0, [bytes(r) for r in GREY]))
write("grey-alpha8.png", png(4, 2, 8, 4, [bytes(v for pair in zip(g, a) for v in pair) for g, a in zip(GREY, ALPHA)]))
# Palette, opaque and with per-entry alpha (tRNS).
PAL = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
IDX = [[0, 1, 2, 3], [3, 2, 1, 0]]
plte = chunk(b"PLTE", bytes(c for p in PAL for c in p))
write("palette8.png", png(4, 2, 8, 3, [bytes(r) for r in IDX], plte))
write("palette8-trns.png", png(4, 2, 8, 3, [bytes(r) for r in IDX], plte + chunk(b"tRNS", bytes([255, 128, 0, 255]))))
# 1-bit palette (packed), and broken files.
write("palette1.png", png(4, 2, 1, 3, [bytes([0b10100000]), bytes([0b01010000])], chunk(b"PLTE", bytes([0, 0, 0, 255, 255, 255]))))
full = png(4, 2, 8, 6, [bytes(c for p in row for c in p) for row in PIX])
write("truncated.png", full[: len(full) - 30])
bad = bytearray(full); bad[-20] ^= 0xFF
write("corrupt-crc.png", bytes(bad))
write("not-a-png.png", b"GIF89a this is not a png")
# 9000x1: over the 8192 side limit (header only matters; a valid tiny IDAT follows).
write("too-wide.png", png(9000, 1, 1, 0, [bytes(1125)]))
