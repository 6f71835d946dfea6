#!/usr/bin/env python3
"""Judges what guest-calibrate.sh left in OUT/calibrate (host side, after the VM).

usage: check-calibrate.py OUT_DIR        (OUT_DIR holds calibrate/, or is it)
As a module: `from check_calibrate import check` is not possible with the dash in the name;
use `importlib` or run it: `check(out_dir)` returns a list of (ok, message) pairs.
"""
import json
import os
import re
import sys

# Must match guest-calibrate.sh.
TRUE_MATRIX = [0.06, 1.12, -0.09, 0.94, -0.05, 0.04]
XMAX, YMAX = 1279, 767
DISPLAY = (800, 480)
# The layout: corners inset by 10 %, then the centre (CalibrationLayout), display pixels.
TARGETS = [(80, 48), (720, 48), (720, 432), (80, 432), (400, 240)]


def apply(m, u, v):
    return (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5])


def read(path, mode="r"):
    try:
        with open(path, mode) as f:
            return f.read()
    except OSError:
        return None


def check(out_dir):
    d = os.path.join(out_dir, "calibrate") if os.path.isdir(os.path.join(out_dir, "calibrate")) else out_dir
    results = []

    def expect(ok, message):
        results.append((bool(ok), message))

    status = (read(os.path.join(d, "calibrate.status")) or "").strip()
    log = read(os.path.join(d, "calibrate.log")) or ""
    out = read(os.path.join(d, "calibrate.out")) or ""
    expect(status == "0", f"calibrate exited 0 (got {status or 'nothing'})")
    expect(re.search(r"calibrate: check: a dot follows", log) and re.search(r"calibrate: accepted \[", log),
           "the check screen came up and the tap on OK accepted the matrix")

    # The targets as logged, in order, each first shown once (target 1 twice: the slide).
    shown = re.findall(r"target (\d) of 5 at \(([-\d.]+), ([-\d.]+)\): panel \(([-\d.e]+), ([-\d.e]+)\)", log)
    firsts = [s for s in shown if s[0] == "1"]
    expect(len(firsts) == 2, f"target 1 was shown twice (the slide was refused): {len(firsts)} times")
    expect(re.search(r"target 1 of 5: the touch moved [\d.]+% of the panel: hold still", log),
           "the slide on target 1 was refused as 'moved'")
    panel = {}
    for n, x, y, u, v in shown:
        panel[int(n)] = (float(u), float(v))
        expect(abs(float(x) - TARGETS[int(n) - 1][0]) < 0.01 and abs(float(y) - TARGETS[int(n) - 1][1]) < 0.01,
               f"target {n} at ({x}, {y}) on screen, expected {TARGETS[int(n) - 1]}")
    expect(sorted(panel) == [1, 2, 3, 4, 5], f"all five targets were shown: {sorted(panel)}")

    lines = [l for l in out.splitlines() if l.strip()]
    matrix = None
    try:
        matrix = json.loads(lines[-1])
        expect(isinstance(matrix, list) and len(matrix) == 6 and all(isinstance(x, (int, float)) for x in matrix),
               f"the last stdout line is a JSON array of six numbers: {lines[-1]}")
    except (IndexError, ValueError) as e:
        expect(False, f"the last stdout line is a JSON array of six numbers ({e}; stdout {out!r})")
        matrix = None

    played = []
    for line in (read(os.path.join(d, "played.txt")) or "").splitlines():
        x, y = line.split()
        played.append((int(x), int(y)))
    expect(len(played) == 5, f"five calibration touches were played: {len(played)}")

    if matrix and len(matrix) == 6 and len(played) == 5 and len(panel) == 5:
        worst = 0.0
        for n, (x, y) in enumerate(played, start=1):
            pu, pv = apply(matrix, x / XMAX, y / YMAX)
            tu, tv = panel[n]
            err = ((pu - tu) * DISPLAY[0]) ** 2 + ((pv - tv) * DISPLAY[1]) ** 2
            worst = max(worst, err ** 0.5)
        expect(worst <= 1.0, f"the recovered matrix maps every played touch onto its target within 1 px (worst {worst:.3f} px)")
        diff = max(abs(a - b) for a, b in zip(matrix, TRUE_MATRIX))
        expect(diff < 0.01, f"the recovered matrix {matrix} is the panel's {TRUE_MATRIX} (largest difference {diff:.5f})")

    # The --write board: the original text with exactly the touch member added.
    original = read(os.path.join(d, "board-original.json"), "rb")
    copy = read(os.path.join(d, "board-copy.json"), "rb")
    if original is not None and copy is not None and matrix:
        written = json.loads(copy)
        expect(written.get("touch", {}).get("calibration") == matrix, "board-copy.json's touch.calibration is the printed matrix")
        m = re.search(rb'"touch": \{"calibration": \[[^\]]*\]\},\s*', copy)
        expect(m is not None and copy[:m.start()] + copy[m.end():] == original,
               "board-copy.json is the original byte for byte apart from the inserted touch member")
    else:
        expect(False, "board-original.json and board-copy.json exist")

    # SIGTERM mid-calibration: non-zero, a clear line, nothing written.
    st = (read(os.path.join(d, "sigterm.status")) or "").strip()
    slog = read(os.path.join(d, "sigterm.log")) or ""
    expect(st not in ("", "0"), f"SIGTERM mid-calibration exits non-zero (got {st or 'nothing'})")
    expect(re.search(r"calibrate: error: stopped by signal 15 .*nothing written", slog), "SIGTERM says it stopped and wrote nothing")
    expect(read(os.path.join(d, "board-sigterm.json"), "rb") == original, "SIGTERM left the --write board untouched")
    expect((read(os.path.join(d, "sigterm.out")) or "") == "", "SIGTERM printed no matrix")

    # A missing touch device: one line, non-zero.
    nd = (read(os.path.join(d, "nodevice.status")) or "").strip()
    nlog = (read(os.path.join(d, "nodevice.log")) or "").splitlines()
    expect(nd not in ("", "0"), f"a missing touch device exits non-zero (got {nd or 'nothing'})")
    expect(len(nlog) == 1 and "no touch device at /dev/input/event99" in nlog[0], f"a missing touch device is one clear line: {nlog}")
    return results


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    results = check(sys.argv[1])
    for ok, message in results:
        print(f"{'ok  ' if ok else 'FAIL'} calibrate: {message}")
    failed = sum(1 for ok, _ in results if not ok)
    print(f"calibrate checks: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
