#!/usr/bin/env python3
"""Round trip of a control `set` to the presented frame, measured from a client.

Starts `gadgetboard run` headless with a control socket, then N times: sends a `set` (the red
gadget's colour alternates) immediately followed by `snapshot`, which the kiosk answers after the
first frame drawn after it is presented (docs/control.md). The time from sending the `set` to
the snapshot's reply bounds set -> presented frame from above (it adds the read-back and a PNG
encode of a tiny 64x40 frame). Headless frames are paced on a 60 Hz cadence, like vblanks.

    python3 scripts/control-roundtrip.py [--binary .build/release/gadgetboard] [--count 500]
"""
import argparse, json, os, socket, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--binary", default=".build/debug/gadgetboard")
ap.add_argument("--count", type=int, default=500)
args = ap.parse_args()

d = tempfile.mkdtemp(prefix="gb-rt-")
board = os.path.join(d, "board.json")
with open(board, "w") as f:
    json.dump({"size": [64, 40], "background": "#203040",
               "gadgets": [{"id": "red", "color": "#ff0000", "center": [20, 20], "size": [20, 20]}]}, f)
sock = os.path.join(d, "c.sock")
kiosk = subprocess.Popen([args.binary, "run", board, "--display", "headless", "--duration", "600",
                          "--control", sock, "--no-watch", "--input", "/nonexistent"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(600):
        if os.path.exists(sock):
            break
        time.sleep(0.05)  # waiting for start-up only; no measurement depends on it
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock)
    r = s.makefile("rb")
    samples = []
    for i in range(args.count):
        color = "#00ff00" if i % 2 else "#0000ff"
        t0 = time.perf_counter_ns()
        s.sendall((json.dumps({"cmd": "set", "id": i, "gadget": "red", "color": color}) + "\n" +
                   json.dumps({"cmd": "snapshot", "id": "s%d" % i}) + "\n").encode())
        while True:
            reply = json.loads(r.readline())
            if reply.get("id") == "s%d" % i:
                break
            assert reply.get("ok"), reply
        samples.append((time.perf_counter_ns() - t0) / 1e6)
        assert reply.get("ok"), reply
    samples.sort()
    def q(p): return samples[min(len(samples) - 1, int(p * len(samples)))]
    print("control set -> presented frame (snapshot reply), %d samples: p50 %.2f ms  p99 %.2f ms  min %.2f ms  max %.2f ms  mean %.2f ms"
          % (len(samples), q(0.5), q(0.99), samples[0], samples[-1], statistics.mean(samples)))
finally:
    kiosk.terminate()
    kiosk.wait()
