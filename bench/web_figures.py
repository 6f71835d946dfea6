#!/usr/bin/env python3
"""The measurements of bench/web-figures.sh (which prints the conditions); one line per figure."""
import os
import signal
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "web"))
from helper_client import Helper, children, rss_kb  # noqa: E402
from web_figures_memory import pss_kb  # noqa: E402

binary, port, reloads, starts, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
page = f"http://127.0.0.1:{port}/colours.html"
log = open(os.path.join(work, "helper.log"), "a")


def family_pss_mb(pid):
    return sum(pss_kb(p) for p in [pid] + children(pid)) / 1024


def family_rss_mb(pid):
    """The helper's RSS plus its WebKit children's (WebProcess, NetworkProcess, bwrap, dbus-proxy), MB."""
    pids = [pid] + children(pid)
    return sum(rss_kb(p) for p in pids) / 1024, len(pids)


def first_pixels(h, t0):
    """Seconds from t0 to the first frame showing the page (colours.html's green square at (10,10))."""
    h.receive(15)
    h.open(page, 800, 480)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        report = h.receive(deadline - time.monotonic())
        if report is None or report["type"] == "eof":
            return None
        if report["type"] == "frame" and h.pixel(10, 10) == (0, 255, 0, 255):
            return time.monotonic() - t0
    return None


# Start → first page pixels.
times = []
for _ in range(starts):
    t0 = time.monotonic()
    h = Helper(binary, log=log)
    t = first_pixels(h, t0)
    if t is not None:
        times.append(t)
    h.close()
print(f"start → first page pixels (spawn to first frame, 800x480 loopback page): {len(times)} of {starts} starts, "
      f"median {statistics.median(times):.3f} s, max {max(times):.3f} s, min {min(times):.3f} s" if times else "start → first page pixels: no page")

# RSS: a simple page, then reloads.
h = Helper(binary, log=log)
first_pixels(h, time.monotonic())
h.pump(2.0)
rss, count = family_rss_mb(h.proc.pid)
own = rss_kb(h.proc.pid) / 1024
print(f"helper RSS, simple page (800x480, settled 2 s): {rss:.1f} MB for {count} processes (the helper itself {own:.1f} MB); "
      f"PSS {family_pss_mb(h.proc.pid):.1f} MB (shared libraries counted once)")
samples = [(0, rss, family_pss_mb(h.proc.pid))]
t0 = time.monotonic()
failed = 0
for i in range(1, reloads + 1):
    h.send({"type": "reload"})
    loaded, _ = h.wait_for("loaded", 30)
    if loaded is None:
        failed += 1
    if i % max(1, reloads // 10) == 0:
        h.pump(0.2)
        samples.append((i, family_rss_mb(h.proc.pid)[0], family_pss_mb(h.proc.pid)))
elapsed = time.monotonic() - t0
h.pump(2.0)
rss_after, count = family_rss_mb(h.proc.pid)
print(f"helper RSS after {reloads} reloads ({elapsed:.0f} s, {failed} not loaded, settled 2 s): {rss_after:.1f} MB for {count} processes "
      f"(the helper itself {rss_kb(h.proc.pid) / 1024:.1f} MB); growth {rss_after - rss:+.1f} MB; PSS {family_pss_mb(h.proc.pid):.1f} MB")
print("RSS by reloads (MB): " + ", ".join(f"{n}: {mb:.1f}" for n, mb, _ in samples))
print("PSS by reloads (MB): " + ", ".join(f"{n}: {mb:.1f}" for n, _, mb in samples))
h.close()

# Crash → page back: the kiosk restarts a killed helper; here a new helper is spawned the moment
# the old one is reaped (the kiosk's restart back-off comes on top of this).
backs = []
for _ in range(5):
    h = Helper(binary, log=log)
    first_pixels(h, time.monotonic())
    t0 = time.monotonic()
    os.kill(h.proc.pid, signal.SIGKILL)
    h.proc.wait()
    h.close()
    h2 = Helper(binary, log=log)
    t = first_pixels(h2, t0)
    if t is not None:
        backs.append(t)
    h2.close()
print(f"helper killed → page back (SIGKILL to the new helper's first frame, no back-off): {len(backs)} of 5, "
      f"median {statistics.median(backs):.3f} s, max {max(backs):.3f} s" if backs else "helper killed → page back: never")
