#!/usr/bin/env python3
"""Drives a running kiosk for bench/speech-latency.sh: N times, a control `speak`, then a tap on
its touch FIFO while the speech plays. Prints the kiosk's own figures from its accessibility
events (speechStarted.afterMs: the request to the first non-zero sample's place in the mix;
speechStopped.afterMs: the tap's kernel time to the first silent chunk) and checks each against
the --audio-out WAV (sound at the start frame, silence from the stop frame on).
   speech-driver.py SOCKET FIFO WAV N"""
import json, socket, statistics, struct, sys, time

sock_path, fifo, wav, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_ID, BTN_TOUCH = 0, 1, 0x2f, 0x35, 0x36, 0x39, 0x14a

def ev(t, type_, code, value):
    return struct.pack("llHHi", int(t), int((t % 1) * 1e6), type_, code, value)

def tap(f, tracking):
    t = time.clock_gettime(time.CLOCK_MONOTONIC)
    down = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, tracking), (EV_ABS, ABS_MT_X, 2048), (EV_ABS, ABS_MT_Y, 2048),
            (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, 2048), (EV_ABS, ABS_Y, 2048), (EV_SYN, 0, 0)]
    f.write(b"".join(ev(t, *e) for e in down))
    time.sleep(0.05)
    t2 = time.clock_gettime(time.CLOCK_MONOTONIC)
    up = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, -1), (EV_KEY, BTN_TOUCH, 0), (EV_SYN, 0, 0)]
    f.write(b"".join(ev(t2, *e) for e in up))

s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
for _ in range(200):
    try:
        s.connect(sock_path)
        break
    except OSError:
        time.sleep(0.1)
lines = s.makefile("r")
def send(obj):
    s.sendall((json.dumps(obj) + "\n").encode())
def wait(pred, what, limit=20):
    end = time.monotonic() + limit
    s.settimeout(limit)
    while time.monotonic() < end:
        line = lines.readline()
        if not line:
            break
        o = json.loads(line)
        if pred(o):
            return o
    sys.exit(f"speech-driver: no {what} within {limit} s")

send({"cmd": "subscribe", "id": 0})
wait(lambda o: o.get("id") == 0, "subscribe reply")
f = open(fifo, "wb", buffering=0)
started, stopped, checks = [], [], []
for i in range(n):
    send({"cmd": "speak", "text": "Platform four. The train to Leeds departs at ten fifteen.", "id": i + 1})
    spoken = wait(lambda o: o.get("event") == "spoken", "spoken event")
    u = spoken["utterance"]
    st = wait(lambda o: o.get("event") == "speechStarted" and o.get("utterance") == u, "speechStarted")
    started.append((st["afterMs"], st["frame"]))
    time.sleep(0.4)  # let it speak, then a user action
    tap(f, 100 + i)
    sp = wait(lambda o: o.get("event") == "speechStopped" and o.get("utterance") == u, "speechStopped")
    stopped.append((sp["afterMs"], sp["frame"]))
    time.sleep(0.6)

# The WAV (32-bit float stereo, 48 kHz): read back once the kiosk has mixed past the last stop.
time.sleep(1.0)
data = open(wav, "rb").read()
at = data.find(b"data") + 8
left = struct.unpack("<%df" % ((len(data) - at) // 4), data[at:at + (len(data) - at) // 4 * 4])[0::2]
bad = 0
for (_, f0), (_, f1) in zip(started, stopped):
    sound = left[f0] != 0 and any(abs(x) > 0.01 for x in left[f0:f1])
    silence = all(x == 0 for x in left[f1:f1 + 24000])  # the next 0.5 s
    if not (sound and silence):
        bad += 1
        print(f"# WAV check failed: start frame {f0} sound={sound}, stop frame {f1} silence after={silence}")
def summary(name, xs):
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    print(f"{name}: n={len(xs)} median {statistics.median(xs):.1f} ms, p95 {p95:.1f} ms, max {xs[-1]:.1f} ms, min {xs[0]:.1f} ms")
summary("speak -> first non-zero sample (mix time)", [a for a, _ in started])
summary("tap -> speech stopped (mix time)", [a for a, _ in stopped])
print(f"WAV: {n - bad} of {n} utterances have sound from their start frame and silence for 0.5 s from their stop frame")
sys.exit(1 if bad else 0)
