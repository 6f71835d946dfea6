#!/usr/bin/env python3
"""Issue 40's "start → first page pixels on screen" for the kiosk (bench/web-figures.sh --kiosk-start
prints the conditions): `gadgetboard run --display headless --events` on a board with one web gadget
showing Tests/web/server.py's colours.html, from CLOCK_MONOTONIC just before the exec to the `t` of
the kiosk's `web` event `shown` (the first presented frame with the page's pixels). Per start also:
the helper's process start (/proc/PID/stat, 10 ms ticks, on CLOCK_BOOTTIME, corrected to
CLOCK_MONOTONIC) and the `loaded` event, so the time splits into the kiosk's start until it spawns
the helper, WebKit's start and load, and the first paint plus the kiosk's upload and present.
Usage: web_kiosk_start.py KIOSK HELPER PORT STARTS WORK"""
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import time

kiosk, helper, port, starts, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
board = os.path.join(work, "web-start.json")
with open(board, "w") as f:
    json.dump({"size": [1280, 720], "background": "#202020", "gadgets": [
        {"id": "menu", "center": [640, 360], "size": [800, 480], "web": f"http://127.0.0.1:{port}/colours.html"},
        {"id": "clock", "center": [1140, 80], "size": [220, 80], "color": "#334455", "text": "12:34"}]}, f)
ticks = os.sysconf("SC_CLK_TCK")


def helper_started(kiosk_pid):
    """CLOCK_MONOTONIC seconds when the kiosk's gadgetboard-web child started, or None."""
    try:
        for tid in os.listdir(f"/proc/{kiosk_pid}/task"):
            with open(f"/proc/{kiosk_pid}/task/{tid}/children") as f:
                for child in f.read().split():
                    with open(f"/proc/{child}/stat") as s:
                        stat = s.read()
                    if "(gadgetboard-web" in stat:
                        start = int(stat.rsplit(")", 1)[1].split()[19]) / ticks
                        return start - (time.clock_gettime(time.CLOCK_BOOTTIME) - time.monotonic())
    except OSError:
        pass
    return None


def one(n):
    log = open(os.path.join(work, f"kiosk-{n}.log"), "w")
    env = dict(os.environ, GADGETBOARD_WEB_HELPER=helper)
    t0 = time.monotonic()  # CLOCK_MONOTONIC, just before fork + exec
    p = subprocess.Popen([kiosk, "run", board, "--display", "headless", "--duration", "60", "--no-watch", "--events"], stdout=subprocess.PIPE, stderr=log, env=env)
    loaded = shown = spawned = None
    buffer = b""
    deadline = t0 + 30
    while shown is None and time.monotonic() < deadline:
        if spawned is None:
            spawned = helper_started(p.pid)
        ready, _, _ = select.select([p.stdout], [], [], 0.01)
        if not ready:
            continue
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("type") == "web" and e.get("event") == "loaded" and loaded is None:
                loaded = e["t"] - t0
            if e.get("type") == "web" and e.get("event") == "shown":
                shown = e["t"] - t0
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    log.close()
    return shown, loaded, (spawned - t0) if spawned is not None else None


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


runs = []
for n in range(1, starts + 1):
    shown, loaded, spawned = one(n)
    load = open("/proc/loadavg").read().split()[0]
    fmt = lambda v: f"{v:.3f} s" if v is not None else "never"  # noqa: E731
    print(f"start {n}: shown {fmt(shown)}; helper spawned {fmt(spawned)}, loaded {fmt(loaded)}; load {load}")
    if shown is not None:
        runs.append((shown, loaded, spawned))
    time.sleep(0.5)
if runs:
    shown = [r[0] for r in runs]
    print(f"start → first page pixels on screen (kiosk exec → `shown`, headless, 800x480 loopback page): {len(runs)} of {starts} starts, "
          f"median {statistics.median(shown):.3f} s, p95 {pct(shown, 0.95):.3f} s, max {max(shown):.3f} s, min {min(shown):.3f} s")
    full = [r for r in runs if r[1] is not None and r[2] is not None]
    if full:
        kiosk_part = statistics.median([r[2] for r in full])
        webkit_part = statistics.median([r[1] - r[2] for r in full])
        paint_part = statistics.median([r[0] - r[1] for r in full])
        print(f"medians of the parts: kiosk exec → helper spawned {kiosk_part:.3f} s (the kiosk's start); "
              f"helper spawned → page loaded {webkit_part:.3f} s (WebKit's start and the load); "
              f"loaded → shown {paint_part:.3f} s (WebKit's first paint, the frame's trip, the kiosk's upload and present)")
else:
    print("start → first page pixels on screen: never shown")
