#!/usr/bin/env python3
"""Writes the photo benchmark boards (docs/BENCHMARKS.md, "Photos"): 12 camera-sized photos of
4000x3000 on a 1920x1080 board, once as PNG and once as JPEG (cjpeg -quality 85, as a camera
would), in a 4x3 grid of 400x300 gadgets.

    bench/make-photo-board.py DIR [--max-scale 2]

DIR/png/board.json and DIR/jpeg/board.json. The pictures are deterministic (a smooth gradient per
photo with seeded noise, so they compress like photos rather than like flat colour): the same
bytes on every run. Needs python3-numpy and cjpeg (libjpeg-turbo-progs).
"""
import argparse, json, os, struct, subprocess, zlib
import numpy as np

W, H, COUNT = 4000, 3000, 12

def picture(i):
    rng = np.random.default_rng(1000 + i)
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    r = 128 + 100 * np.sin(x / (300 + 40 * i) + i) * np.cos(y / 500)
    g = 128 + 100 * np.cos((x + y) / (700 + 30 * i))
    b = 255 * (y / H) * (1 - x / W) + 30 * i
    img = np.stack([r, g, b], axis=-1) + rng.normal(0, 6, (H, W, 3))
    return np.clip(img, 0, 255).astype(np.uint8)

def write_png(path, rgb):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = np.concatenate([np.zeros((H, 1), np.uint8), rgb.reshape(H, W * 3)], axis=1)  # filter 0
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b""))

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--max-scale", type=float, default=2.0)
    a = ap.parse_args()
    for kind in ("png", "jpeg"):
        os.makedirs(os.path.join(a.dir, kind), exist_ok=True)
    gadgets = []
    for i in range(COUNT):
        rgb = picture(i)
        write_png(os.path.join(a.dir, "png", f"photo{i:02}.png"), rgb)
        ppm = os.path.join(a.dir, "jpeg", "tmp.ppm")
        with open(ppm, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (W, H) + rgb.tobytes())
        with open(os.path.join(a.dir, "jpeg", f"photo{i:02}.jpg"), "wb") as out:
            subprocess.run(["cjpeg", "-quality", "85", ppm], stdout=out, check=True)
        os.remove(ppm)
        col, row = i % 4, i // 4
        gadgets.append({"id": f"photo{i:02}", "center": [240 + 480 * col, 180 + 360 * row], "size": [400, 300],
                        "rotation": (i * 7) % 11 - 5, "maxScale": a.max_scale})
    for kind, ext in (("png", "png"), ("jpeg", "jpg")):
        board = {"size": [1920, 1080], "background": "#202020",
                 "gadgets": [dict(g, image=f"{g['id']}.{ext}") for g in gadgets]}
        with open(os.path.join(a.dir, kind, "board.json"), "w") as f:
            json.dump(board, f, indent=1)

main()
