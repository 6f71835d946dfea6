#!/usr/bin/env python3
"""Issue 40's "helper crash → page back" for the kiosk (bench/web-figures.sh --kiosk-crash prints the
conditions): `gadgetboard run --display headless --events` on a board with one web gadget showing
Tests/web/server.py's colours.html; once the page is on screen, the helper gets SIGKILL, and the
figure is CLOCK_MONOTONIC just before the kill to the `t` of the kiosk's next `web` event `shown`
(the first presented frame with the new helper's pixels). So it counts the kiosk noticing the
death, its first restart back-off (0.25 s ±10 %), the new helper's start and load, and the first
frame's trip to the screen. Kills are WebHelperTiming.healthyAfter (30 s) apart plus a second, so
each is a first crash, as a page that crashes now and then sees it.
Two ways a helper comes to be (docs/web.md): `spawn` (the kiosk's child) and `socket`
(systemd-socket-activate --seqpacket -a standing in for gadgetboard-web.socket, one helper per
connection, not a child of the kiosk).
Usage: web_kiosk_crash.py KIOSK HELPER PORT KILLS MODE WORK"""
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import time

kiosk, helper, port, kills, mode, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
assert mode in ("spawn", "socket"), "MODE: spawn or socket"
board = os.path.join(work, "web-crash.json")
with open(board, "w") as f:
    json.dump({"size": [1280, 720], "background": "#202020", "gadgets": [
        {"id": "menu", "center": [640, 360], "size": [800, 480], "web": f"http://127.0.0.1:{port}/colours.html"},
        {"id": "clock", "center": [1140, 80], "size": [220, 80], "color": "#334455", "text": "12:34"}]}, f)


def helper_pids():
    """Every running gadgetboard-web (this bench runs one page at a time)."""
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as c:
                argv = c.read().split(b"\0")
            with open(f"/proc/{pid}/stat") as s:
                state = s.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if argv and argv[0] == helper.encode() and state != "Z":
            out.append(int(pid))
    return out


env = dict(os.environ, GADGETBOARD_WEB_HELPER=helper)
activator = None
if mode == "socket":
    sock = os.path.join(work, "helper.sock")
    activator = subprocess.Popen(["systemd-socket-activate", "--seqpacket", "-a", "-l", sock, helper, "--fd", "3"],
                                 stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "activator.log"), "w"))
    for _ in range(100):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    env["GADGETBOARD_WEB_SOCKET"] = sock
log = open(os.path.join(work, f"kiosk-{mode}.log"), "w")
p = subprocess.Popen([kiosk, "run", board, "--display", "headless", "--duration", str(40 * (kills + 2)), "--no-watch", "--events"],
                     stdout=subprocess.PIPE, stderr=log, env=env)
buffer = b""


def next_event(kind, deadline):
    """The `t` of the next web event `kind`, or None by the deadline (monotonic seconds)."""
    global buffer
    while time.monotonic() < deadline:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("type") == "web" and e.get("event") == kind:
                return e["t"]
        ready, _, _ = select.select([p.stdout], [], [], 0.05)
        if ready:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                return None
            buffer += chunk
    return None


backs = []
try:
    if next_event("shown", time.monotonic() + 60) is None:
        print(f"{mode}: the page was never shown")
        sys.exit(1)
    for n in range(1, kills + 1):
        time.sleep(31)  # healthyAfter: this kill is a first crash
        pids = helper_pids()
        if len(pids) != 1:
            print(f"{mode} kill {n}: {len(pids)} helpers running, want 1")
            continue
        load = open("/proc/loadavg").read().split()[0]
        t_kill = time.monotonic()
        os.kill(pids[0], signal.SIGKILL)
        shown = next_event("shown", t_kill + 30)
        back = None if shown is None else shown - t_kill
        print(f"{mode} kill {n}: helper {pids[0]}; page back on screen {'never' if back is None else f'{back:.3f} s'}; load {load}")
        if back is not None:
            backs.append(back)
finally:
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()
    if activator:
        activator.terminate()
        activator.wait(5)
    log.close()
if backs:
    print(f"helper crash → page back on screen ({mode}: SIGKILL → the kiosk's `shown`, headless, 800x480 loopback page): "
          f"{len(backs)} of {kills} kills, median {statistics.median(backs):.3f} s, max {max(backs):.3f} s, min {min(backs):.3f} s")
else:
    print(f"helper crash → page back on screen ({mode}): never")
