#!/usr/bin/env python3
"""Judges what Tests/vm/guest-kiosk.sh left in OUT_DIR (standard library only).

usage: check-results.py OUT_DIR VM_DIR      exit 0 when every check passes; prints each check.
"""
import glob
import json
import re
import struct
import sys
import zlib

from suite_log import declared_tests, judge_dmabuf, judge_suite

out, vm = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what, detail=""):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}" + (f": {detail}" if detail else ""))
    if not ok:
        failures.append(what)


def read(name):
    try:
        with open(f"{out}/{name}", "rb") as f:
            return f.read()
    except OSError:
        return None


def text(name):
    data = read(name)
    return data.decode("utf-8", "replace") if data is not None else None


def decode_png(data):
    """8-bit RGB/RGBA, non-interlaced PNG to (width, height, rows of RGBA tuples)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, f"unsupported PNG (depth {depth}, colour {color})"
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        prev = line
    return width, height, rows


def near(rgb, hexcolor, tolerance=8):
    want = tuple(int(hexcolor[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))


board = json.load(open(f"{vm}/board/board.json"))
home = {g["id"]: g["center"] for g in board["gadgets"]}
colors = {g["id"]: g["color"] for g in board["gadgets"]}

# The drag as played: first and last finger position in device units, mapped to the 800x480
# board exactly as the panel spans it (device range 0..1279 x 0..767 → 0..800 x 0..480).
xs, ys = [], []
for line in open(f"{vm}/touch/drag-right-down.evemu"):
    m = re.match(r"E: \S+ 0003 (0035|0036) (-?\d+)", line)
    if m:
        (xs if m.group(1) == "0035" else ys).append(int(m.group(2)))
drag = ((xs[-1] - xs[0]) * 800 / 1279, (ys[-1] - ys[0]) * 480 / 767)
expected = (home["target"][0] + drag[0], home["target"][1] + drag[1])

print("vm test checks:")
# The hardware suites (guest-kiosk.sh runs both whenever run.sh gives it the test binary; when
# it does not, run.sh says why in hardware-suites.skipped and they are reported as skipped): a
# missing status file is a suite that did not run, and fails by name; exit status 0 also covers
# a suite that skipped itself (no card), so the tests that executed are counted.
skipped_checks = []
suites_skipped = text("hardware-suites.skipped")
if suites_skipped is not None:
    for suite in ("KMSHardwareTests", "DMABufHardwareTests"):
        print(f"  skip {suite}: not run: {suites_skipped.strip()}")
        skipped_checks.append(suite)
else:
    kms_ok, kms_detail = judge_suite(text("kms-tests.status"), text("kms-tests.log"),
                                     declared_tests(open(f"{vm}/../GadgetKMSTests/KMSHardwareTests.swift").read()), "KMSHardwareTests")
    check(kms_ok, "KMS hardware suite: every test ran and passed in the VM", kms_detail)
    # The zero-copy path (issue 25, 3b): a known NV12/YUV420 picture in a dma-buf imported as an
    # EGLImage and drawn with samplerExternalOES on the VM's Mesa (DMABufHardwareTests).
    dmabuf_ok, dmabuf_line, dmabuf_detail = judge_dmabuf(
        text("dmabuf-tests.status"), text("dmabuf-tests.log"),
        declared_tests(open(f"{vm}/../GadgetKMSTests/DMABufHardwareTests.swift").read()))
    check(dmabuf_ok, dmabuf_line, dmabuf_detail)

wait_log = text("wait-run.log") or ""
check("no connected display on /dev/dri/card0 (connectors: Virtual-2 disconnected)" in wait_log and "waiting for one, retrying every second" in wait_log,
      "an unplugged connector is waited for", wait_log.strip().splitlines()[0] if wait_log.strip() else "no output")
check((text("wait-run.status") or "").strip() == "0" and "kms: first frame" not in wait_log, "SIGTERM ends the wait with exit 0",
      f"status {(text('wait-run.status') or 'missing').strip()}")

run_log = text("run.log") or ""
check((text("run.status") or "").strip() == "0", "gadgetboard exited 0 after SIGTERM", f"status {(text('run.status') or 'missing').strip()}")
check("stopped by signal 15" in run_log, "it stopped because of SIGTERM (not --duration)")

stats = json.loads(text("stats.json") or "{}")
display = stats.get("display", "")
check(display.startswith("kms /dev/dri/card0") and "Virtual-1" in display and "800x480" in display,
      "stats name the card, connector and mode", display)
# How many flips fit in the run depends on emulation speed; that some did does not: the first
# frame, and at least the one at exit that shows the board after the drag.
frames = stats.get("framesPresented", 0)
check(frames >= 2, "frames were presented through page flips", f"{frames} flips, frame time {stats.get('frameTime')}")
# Damage tracking on KMS (--verify-damage): every frame drawn with damage tracking into the GBM
# surface's back buffer (whatever its age) equals the same frame drawn in full off screen.
verify = stats.get("damageVerify") or {}
check(verify.get("frames", 0) >= 2 and verify.get("mismatchedFrames", -1) == 0,
      "every damage-tracked frame equals a full redraw, pixel for pixel (KMS)",
      f"{verify}, buffer ages {stats.get('bufferAges')}, redrawn {stats.get('redrawnFraction')}")

# The drags as the kiosk saw them (run --events): the first moved the target by the drag; the
# second, played after the panel was unplugged and plugged back, moved it back home.
pans = []
for line in run_log.splitlines():
    if line.startswith("{"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("gesture") == "pan" and e.get("state") == "ended":
            pans.append(e)
def moved_by(e, d):
    t = e.get("translation") or [1e9, 1e9]
    return e.get("gadget") == "target" and abs(t[0] - d[0]) <= 5 and abs(t[1] - d[1]) <= 5
check(len(pans) == 2, "two drags recognised (before the unplug and after the return)", f"{len(pans)} pan ended events")
check(len(pans) >= 1 and moved_by(pans[0], drag), "the first drag moved the target by the drag (±5 px)",
      f"{pans[0].get('gadget')} by {pans[0].get('translation')}, drag ({drag[0]:.1f}, {drag[1]:.1f})" if pans else "none")
check(len(pans) >= 2 and moved_by(pans[1], (-drag[0], -drag[1])), "after the panel came back, a drag moved the target back (±5 px)",
      f"{pans[1].get('gadget')} by {pans[1].get('translation')}" if len(pans) >= 2 else "none")

# Hotplug: logged both ways, still running while unplugged, counted.
check("display disconnected (kms /dev/dri/card0" in run_log and "the kiosk keeps running" in run_log,
      "the unplug was noticed and logged once", f"{run_log.count('display disconnected')} line(s)")
check((text("alive-while-unplugged") or "").strip() == "yes", "the kiosk kept running while no display was connected")
reconnect = [l for l in run_log.splitlines() if "display connected again" in l]
check(len(reconnect) == 1 and "Virtual-1 800x480" in reconnect[0], "the return was noticed, re-probed and logged",
      reconnect[0].strip() if reconnect else "no line")
check(stats.get("displayDisconnects") == 1 and stats.get("displayReconnects") == 1, "--stats counts one disconnect and one reconnect",
      f"disconnects {stats.get('displayDisconnects')}, reconnects {stats.get('displayReconnects')}")

state = json.loads(text("state.json") or "{}")
centers = {g["id"]: g["center"] for g in state.get("gadgets", [])}
target = centers.get("target")
back = target is not None and abs(target[0] - home["target"][0]) <= 5 and abs(target[1] - home["target"][1]) <= 5
check(back, "the target ended back home after both drags (±5 px)", f"at {target}, home {home['target']}")
check(centers.get("marker") == home["marker"], "the immovable gadget stayed home", f"at {centers.get('marker')}")

png = read("screenshot.png")
if png is None:
    check(False, "screenshot written")
else:
    w, h, rows = decode_png(png)
    check((w, h) == (800, 480), "screenshot is the 800x480 panel", f"{w}x{h}")
    if (w, h) == (800, 480):
        def px(x, y): return rows[int(round(y))][int(round(x))]
        probes = [
            ("marker", home["marker"], colors["marker"]),
            ("background (corner)", (40, 440), board["background"]),
            ("target back home after the return", home["target"], colors["target"]),
            ("background where the first drag left it", expected, board["background"]),
        ]
        for name, (x, y), color in probes:
            check(near(px(x, y), color), f"screenshot shows the {name} at ({x:.0f}, {y:.0f})", f"{px(x, y)} vs {color}")

before, after, killed = text("crtc-before"), text("crtc-after"), text("crtc-after-kill")
check(before is not None and "CRTC" in before, "CRTC state recorded before the run", (before or "").strip().replace("\n", " | "))
during = text("crtc-during")
check(during is not None and during != before and "graphics mode" in during,
      "while running, gadgetboard's framebuffer was on the CRTC and the console in graphics mode", (during or "missing").strip().replace("\n", " | "))
check(before is not None and before == after, "CRTC and console restored after SIGTERM", (after or "missing").strip().replace("\n", " | "))
check(after is not None and "in text mode" in after, "console back in text mode")
# Negative control: the same check must see the difference when nothing restores.
killed_crtcs = [l for l in (killed or "").splitlines() if "CRTC" in l]
check(killed is not None and killed_crtcs != [l for l in (before or "").splitlines() if "CRTC" in l] and "graphics mode" in killed,
      "negative control: after SIGKILL the same check sees the CRTC and console unrestored",
      (killed or "missing").strip().replace("\n", " | "))

# Pages: one tap on the home page's button (tap-button.evemu, board (200, 360)) showed the menu.
pages_log = text("pages-run.log") or ""
page_events = []
for line in pages_log.splitlines():
    if line.startswith("{"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("type") in ("action", "page"):
            page_events.append(e)
check((text("pages-run.status") or "").strip() == "0", "the paged kiosk exited 0 after SIGTERM",
      f"status {(text('pages-run.status') or 'missing').strip()}")
check(any(e["type"] == "action" and e.get("action") == "page" and e.get("gadget") == "toMenu" and e.get("gesture") == "tap"
          and e.get("page") == "home" for e in page_events),
      "the tap ran the home button's action (an action event on --events)", json.dumps(page_events))
check(any(e["type"] == "page" and e.get("page") == "menu" and e.get("from") == "home" and e.get("cause") == "tap" for e in page_events),
      "the page changed from home to menu (a page event on --events)", json.dumps(page_events))
pages_state = json.loads(text("pages-state.json") or "{}")
check(pages_state.get("page") == "menu", "--state says the menu page is shown", f"page {pages_state.get('page')}")

# Typing (issue 38): a USB keyboard (keyboard/usb-keyboard.desc, made by evemu-device) typed
# keyboard/type-kiosk-42.evemu into the focused field on KMS: "Kiosk 423", Backspace, Enter. The
# text is judged in the form's spool entry (state never carries field text): nothing typed, or
# the field not focused, leaves the required field empty, so no entry is written and this fails.
typed = "Kiosk 42"
typing_log = text("typing-run.log") or ""
check((text("typing-run.status") or "").strip() == "0", "the typing kiosk exited 0 after SIGTERM",
      f"status {(text('typing-run.status') or 'missing').strip()}")
using = [l for l in typing_log.splitlines() if "using /dev/input/event" in l]
check(len(using) == 1 and "(keyboard)" in using[0], "the kiosk opened the evemu device as a keyboard",
      using[0].strip() if using else "no 'using' line")


def ctl_state(name):
    try:
        reply = json.loads(text(name) or "{}")
    except ValueError:
        return {}
    return reply.get("state", reply) if isinstance(reply, dict) else {}


focused = ctl_state("typing-state-focused.json")
check(focused.get("focus") == "name", "control focus put the caret in the field (state's focus)",
      f"focus {focused.get('focus')!r}")
entries = sorted(glob.glob(f"{out}/typing-spool/*.json"))
records = []
for path in entries:
    try:
        records.append(json.load(open(path)))
    except ValueError:
        records.append({})
fields = [(r.get("submission") or {}).get("fields") for r in records]
check(len(records) == 1 and fields[0] == {"name": typed},
      f"the keys typed exactly {typed!r} into the field, and Enter submitted it (the spool entry)",
      f"{len(records)} entr(y/ies), fields {fields}")
check(len(records) == 1 and records[0].get("target") == {"topic": "vm/visitors"}, "the entry is for the board's form's topic",
      f"{records[0].get('target') if records else 'none'}")
submitted = ctl_state("typing-state-submitted.json")
check((submitted.get("forms") or {}).get("pending") == 1, "state's forms.pending counts the one waiting entry",
      f"forms {submitted.get('forms')}")
check(submitted != {} and "Kiosk" not in json.dumps(submitted), "state never carries what was typed (privacy)")

# Opening hours: DPMS off at closing, on at opening, each by the schedule after a clock jump.
schedule_log = text("schedule-run.log") or ""
dpms = [(text(f"schedule-dpms-{k}.txt") or "missing").strip() for k in ("open", "closed", "reopened")]
check(dpms == ["On", "Off", "On"], "the connector's DPMS: on while open, off after closing, on after opening",
      " → ".join(dpms))
closed, opened = schedule_log.find("display: off (schedule)"), schedule_log.find("display: on (schedule)")
check(0 <= closed < opened and "display: panel off (DPMS)" in schedule_log,
      "the kiosk logged the display off by the schedule (DPMS), then on again by it")
check(schedule_log.count("the wall clock was set") >= 2, "each clock jump was heard at once (the wall clock watch)")
check((text("schedule-run.status") or "").strip() == "0", "the scheduled kiosk exited 0 after SIGTERM",
      f"status {(text('schedule-run.status') or 'missing').strip()}")

skipped_note = f"; skipped: {', '.join(skipped_checks)} ({suites_skipped.strip()})" if skipped_checks else ""
print((f"vm test: {len(failures)} check(s) failed" if failures else "vm test: all checks passed") + skipped_note)
sys.exit(1 if failures else 0)
