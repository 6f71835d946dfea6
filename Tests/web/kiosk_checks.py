#!/usr/bin/env python3
"""The kiosk with the real web helper (issue 40), end to end: `gadgetboard run --display headless`
with one interactive web gadget showing server.py's /kiosk.html at zoom 2, turned 15 degrees and
scaled 1.25 through the control socket. One PASS/FAIL line per check; exit status 1 if any failed.
  kiosk_checks.py KIOSK HELPER PORT REPORTLOG WORKDIR

- colours: the control socket's snapshot shows the page's known colours where the page's CSS
  pixels land on the board through the gadget's turn, scale and zoom;
- zoom once: a sample that is blue when the page lays out at the gadget's size / zoom and green
  (the 100x100 CSS px square) when the zoom is applied twice (kiosk's size / zoom and the
  helper's page zoom again: the page would lay out 80x60 CSS px and the square cover it);
- touch: taps written into the kiosk's --input-fifo touch screen arrive in the page's touch
  handlers at the CSS pixels they were aimed at;
- shown after loaded: the kiosk's `--events` (in its log) have the `web` event `shown` (the
  helper's first frame with the page's pixels on screen) exactly once by the time the page's
  colours are on screen, and after the first `loaded`;
- offline snapshot: `gadgetboard snapshot` (no kiosk) draws the page at the gadget's pose; with
  the helper missing it says so in one line and the gadget shows the page's background (white);
- SIGKILL x10: the helper killed ten times; each time the kiosk restarts it and draws the page's
  next load (the top-right box alternates colour per load, so an old frame cannot pass), and its
  RSS and open descriptors after the 10th are within the stated bounds of after the 1st. The
  stage caps the restart back-off at 1 s (GADGETBOARD_WEB_RESTART_MAX_MS) so ten kills in a row
  take seconds, not the two minutes 0.25 s doubling to 30 s would.
"""
import base64
import json
import math
import os
import signal
import struct
import subprocess
import sys
import time

from kiosk_control import Control, decode_png, wait_until

kiosk_bin, helper_bin, port, report_log, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
base = f"http://127.0.0.1:{port}"
failures = 0
# Board and gadget: a 320x240 gadget at zoom 2 lays its page out at 160x120 CSS px.
BOARD_W, BOARD_H = 800, 600
CENTER, SIZE, TURN, SCALE, ZOOM = (400.0, 300.0), (320.0, 240.0), 15.0, 1.25, 2.0
CSS_W, CSS_H = SIZE[0] / ZOOM, SIZE[1] / ZOOM
# Colours are compared per channel within 24: each sample is at least 10 CSS px (25 board px at
# this scale and zoom) inside its area, so no edge filtering reaches it, and the page's colours
# are pure; 24 only absorbs a GL driver's rounding of the BGRA upload and blending.
TOLERANCE = 24
RED, GREEN, BLUE, YELLOW, CYAN = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255)
# After the 10th restart against after the 1st: descriptors at most 2 more (the fewest of five
# looks: the helper thread opens /proc files every 5 s to read the helpers' memory, so one look
# can catch one open; one descriptor kept per restart (the socket, a slot memfd) would be 9 more),
# RSS at most 4 MiB more (malloc arenas of the per-helper reader thread and the texture made
# again; a frame's pixels kept per restart, 320x240x4 = 300 KiB nine times, would pass this, but
# its memfd would not pass the descriptor bound).
FD_BOUND = 2
RSS_BOUND = 4 * 1024 * 1024


def result(name, ok, detail):
    global failures
    print(f"{'PASS' if ok else 'FAIL'}: web kiosk: {name}: {detail}", flush=True)
    if not ok:
        failures += 1


def board_point(px, py, center, rotation_deg, scale):
    """Page CSS pixel -> board pixel through the gadget's pose (clockwise turn, y down)."""
    dx = (px / CSS_W - 0.5) * SIZE[0] * scale
    dy = (py / CSS_H - 0.5) * SIZE[1] * scale
    a = math.radians(rotation_deg)
    return (center[0] + dx * math.cos(a) - dy * math.sin(a), center[1] + dx * math.sin(a) + dy * math.cos(a))


def near(got, want):
    return all(abs(g - w) <= TOLERANCE for g, w in zip(got, want))


def reports():
    try:
        with open(report_log) as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def kiosk_loads():
    return sum(1 for line in reports() if line.startswith("kioskload="))


def web_events():
    """The kiosk's `web` events so far (its `--events` lines in its log), in order."""
    out = []
    with open(os.path.join(work, "kiosk.log")) as f:
        for line in f:
            if line.startswith("{"):
                try:
                    e = json.loads(line)
                except ValueError:
                    continue
                if e.get("type") == "web":
                    out.append(e)
    return out


def helper_pids(parent):
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        if comm == "gadgetboard-web" and int(fields[1]) == parent and fields[0] != "Z":
            out.append(int(d))
    return out


def rss_and_fds(pid):
    looks = []
    for _ in range(5):
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
        looks.append((rss, len(os.listdir(f"/proc/{pid}/fd"))))
        time.sleep(0.05)
    return min(r for r, _ in looks), min(n for _, n in looks)


# The board: a dark background, one interactive web gadget.
board = {"size": [BOARD_W, BOARD_H], "background": "#202020", "gadgets": [
    {"id": "menu", "center": list(CENTER), "size": list(SIZE), "rotation": TURN,
     "web": {"url": f"{base}/kiosk.html", "zoom": ZOOM, "interactive": True}}]}
board_path = os.path.join(work, "board.json")
with open(board_path, "w") as f:
    json.dump(board, f)
fifo = os.path.join(work, "touch")
os.mkfifo(fifo)
sock_path = os.path.join(work, "control.sock")
env = dict(os.environ, GADGETBOARD_WEB_HELPER=helper_bin, GADGETBOARD_WEB_RESTART_MAX_MS="1000")
kiosk_log = open(os.path.join(work, "kiosk.log"), "w")
kiosk = subprocess.Popen([kiosk_bin, "run", board_path, "--display", "headless", "--duration", "600", "--no-watch",
                          "--control", sock_path, "--input-fifo", fifo, "--events"], stdout=kiosk_log, stderr=subprocess.STDOUT, env=env)

def offline_snapshot(helper, name):
    """`gadgetboard snapshot` of the board (no kiosk running): (exit status, stderr, pixels or None)."""
    out = os.path.join(work, f"{name}.png")
    run = subprocess.run([kiosk_bin, "snapshot", board_path, "--out", out], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, GADGETBOARD_WEB_HELPER=helper))
    pixels = None
    if run.returncode == 0:
        with open(out, "rb") as f:
            pixels = decode_png(f.read())[2]
    return run.returncode, run.stderr, pixels


# The FIFO's writer end stays open for the whole run (the input thread would see end of file).
touch = None
try:
    def open_fifo():
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # ENXIO until the kiosk reads it
        except OSError:
            return None
    fd = wait_until(open_fifo, 30)
    if fd is None:
        raise RuntimeError("the kiosk did not open its input FIFO in 30 s")
    os.set_blocking(fd, True)
    touch = os.fdopen(fd, "wb", buffering=0)
    if not wait_until(lambda: os.path.exists(sock_path), 30):
        raise RuntimeError("the kiosk made no control socket in 30 s")
    ctl = Control(sock_path)
    reply = ctl.ask({"cmd": "set", "gadget": "menu", "scale": SCALE})
    if not reply.get("ok"):
        raise RuntimeError(f"set scale: {reply}")

    def pose():
        state = ctl.ask({"cmd": "state"})
        g = next(g for g in state["gadgets"] if g["id"] == "menu")
        return (g["center"][0], g["center"][1]), g["rotation"], g["scale"], state.get("web", g.get("web"))

    def snapshot():
        reply = ctl.ask({"cmd": "snapshot"}, timeout=40)
        if not reply.get("ok"):
            raise RuntimeError(f"snapshot: {reply}")
        png = base64.b64decode(reply["png"])
        return png, decode_png(png)

    def sample(pixels, at, center, rotation, scale):
        x, y = board_point(at[0], at[1], center, rotation, scale)
        return pixels[int(round(y))][int(round(x))]

    # --- colours and zoom once. The snapshot waits for the page's load and 0.5 s more (WebKit's
    # painted frame follows blank ones); on a loaded machine the paint can take longer, so the
    # check looks again (up to 15 s) and says how many snapshots it took.
    t0 = time.monotonic()
    center, rotation, scale, _ = pose()
    shots = 0
    while True:
        png, (w, h, pixels) = snapshot()
        shots += 1
        if near(sample(pixels, (40, 50), center, rotation, scale), GREEN) or time.monotonic() - t0 > 15:
            break
        time.sleep(0.2)
    with open(os.path.join(work, "kiosk.png"), "wb") as f:
        f.write(png)
    box = YELLOW if kiosk_loads() % 2 else CYAN  # the page shown is the latest load
    # (CSS point, colour, why): each at least 10 CSS px inside its area.
    samples = [((40, 50), GREEN, "square"), ((40, 112), RED, "left half"), ((60, 15), GREEN, "square"),
               ((140, 112), BLUE, "right half"), ((140, 15), box, "load box"),
               ((10, 110), RED, "bottom left"), ((150, 60), BLUE, "right edge")]
    got = [(at, sample(pixels, at, center, rotation, scale), want, why) for at, want, why in samples]
    bad = [g for g in got if not near(g[1], g[2])]
    outside = [sample(pixels, at, center, rotation, scale) for at in [(-12, 60), (172, 60), (80, -12), (80, 132)]]
    result("colours", w == BOARD_W and h == BOARD_H and not bad and all(near(o, (32, 32, 32)) for o in outside),
           f"{w}x{h} snapshot {time.monotonic() - t0:.1f} s after start ({shots} snapshot{'s' if shots > 1 else ''}: the first {'right' if shots == 1 else 'not yet painted'}), pose centre {center} turn {rotation} scale {scale}; "
           f"{len(got) - len(bad)} of {len(got)} page samples right" + (f", wrong: {bad}" if bad else "")
           + f"; just outside the gadget {outside} (want the background (32, 32, 32))")
    # The page laid out at 160x120 CSS px: (110, 50) and (140, 112) are blue; at 80x60 (zoom twice)
    # the same places on the gadget are inside the 100x100 green square.
    once = [sample(pixels, at, center, rotation, scale) for at in [(110, 50), (140, 112)]]
    result("zoom applied once", all(near(c, BLUE) for c in once),
           f"at page (110, 50) and (140, 112) CSS px the kiosk shows {once}: want blue (the page laid out at "
           f"{CSS_W:.0f}x{CSS_H:.0f} CSS px), green would be the zoom applied twice")

    # --- touch through the kiosk's input FIFO (raw input_event records, 0...4095 = the board)
    EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
    ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_ID, BTN_TOUCH = 0, 1, 0x2f, 0x35, 0x36, 0x39, 0x14a

    def ev(t, type_, code, value):
        return struct.pack("llHHi", int(t), int((t % 1) * 1e6), type_, code, value)

    def tap(bx, by, tracking):
        rx, ry = round(bx / BOARD_W * 4095), round(by / BOARD_H * 4095)
        t = time.clock_gettime(time.CLOCK_MONOTONIC)
        down = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, tracking), (EV_ABS, ABS_MT_X, rx), (EV_ABS, ABS_MT_Y, ry),
                (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, rx), (EV_ABS, ABS_Y, ry), (EV_SYN, 0, 0)]
        up = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, -1), (EV_KEY, BTN_TOUCH, 0), (EV_SYN, 0, 0)]
        touch.write(b"".join(ev(t, *e) for e in down))
        time.sleep(0.08)  # a tap's length; the outcome is read from the page's reports, not timed
        touch.write(b"".join(ev(t + 0.08, *e) for e in up))

    mark = len(reports())
    aims = [(60, 90), (130, 20)]
    for i, at in enumerate(aims):
        tap(*board_point(at[0], at[1], center, rotation, scale), tracking=10 + i)
        time.sleep(0.3)
    lines = wait_until(lambda: (lambda r: r if len(r) >= 4 else None)([x for x in reports()[mark:] if x.startswith("k") and not x.startswith("kioskload")]), 10) or \
        [x for x in reports()[mark:] if x.startswith("k") and not x.startswith("kioskload")]
    seen = [line.split("&", 1)[1] for line in sorted(lines, key=lambda line: int(line.split("&", 1)[0][1:]))]
    want = []
    for at in aims:
        want += [f"touchstart={at[0]},{at[1]}", f"touchend={at[0]},{at[1]}"]

    def close(a, b):  # within 1 CSS px: the FIFO's 0...4095 steps are 0.2 board px = 0.08 CSS px here; WPE and the page round
        ka, va = a.split("=")
        kb, vb = b.split("=")
        return ka == kb and all(abs(int(x) - int(y)) <= 1 for x, y in zip(va.split(","), vb.split(",")))
    result("touch", len(seen) == len(want) and all(close(a, b) for a, b in zip(seen, want)),
           f"taps aimed at page CSS px {aims} through the turned, scaled gadget; the page saw {seen}")

    # --- SIGKILL x10
    samples_after = {}
    # `shown` comes once the page's pixels are on screen (the colours above): once, after `loaded`.
    events = [e["event"] for e in web_events()]
    shown_at = [i for i, e in enumerate(events) if e == "shown"]
    loaded_at = events.index("loaded") if "loaded" in events else None
    result("shown after loaded", len(shown_at) == 1 and loaded_at is not None and loaded_at < shown_at[0],
           f"web events before the kills: {events} (want one `shown`, after the first `loaded`)")
    problems = []
    started = time.monotonic()
    for k in range(1, 11):
        pids = helper_pids(kiosk.pid)
        if len(pids) != 1:
            problems.append(f"kill {k}: {len(pids)} helpers running")
            break
        loads_before = kiosk_loads()
        os.kill(pids[0], signal.SIGKILL)
        if not wait_until(lambda: kiosk_loads() > loads_before, 30):
            problems.append(f"kill {k}: the page was not loaded again within 30 s")
            break
        want_box = YELLOW if kiosk_loads() % 2 else CYAN

        def drawn():
            _, (_, _, px) = snapshot()
            c, r, s, _ = pose()
            return px if near(sample(px, (140, 15), c, r, s), want_box) and near(sample(px, (40, 50), c, r, s), GREEN) else None
        if not wait_until(drawn, 30):
            problems.append(f"kill {k}: the page's load {kiosk_loads()} was not drawn within 30 s")
            break
        if k in (1, 10):
            samples_after[k] = rss_and_fds(kiosk.pid)
    state = ctl.ask({"cmd": "state"})
    crashes = [g.get("web", {}).get("crashes") for g in state.get("gadgets", []) if g["id"] == "menu"]
    if len(samples_after) == 2:
        (rss1, fds1), (rss10, fds10) = samples_after[1], samples_after[10]
        ok = not problems and fds10 - fds1 <= FD_BOUND and rss10 - rss1 <= RSS_BOUND
        detail = (f"10 kills, the page back and drawn each time ({time.monotonic() - started:.1f} s); kiosk after the 1st: "
                  f"RSS {rss1 / 1048576:.1f} MiB, {fds1} fds; after the 10th: RSS {rss10 / 1048576:.1f} MiB "
                  f"({(rss10 - rss1) / 1048576:+.2f} MiB, bound +{RSS_BOUND / 1048576:.0f}), {fds10} fds (bound +{FD_BOUND}); "
                  f"state's crashes {crashes}")
    else:
        ok, detail = False, "; ".join(problems)
    result("SIGKILL x10", ok, detail)
except Exception as e:  # noqa: BLE001 - any failure of the harness is a FAIL line, not a traceback
    result("kiosk", False, f"{type(e).__name__}: {e}")
finally:
    if touch:
        touch.close()
    kiosk.send_signal(signal.SIGTERM)
    try:
        kiosk.wait(15)
    except subprocess.TimeoutExpired:
        kiosk.kill()
    if failures:
        print("web kiosk: the kiosk's log:")
        with open(os.path.join(work, "kiosk.log")) as f:
            print("".join(f.readlines()[-30:]), end="")

# --- offline snapshot (after the kiosk: its page load would count in the load numbers above): the page drawn at the board's pose (scale 1), or one line and the background
try:
    t0 = time.monotonic()
    status, err, pixels = offline_snapshot(helper_bin, "offline")
    elapsed = time.monotonic() - t0
    if pixels:
        want = [((40, 50), GREEN), ((40, 112), RED), ((140, 112), BLUE), ((110, 50), BLUE)]
        got = [(at, pixels[int(round(board_point(*at, CENTER, TURN, 1)[1]))][int(round(board_point(*at, CENTER, TURN, 1)[0]))], c)
               for at, c in want]
        bad = [g for g in got if not near(g[1], g[2])]
        result("offline snapshot", not bad, f"gadgetboard snapshot in {elapsed:.1f} s; {len(got) - len(bad)} of {len(got)} page samples right"
               + (f", wrong: {bad}; stderr: {err.strip()[-300:]}" if bad else ""))
    else:
        result("offline snapshot", False, f"exit status {status}: {err.strip()[-300:]}")
    status, err, pixels = offline_snapshot("/nonexistent/gadgetboard-web", "missing")
    lines = [line for line in err.splitlines() if "not found" in line]
    middle = pixels[int(CENTER[1])][int(CENTER[0])] if pixels else None
    result("offline snapshot without the helper", status == 0 and len(lines) == 1 and middle is not None and near(middle, (255, 255, 255)),
           f"exit status {status}; {len(lines)} line(s): {lines}; the gadget's middle {middle} (want the page's default background, white)")
except Exception as e:  # noqa: BLE001
    result("offline snapshot", False, f"{type(e).__name__}: {e}")

sys.exit(1 if failures else 0)
