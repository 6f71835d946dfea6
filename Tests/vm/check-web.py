#!/usr/bin/env python3
"""Judges what guest-web.sh left in OUT/web (host side, after the VM; issue 40's "The VM: a page
drawn on KMS").

usage: check-web.py OUT_DIR            exit 0 when every check passes; prints each check and
                                       writes OUT_DIR/web-checks.xml (xUnit: scripts/test.sh counts it)
       check-web.py --probe PNG STATE  (the guest's wait) exit 0 when PNG shows the page's colours
                                       at the pose STATE (a `ctl state` reply) gives the gadget

The page (web/page.html, 320x200 CSS px): left half red, right half blue, an 80x80 green square at
the top left, so a page drawn mirrored, upside down or turned the wrong way fails; the gadget is
turned 15 degrees in the board and scaled 1.25 by the guest over the control socket.
"""
import json
import math
import os
import re
import subprocess
import sys
from xml.sax.saxutils import escape, quoteattr

GADGET = "page"
SIZE = (320.0, 200.0)          # the gadget's home size = the page's CSS size (zoom 1)
PANEL = (800, 480)
BACKGROUND = (0x20, 0x20, 0x20)
RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
# Per channel: the page's colours are pure and every sample is at least 20 CSS px (25 board px)
# inside its area or outside the gadget, so no edge filtering reaches it; 24 only absorbs a GL
# driver's rounding of the BGRA upload (as Tests/web/kiosk_checks.py).
TOLERANCE = 24
# (CSS point, colour, what).
SAMPLES = [((40, 40), GREEN, "the green square (top left)"),
           ((120, 40), RED, "left half, top"), ((40, 160), RED, "left half, bottom"), ((100, 120), RED, "left half, middle"),
           ((200, 40), BLUE, "right half, top"), ((300, 180), BLUE, "right half, bottom right"), ((240, 100), BLUE, "right half, middle")]
OUTSIDE = [(-20, 100), (340, 100), (160, -20), (160, 220)]


def board_point(px, py, center, rotation_deg, scale):
    """Page CSS pixel -> board pixel through the gadget's pose (clockwise turn, y down)."""
    dx = (px / SIZE[0] - 0.5) * SIZE[0] * scale
    dy = (py / SIZE[1] - 0.5) * SIZE[1] * scale
    a = math.radians(rotation_deg)
    return (center[0] + dx * math.cos(a) - dy * math.sin(a), center[1] + dx * math.sin(a) + dy * math.cos(a))


def read_png(path):
    """(width, height, RGB bytes) through ImageMagick's convert (as check-video.py)."""
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    # The header is four fields and exactly one whitespace byte before the pixels: split() alone
    # would eat leading pixel bytes of value 0x20 (this board's background, #202020) as whitespace.
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", ppm)
    if header is None or header.group(3) != b"255":
        raise ValueError("convert gave no 8-bit PPM")
    return int(header.group(1)), int(header.group(2)), ppm[header.end():]


def pixel(image, x, y):
    w, h, data = image
    x, y = int(round(x)), int(round(y))
    if not (0 <= x < w and 0 <= y < h):
        return None
    i = (y * w + x) * 3
    return tuple(data[i:i + 3])


def near(got, want):
    return got is not None and all(abs(g - w) <= TOLERANCE for g, w in zip(got, want))


def pose(state):
    g = next((g for g in state.get("gadgets", []) if g.get("id") == GADGET), None)
    if g is None:
        return None
    return (g["center"][0], g["center"][1]), g.get("rotation", 0), g.get("scale", 1)


def page_samples(image, p):
    """[(what, got, want, ok)] for the page's samples and the background just outside it."""
    center, rotation, scale = p
    out = []
    for at, want, what in SAMPLES:
        got = pixel(image, *board_point(*at, center, rotation, scale))
        out.append((f"{what} at CSS {at}", got, want, near(got, want)))
    for at in OUTSIDE:
        got = pixel(image, *board_point(*at, center, rotation, scale))
        out.append((f"outside the gadget at CSS {at}", got, BACKGROUND, near(got, BACKGROUND)))
    return out


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def probe(png, state_path):
    p = pose(load_json(state_path))
    if p is None:
        print("probe: no pose for the gadget in the state")
        return 2
    try:
        image = read_png(png)
    except (OSError, ValueError, subprocess.CalledProcessError) as error:
        print(f"probe: {png}: {error}")
        return 2
    got = page_samples(image, p)
    bad = [g for g in got if not g[3]]
    print(f"probe: {len(got) - len(bad)} of {len(got)} samples right" + (f"; first wrong: {bad[0][0]} is {bad[0][1]}" if bad else ""))
    return 0 if not bad else 1


if len(sys.argv) == 4 and sys.argv[1] == "--probe":
    sys.exit(probe(sys.argv[2], sys.argv[3]))

out = sys.argv[1]
d = os.path.join(out, "web")
cases = []  # (name, ok, detail)


def check(ok, what, detail=""):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail else ""))
    cases.append((what, ok, detail))


def text(name):
    try:
        with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


print("vm web checks:")
timeline = text("timeline.txt") or ""
for line in timeline.splitlines():
    print(f"  time {line}")
run_log = text("run.log") or ""
check((text("run.status") or "").strip() == "0", "the web kiosk exited 0 after SIGTERM", f"status {(text('run.status') or 'missing').strip()}")
check("stopped by signal 15" in run_log, "it stopped because of SIGTERM (not --duration)")
check("Serving HTTP on 127.0.0.1 port 8040" in (text("server.log") or ""), "the loopback page server ran in the guest (lo up)",
      (text("server.log") or "no server.log").strip().splitlines()[0] if (text("server.log") or "").strip() else "no server.log")

events = []
for line in run_log.splitlines():
    if line.startswith("{"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("type") == "web" and e.get("gadget") == GADGET:
            events.append(e)
kinds = [e.get("event") for e in events]
check("loaded" in kinds, "the page's web loaded event", json.dumps(kinds))
check("crashed" not in kinds and "failed" not in kinds and "restarted" not in kinds,
      "no failed, crashed or restarted event (the helper started and loaded the page once)",
      "; ".join(f"{e.get('event')}: {e.get('message', '')}" for e in events if e.get("event") not in ("loaded", "shown")) or json.dumps(kinds))
# `shown` may come before `loaded` (WebKit can paint before the load's end): not ordered here.
check("shown" in kinds, "a shown event (a frame with the page's pixels presented on KMS)", json.dumps(kinds))
served = [l for l in (text("server.log") or "").splitlines() if "GET /page.html" in l]
check(len(served) >= 1, "the page was fetched from the guest's server", served[0].strip() if served else "no GET /page.html")

stats = load_json(os.path.join(d, "stats.json"))
check(stats.get("display", "").startswith("kms /dev/dri/card0"), "shown on KMS", stats.get("display", "missing"))
check(stats.get("framesPresented", 0) >= 2, "page flips were presented", f"{stats.get('framesPresented')} flips")

state = load_json(os.path.join(d, "state.json"))
g = next((g for g in state.get("gadgets", []) if g.get("id") == GADGET), {})
web = g.get("web") or {}
check(web.get("loaded") is True and web.get("url") == "http://127.0.0.1:8040/page.html" and web.get("crashes") == 0,
      "ctl state: the page loaded, its URL, no crashes", json.dumps(web))
p = pose(state)
check(p is not None and abs(p[1] - 15) < 0.01 and abs(p[2] - 1.25) < 0.001, "the gadget is turned 15 degrees and scaled 1.25", json.dumps(p))

probes = [l for l in timeline.splitlines() if l.startswith("colours")]
check(bool(probes), "the guest saw the page's colours in a control snapshot before stopping the kiosk", probes[0] if probes else "never")

try:
    image = read_png(os.path.join(d, "screenshot.png"))
except (OSError, ValueError, subprocess.CalledProcessError) as error:
    image = None
    check(False, "the KMS screenshot at exit was written", str(error))
if image is not None:
    check(image[:2] == PANEL, "the screenshot is the 800x480 panel", f"{image[0]}x{image[1]}")
    if image[:2] == PANEL and p is not None:
        got = page_samples(image, p)
        bad = [x for x in got if not x[3]]
        check(not bad, "the KMS screenshot shows the page at the gadget's place, turned and scaled (red left, blue right, green top left; the background around it)",
              f"{len(got) - len(bad)} of {len(got)} samples right" + (f"; wrong: " + "; ".join(f"{w}: {c} (want {t})" for w, c, t, _ in bad) if bad else ""))

# What the stage found out about the guest (reported, not judged: docs/web.md).
sandbox_off = "bubblewrap cannot run here" in run_log
ps = text("ps.txt") or ""
names = [l.split(None, 3)[3] if len(l.split(None, 3)) > 3 else "" for l in ps.splitlines()[1:]]
nspid = (text("nspid.txt") or "").strip().splitlines()
namespaced = [l for l in nspid if len(l.split()) > 3]  # "PID NSpid: OUTER INNER"
bwrap = any(n.split()[0].rsplit("/", 1)[-1] == "bwrap" for n in names if n)
print(f"  note sandbox: {'off: the helper said bubblewrap cannot run here' if sandbox_off else 'on: bwrap ran and WebKit process(es) are in a pid namespace of their own' if bwrap and namespaced else 'off: bwrap can run (no line from the helper) but WebKit started its processes without it (no bwrap process, no pid namespace; WebKit does that where /.dockerenv exists)'}"
      + (f" ({'; '.join(nspid)})" if nspid else ""))
# How the frames came: the helper chooses dma-buf only where a render node's EGL can export
# (docs/web.md); its line, and the kiosk's if an import failed, say which.
paths = [l.strip() for l in run_log.splitlines() if not l.startswith("{") and ("dma-buf" in l or "shared memory" in l or "EGL" in l)]
print(f"  note frames: the helper said {json.dumps(web.get('engine', 'nothing (a kiosk before state had engine)'))}; "
      + (' | '.join(paths) if paths else 'no line about dma-buf or EGL from the helper or the kiosk'))
rss = {}
for line in ps.splitlines()[1:]:
    parts = line.split(None, 3)
    if len(parts) < 4 or not parts[2].isdigit():
        continue
    comm = parts[3].split()[0].rsplit("/", 1)[-1]
    for name in ("gadgetboard-web", "WPEWebProcess", "WPENetworkProcess", "bwrap", "xdg-dbus-proxy", "gadgetboard"):
        if comm == name:
            rss[name] = rss.get(name, 0) + int(parts[2])
page_rss = sum(v for k, v in rss.items() if k != "gadgetboard")
print(f"  note memory (RSS after the load, KiB): {json.dumps(rss)}; the page's processes summed {page_rss // 1024} MiB")
for line in (text("free.txt") or "").splitlines()[:2]:
    print(f"  note free -m: {line}")

failed = [c for c in cases if not c[1]]
with open(os.path.join(out, "web-checks.xml"), "w", encoding="utf-8") as f:
    f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="vm web" tests="{len(cases)}" failures="{len(failed)}">\n')
    for name, ok, detail in cases:
        f.write(f'  <testcase classname="vm.web" name={quoteattr(name)}>')
        if not ok:
            f.write(f'<failure message={quoteattr(detail)}>{escape(detail)}</failure>')
        f.write("</testcase>\n")
    f.write("</testsuite></testsuites>\n")
print(f"vm web: {len(failed)} check(s) failed" if failed else "vm web: all checks passed")
sys.exit(1 if failed else 0)
