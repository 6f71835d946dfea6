#!/usr/bin/env python3
"""A small kiosk stand-in that drives gadgetboard-web over a seqpacket socketpair as fd 3, the
way the kiosk does (/work/coord/WEB-API.md): used by Tests/web/run.sh to test the helper alone
and by bench/web-figures.sh. Frames are mapped from the slot memfds and answered with frameDone."""
import json
import mmap
import os
import select
import socket
import subprocess
import time


class Helper:
    def __init__(self, binary, args=(), env=None, log=None):
        self.kiosk, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        child_fd = child.fileno()

        def at_fd3():
            if child_fd != 3:
                os.dup2(child_fd, 3)
                os.close(child_fd)
            os.set_inheritable(3, True)

        self.started = time.monotonic()
        self.proc = subprocess.Popen([binary, "--fd", "3", *args], pass_fds=(3, child_fd), preexec_fn=at_fd3, env=env, stdout=log, stderr=log)
        child.close()
        self.slots = {}
        self.frames = 0
        self.last_frame = None
        self.first_frame_at = None

    def send(self, message):
        self.kiosk.send(json.dumps(message).encode())

    def open(self, url, width, height, **page):
        page = {"url": url, **page}
        self.send({"type": "open", "page": page, "width": width, "height": height})

    def receive(self, timeout):
        """One report (dict) or None on timeout; frames are mapped and answered here."""
        ready, _, _ = select.select([self.kiosk], [], [], timeout)
        if not ready:
            return None
        data, ancillary, _, _ = self.kiosk.recvmsg(65536, socket.CMSG_SPACE(4 * 4))
        if not data:
            return {"type": "eof"}
        fds = []
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds += list(memoryview(payload).cast("i"))
        report = json.loads(data)
        if report["type"] == "frame":
            slot = report["slot"]
            size = report["stride"] * report["height"]
            if fds:
                old = self.slots.pop(slot, None)
                if old:
                    old.close()
                self.slots[slot] = mmap.mmap(fds[0], size, prot=mmap.PROT_READ)
                os.close(fds[0])
            self.frames += 1
            if self.first_frame_at is None:
                self.first_frame_at = time.monotonic()
            self.last_frame = report
            self.send({"type": "frameDone", "sequence": report["sequence"]})
        else:
            for fd in fds:
                os.close(fd)
        return report

    def wait_for(self, kind, timeout, predicate=lambda r: True):
        """Reads reports until one of type `kind` matching `predicate`; returns it (or None) and
        everything read meanwhile."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, seen
            report = self.receive(left)
            if report is None:
                return None, seen
            seen.append(report)
            if report["type"] == kind and predicate(report):
                return report, seen
            if report["type"] == "eof":
                return None, seen

    def pump(self, seconds):
        """Answers frames for `seconds`; returns the reports seen."""
        seen = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            report = self.receive(left)
            if report is None:
                break
            seen.append(report)
            if report["type"] == "eof":
                break
        return seen

    def pixel(self, x, y):
        """The last frame's pixel at (x, y) as (r, g, b, a)."""
        f = self.last_frame
        m = self.slots[f["slot"]]
        o = y * f["stride"] + x * 4
        b, g, r, a = m[o], m[o + 1], m[o + 2], m[o + 3]
        return r, g, b, a

    def write_ppm(self, path):
        f = self.last_frame
        m = self.slots[f["slot"]]
        with open(path, "wb") as out:
            out.write(b"P6 %d %d 255\n" % (f["width"], f["height"]))
            for y in range(f["height"]):
                row = m[y * f["stride"]:y * f["stride"] + f["width"] * 4]
                out.write(bytes(c for i in range(0, len(row), 4) for c in (row[i + 2], row[i + 1], row[i])))

    def close(self, timeout=5):
        """Closes our end (the kiosk died); returns the helper's exit status."""
        self.kiosk.close()
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def children(pid):
    """pids of `pid`'s descendants (WebKit's WebProcess and NetworkProcess)."""
    out = []
    try:
        listing = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout.split("\n")
    except FileNotFoundError:
        return out
    pairs = [tuple(int(v) for v in line.split()) for line in listing if line.strip()]
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for p, pp in pairs:
            if pp == parent:
                out.append(p)
                frontier.append(p)
    return out


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
