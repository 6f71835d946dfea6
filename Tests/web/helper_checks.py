#!/usr/bin/env python3
"""The web helper alone (issue 40): gadgetboard-web driven over its fd 3 by helper_client.Helper
against server.py's loopback pages. One PASS/FAIL line per check; exit status 1 if any failed.
  helper_checks.py HELPER PORT REPORTLOG WORKDIR"""
import array
import os
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from helper_client import Helper, children  # noqa: E402

binary, port, report_log, work = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
base = f"http://127.0.0.1:{port}"
failures = 0


def result(name, ok, detail):
    global failures
    print(f"{'PASS' if ok else 'FAIL'}: web helper: {name}: {detail}", flush=True)
    if not ok:
        failures += 1


def reports_since(mark):
    with open(report_log) as f:
        return f.read().splitlines()[mark:]


def report_mark():
    try:
        with open(report_log) as f:
            return len(f.read().splitlines())
    except FileNotFoundError:
        return 0


def wait_reports(mark, count, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = reports_since(mark)
        if len(lines) >= count:
            return lines
        time.sleep(0.05)
    return reports_since(mark)


def helper(*args, env=None):
    return Helper(binary, args, env=env, log=open(os.path.join(work, "helper.log"), "a"))


def close(h):
    status = h.close()
    return status


# 1. Known colours arrive as pixels through the shared-memory slots.
h = helper()
ready = h.receive(15)
t0 = time.monotonic()
h.open(f"{base}/colours.html", 320, 240)
loaded, _ = h.wait_for("loaded", 30)
h.pump(1.0)
if loaded and h.last_frame:
    got = [h.pixel(10, 10), h.pixel(150, 150), h.pixel(250, 150)]
    want = [(0, 255, 0, 255), (255, 0, 0, 255), (0, 0, 255, 255)]
    result("colours", got == want and ready and ready["type"] == "ready",
           f"{ready['engine'] if ready else 'no ready'}; pixels {got} (want {want}); first frame {h.first_frame_at - t0:.2f} s after open")
    h.write_ppm(os.path.join(work, "colours.ppm"))
else:
    result("colours", False, f"no page: loaded={loaded}, frames={h.frames}")

# 2. The kiosk going away (end of file on fd 3) ends the helper at once, with status 0, and its
# WebKit children with it.
kids = children(h.proc.pid)
t = time.monotonic()
status = close(h)
time.sleep(1.0)
left = [k for k in kids if os.path.exists(f"/proc/{k}") and open(f"/proc/{k}/stat").read().split()[2] != "Z"]
result("end of file", status == 0 and not left,
       f"exit status {status} after {time.monotonic() - t - 1.0:.2f} s; WebKit children left: {len(left)} of {len(kids)}")

# 3. Touches in page CSS pixels arrive where they were sent: a tap, then a drag.
h = helper()
h.receive(15)
h.open(f"{base}/touch.html", 400, 300, interactive=True)
h.wait_for("loaded", 30)
h.pump(0.5)
mark = report_mark()
ms = 1000
h.send({"type": "touch", "phase": "down", "id": 1, "x": 50.2, "y": 60.0, "timeMs": ms})
h.send({"type": "touch", "phase": "up", "id": 1, "x": 50.2, "y": 60.0, "timeMs": ms + 50})
h.pump(0.3)
path = [(100, 100), (140, 120), (180, 140), (200, 150)]
h.send({"type": "touch", "phase": "down", "id": 2, "x": 100, "y": 100, "timeMs": ms + 500})
for i, (x, y) in enumerate(path[1:]):
    h.send({"type": "touch", "phase": "move", "id": 2, "x": x, "y": y, "timeMs": ms + 520 + 20 * i})
    h.pump(0.05)
h.send({"type": "touch", "phase": "up", "id": 2, "x": 200, "y": 150, "timeMs": ms + 600})
lines = wait_reports(mark, 7, 5)
h.pump(0.2)
# The page numbers its reports: its requests run in parallel and may reach the server out of order.
lines = [line.split("&", 1)[1] for line in sorted(lines, key=lambda line: int(line.split("&", 1)[0]))]
want = ["touchstart=50,60", "touchend=50,60", "touchstart=100,100", "touchmove=140,120", "touchmove=180,140",
        "touchmove=200,150", "touchend=200,150"]
result("touch", lines == want, f"the page saw {lines}")
close(h)

# 4. allow: the page's own navigation to another origin and the kiosk's navigate are refused.
h = helper()
h.receive(15)
h.open(f"{base}/links.html", 400, 300, interactive=True)
refused, seen = h.wait_for("refused", 10)
h.send({"type": "navigate", "url": f"http://localhost:{port}/colours.html"})
refused2, seen2 = h.wait_for("refused", 5)
h.send({"type": "navigate", "url": f"{base}/download.bin"})
refused3, seen3 = h.wait_for("refused", 10)
loads = [r["url"] for r in seen + seen2 + seen3 if r["type"] == "loaded"]
result("allow", refused is not None and refused2 is not None and all("localhost" not in u for u in loads),
       f"script navigation: {refused}; navigate request: {refused2}; loaded: {loads}")
result("download", refused3 is not None and refused3.get("why") == "download", f"{refused3}")
close(h)

# 5. An HTTP 500 is a failed load with its status, once.
h = helper()
h.receive(15)
h.open(f"{base}/status/500", 320, 240)
failed, seen = h.wait_for("loadFailed", 15)
more = [r for r in h.pump(1.0) if r["type"] in ("loadFailed", "loaded")]
result("HTTP 500", failed is not None and failed["reason"] == "HTTP 500" and not more, f"{failed}; then {more}")
close(h)

# 6. A page that never answers: the load times out, said once.
h = helper("--load-timeout-seconds", "3")
h.receive(15)
h.open(f"{base}/never", 320, 240)
failed, seen = h.wait_for("loadFailed", 10)
result("never-finishing page", failed is not None and failed["reason"] == "timed out after 3 s", f"{failed}")
close(h)

# 7. The memory limit: a page allocating without end gets its web process killed; the helper
# says why in one fatal report and exits non-zero (the kiosk restarts it).
h = helper("--memory-limit-mb", "200")
h.receive(15)
t = time.monotonic()
h.open(f"{base}/hog.html", 320, 240)
fatal, seen = h.wait_for("fatal", 120)
try:
    status = h.proc.wait(10)
except Exception:
    status = None
result("memory hog", fatal is not None and status == 1,
       f"{fatal} after {time.monotonic() - t:.1f} s; exit status {status}")
close(h)

# 8. The web process killed: fatal, exit 1.
h = helper()
h.receive(15)
h.open(f"{base}/colours.html", 320, 240)
h.wait_for("loaded", 30)
web = [k for k in children(h.proc.pid) if "WebProcess" in open(f"/proc/{k}/cmdline").read()]
if web:
    os.kill(web[0], signal.SIGKILL)
fatal, _ = h.wait_for("fatal", 10)
try:
    status = h.proc.wait(10)
except Exception:
    status = None
result("web process killed", bool(web) and fatal is not None and status == 1, f"{fatal}; exit status {status}")
close(h)

# 9. clearSession forgets cookies, storage and history, then loads the start URL.
h = helper()
h.receive(15)
mark = report_mark()
h.open(f"{base}/storage.html", 320, 240, interactive=True, clearOnIdle=True)
h.wait_for("loaded", 30)
h.send({"type": "navigate", "url": f"{base}/storage.html?again"})
h.wait_for("loaded", 30)
before = wait_reports(mark, 2, 5)
mark = report_mark()
h.send({"type": "clearSession"})
h.wait_for("loaded", 30)
after = wait_reports(mark, 1, 5)
result("clearSession", before[-1:] == ["storage=cookie-storage&history=2"] and after == ["storage=nocookie-nostorage&history=1"],
       f"before {before}, after {after}")
close(h)

# 10. A text field's focus is reported (the kiosk's on-screen keyboard).
h = helper()
h.receive(15)
h.open(f"{base}/input.html", 320, 240, interactive=True)
on, _ = h.wait_for("editableFocus", 10, lambda r: r.get("focused") is True)
off, _ = h.wait_for("editableFocus", 10)
result("editable focus", on is not None and off is not None, f"{on} then {off}")
close(h)

# 11. reloadEverySeconds reloads.
h = helper()
h.receive(15)
h.open(f"{base}/colours.html", 320, 240, reloadEverySeconds=1)
seen = h.pump(4.5)
loads = [r for r in seen if r["type"] == "loaded"]
result("reloadEverySeconds", len(loads) >= 3, f"{len(loads)} loads in 4.5 s with reloadEverySeconds 1")
close(h)

# 12. systemd's watchdog (gadgetboard-web@.service's WatchdogSec=): with $NOTIFY_SOCKET and
# $WATCHDOG_USEC the helper's GLib main loop sends WATCHDOG=1 every half timeout, from its own pid
# (SO_PASSCRED: what systemd's NotifyAccess=main checks), and WebKit's processes inherit neither
# variable (they must not ping for it).
notify_path = os.path.join(work, "notify.sock")
notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
notify.setblocking(False)
WATCHED = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")
h = helper(env={**os.environ, "NOTIFY_SOCKET": notify_path, "WATCHDOG_USEC": "1000000"})
h.receive(15)
h.open(f"{base}/colours.html", 320, 240)
h.wait_for("loaded", 30)
h.pump(1.6)  # at least three half-second intervals after the first ping
pings = []
while True:
    try:
        data, ancillary, _, _ = notify.recvmsg(4096, socket.CMSG_SPACE(12))
    except BlockingIOError:
        break
    pid = next((array.array("i", payload)[0] for level, kind, payload in ancillary
                if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS), None)
    pings.append((pid, data.decode()))
notify.close()
inherited = {}
for kid in children(h.proc.pid):
    try:
        with open(f"/proc/{kid}/environ", "rb") as f:
            names = [v.split(b"=")[0].decode() for v in f.read().split(b"\0") if v]
        with open(f"/proc/{kid}/comm") as f:
            inherited[f"{f.read().strip()} {kid}"] = [n for n in names if n in WATCHED]
    except OSError:
        continue
ours = [m for pid, m in pings if pid == h.proc.pid and m == "WATCHDOG=1"]
result("watchdog", len(ours) >= 3 and len(ours) == len(pings) and inherited and not any(inherited.values()),
       f"{len(ours)} WATCHDOG=1 from the helper in {len(pings)} datagrams {pings[:6]} (want 3 or more, all its own); "
       f"WebKit's processes and what they inherited of {', '.join(WATCHED)}: {inherited} (want none)")
close(h)

# 13. No stray lines: WebKit looked for an AT-SPI bus on every start and said it found none (there
# is none on a kiosk); the helper sets an empty WEBKIT_A11Y_BUS_ADDRESS, WebKit's "do not look".
with open(os.path.join(work, "helper.log")) as f:
    stray = [line.rstrip("\n") for line in f if "Could not determine the accessibility bus address" in line]
result("no accessibility bus line", not stray, f"{len(stray)} in the helpers' log (want 0){': ' + stray[0] if stray else ''}")

sys.exit(1 if failures else 0)
