#!/usr/bin/env python3
"""Judges what guest-video.sh left in OUT/video (host side, after the VM; issue 25).

usage: check-video.py OUT_DIR        exit 0 when every check passes; prints each check.
"""
import json
import os
import re
import subprocess
import sys

d = os.path.join(sys.argv[1], "video")
failures = []


def check(ok, what, detail=""):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail else ""))
    if not ok:
        failures.append(what)


def text(name):
    try:
        with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def load_json(name):
    try:
        return json.loads(text(name) or "")
    except ValueError:
        return {}


print("vm video checks:")
run_log = text("run.log") or ""
check((text("run.status") or "").strip() == "0", "the video kiosk exited 0 after SIGTERM", f"status {(text('run.status') or 'missing').strip()}")
check("stopped by signal 15" in run_log, "it stopped because of SIGTERM (not --duration)")
opened = [l for l in run_log.splitlines() if "video: clip: clip.mp4: 160x120 h264" in l]
check(len(opened) == 1, "the clip was opened once and its decoder logged once", opened[0].strip() if opened else "no line")
check("video: clip" not in run_log.replace(opened[0] if opened else "\0", ""), "no other video line (no error)")

events = []
for line in run_log.splitlines():
    if line.startswith("{"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("type") == "video":
            events.append(e)
kinds = [e.get("event") for e in events if e.get("gadget") == "clip"]
check(kinds[:1] == ["started"], "a started event first", json.dumps(kinds))
check("looped" in kinds, "a looped event (the clip played to its end and started again)", json.dumps(kinds))
check("error" not in kinds and "ended" not in kinds, "no error or ended event", json.dumps(kinds))

stats = load_json("stats.json")
check(stats.get("display", "").startswith("kms /dev/dri/card0"), "played on KMS", stats.get("display", "missing"))
video = stats.get("video") or {}
# A pass of the clip is 30 frames: a looped event means the whole clip's time went by on the
# flip clock. How many of its frames were shown, and not dropped, depends on emulation speed;
# that frames were shown does not.
check(video.get("framesPresented", 0) > 0, "video frames were presented (--stats video.framesPresented)", json.dumps(video))
check(video.get("path") == "upload", "software-decoded frames reach the GPU by upload (YUV textures)", video.get("path", "missing"))
check(video.get("decoder") == "h264", "decoded by FFmpeg's software h264", video.get("decoder", "missing"))
check(stats.get("framesPresented", 0) >= 2, "page flips were presented", f"{stats.get('framesPresented')} flips")

state = load_json("state.json")
clip = next((g for g in state.get("gadgets", []) if g.get("id") == "clip"), {})
vs = clip.get("video") or {}
check((text("state.status") or "").strip() == "0", "ctl state answered", (text("state.err") or "").strip())
check(vs.get("playing") is True and abs((vs.get("duration") or 0) - 1.0) < 0.05 and 0 <= (vs.get("time") if vs.get("time") is not None else -1) <= 1.01,
      "state: the clip is playing, 1 s long, at a time within it", json.dumps(vs))
pause = load_json("pause.json")
check((text("pause.status") or "").strip() == "0" and (pause.get("video") or {}).get("playing") is False,
      "a pause over the control socket stops it", json.dumps(pause) or (text("pause.err") or "").strip())

# The screenshot at exit: the clip's rectangle shows video (testsrc2: many colours), not the
# gadget's magenta fill; the card beside it is its green.
def read_png(path):
    """(width, height, rows of RGB tuples) through ImageMagick's convert (as Tests/window/check.py)."""
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    # The header is four fields and exactly one whitespace byte before the pixels (as
    # check-web.py reads it): split() would eat leading pixel bytes of 0x09-0x0d or 0x20.
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", ppm)
    assert header is not None and header.group(3) == b"255", "convert gave no 8-bit PPM"
    width, height, data = int(header.group(1)), int(header.group(2)), ppm[header.end():]
    return width, height, [[tuple(data[(y * width + x) * 3:(y * width + x) * 3 + 3]) for x in range(width)] for y in range(height)]


try:
    w, h, rows = read_png(os.path.join(d, "screenshot.png"))
except (OSError, AssertionError, subprocess.CalledProcessError) as error:
    w, h, rows = 0, 0, []
    check(False, "screenshot written", str(error))
if (w, h) == (800, 480):
    inside = {rows[y][x] for y in range(170, 390, 4) for x in range(410, 710, 4)}
    magenta = sum(1 for c in inside if c[0] > 200 and c[1] < 60 and c[2] > 200)
    check(len(inside) >= 20 and magenta < len(inside) // 2, "the screenshot shows the clip in its rectangle (many colours, not the fill)",
          f"{len(inside)} distinct colours")
    card = rows[280][160]
    check(abs(card[0] - 0x34) <= 8 and abs(card[1] - 0xc7) <= 8 and abs(card[2] - 0x59) <= 8, "the card beside it is drawn", f"{card}")
elif rows:
    check(False, "screenshot is the 800x480 panel", f"{w}x{h}")

print(f"vm video: {len(failures)} check(s) failed" if failures else "vm video: all checks passed")
sys.exit(1 if failures else 0)
