#!/usr/bin/env python3
"""Drives a running kiosk through a board save during an animation and measures, from outside,
what a visitor and an integrator see (issue 23's figures, docs/BENCHMARKS.md "Reloads"):

  - the control round trip: a `state` request every 20 ms on one connection, the time to its reply;
  - the time from the save to the `{"type":"reload"}` event a subscriber gets (the swap);

while a `set … duration` animation runs. The longest gap between presented frames comes from the
kiosk's own --stats (frameTime.max_ms; the HUD keeps it drawing every frame in every build).

    bench/reload-driver.py SOCKET BOARD [--saves N] [--gadget ID] [--log FILE]

Each save rewrites BOARD with another background colour (no photo changes), waits 4 s, and
repeats. Prints one JSON line with the figures.
"""
import argparse, json, os, socket, threading, time

def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s, s.makefile("r")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("socket"); ap.add_argument("board")
    ap.add_argument("--saves", type=int, default=3)
    ap.add_argument("--gadget", default="photo00")
    ap.add_argument("--log")
    ap.add_argument("--metrics", help="the kiosk's --metrics file: frame times over the saves from its histogram")
    a = ap.parse_args()
    log = open(a.log, "w") if a.log else None
    req, reqf = connect(a.socket)
    sub, subf = connect(a.socket)
    sub.sendall(b'{"cmd":"subscribe"}\n'); subf.readline()
    # Events are read on their own thread and stamped when they arrive, so a round trip in
    # progress does not delay the swap's time.
    events = []
    def listen():
        for line in subf:
            events.append((time.monotonic(), json.loads(line)))
    threading.Thread(target=listen, daemon=True).start()
    original = open(a.board).read()
    board = json.loads(original)
    # An animation that outlasts the run: the kiosk must draw every frame of it.
    req.sendall(json.dumps({"cmd": "set", "gadget": a.gadget, "center": [1700, 900], "duration": 4 * max(a.saves, 1) + 10}).encode() + b"\n")
    reqf.readline()
    def buckets():
        if not a.metrics or not os.path.exists(a.metrics): return None
        out = {}
        for line in open(a.metrics):
            if line.startswith("gadgetboard_frame_time_seconds_bucket"):
                le = line.split('le="')[1].split('"')[0]
                out[le] = float(line.rsplit(" ", 1)[1])
        return out
    time.sleep(1.2)  # the metrics file is rewritten every second
    before = buckets()
    rtts, in_save, swaps = [], [], []
    seen = 0
    for k in range(max(a.saves, 1)):
        board["background"] = ["#203040", "#302040", "#204030", "#403020"][k % 4]
        save_at = None
        start = time.monotonic()
        while time.monotonic() - start < 4.0:
            if a.saves > 0 and save_at is None and time.monotonic() - start > 0.5:
                tmp = a.board + ".tmp"
                with open(tmp, "w") as f: json.dump(board, f)
                os.replace(tmp, a.board)
                save_at = time.monotonic()
            t0 = time.monotonic()
            req.sendall(b'{"cmd":"state"}\n')
            reqf.readline()
            rtt = time.monotonic() - t0
            rtts.append(rtt)
            if save_at is not None and t0 - save_at < 3.0: in_save.append(rtt)
            if log: log.write(f"{t0:.6f} rtt_ms {rtt * 1000:.2f}\n")
            while seen < len(events):
                at, e = events[seen]; seen += 1
                if e.get("type") in ("reload", "reloadFailed") and save_at is not None:
                    swaps.append(at - save_at)
                    if log: log.write(f"{at:.6f} {e['type']} after_save_s {swaps[-1]:.3f}\n")
            time.sleep(0.02)
    time.sleep(1.2)
    after = buckets()
    frames = None
    if before is not None and after is not None:
        d = {le: after[le] - before.get(le, 0) for le in after}
        frames = {"frames": d.get("+Inf"), "over_100ms": d.get("+Inf", 0) - d.get("0.1", 0),
                  "over_50ms": d.get("+Inf", 0) - d.get("0.05", 0), "buckets": d}
    tmp = a.board + ".tmp"
    with open(tmp, "w") as f: f.write(original)
    os.replace(tmp, a.board)
    print(json.dumps({"frame_times_during_run": frames,"saves": a.saves, "requests": len(rtts),
                      "rtt_max_ms": round(max(rtts) * 1000, 1), "rtt_max_during_saves_ms": round(max(in_save) * 1000, 1) if in_save else None,
                      "save_to_swap_s": [round(s, 3) for s in swaps]}))

main()
