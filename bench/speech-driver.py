#!/usr/bin/env python3
"""Drives a running kiosk for bench/speech-latency.sh: N times, a control `speak`, then a tap on
its touch FIFO while the speech plays. Prints the kiosk's own figures from its accessibility
events (speechStarted.afterMs: the request to the first non-zero sample's place in the mix;
speechStopped.afterMs: the tap's kernel time to the first silent chunk) and checks each against
the --audio-out WAV (sound at the start frame, silence from the stop frame on).
   speech-driver.py SOCKET FIFO WAV N
   speech-driver.py --keys SOCKET KEYPAD_FIFO WAV N
With --keys (issue 39's figure as it is written: key press → start of speech): speech mode is
turned on, then N times a navigation key (Right: the next gadget) on the kiosk's keypad FIFO
(`run --keypad-fifo`), stamped with CLOCK_MONOTONIC like the taps; the kiosk says the gadget it
focused, and its speechStarted.afterMs is from the key's own time to that speech's first non-zero
sample. Then a key that navigates nothing (F2) as the user action that stops it (any key stops
speech, EN 5.1.3.5): its speechStopped.afterMs is action → stopped."""
import json, socket, statistics, struct, sys, time

keys = sys.argv[1] == "--keys"
args = sys.argv[2:] if keys else sys.argv[1:]
sock_path, fifo, wav, n = args[0], args[1], args[2], int(args[3])
EV_SYN, EV_KEY, EV_ABS, EV_MSC = 0, 1, 3, 4
KEY_RIGHT, KEY_F2, MSC_SCAN = 106, 60, 4
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

def key(f, code):
    """A press and release of `code`, each stamped with CLOCK_MONOTONIC as it is written."""
    for value in (1, 0):
        t = time.clock_gettime(time.CLOCK_MONOTONIC)
        f.write(b"".join(ev(t, *e) for e in [(EV_MSC, MSC_SCAN, 0x70000 + code), (EV_KEY, code, value), (EV_SYN, 0, 0)]))
        if value:
            time.sleep(0.05)

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
if keys:
    send({"cmd": "accessibility", "speech": True, "id": -1})
    wait(lambda o: o.get("id") == -1, "accessibility reply")
for i in range(n):
    if keys:
        key(f, KEY_RIGHT)
        spoken = wait(lambda o: o.get("event") == "spoken" and o.get("gadget") is not None, "spoken event for a focused gadget")
    else:
        send({"cmd": "speak", "text": "Platform four. The train to Leeds departs at ten fifteen.", "id": i + 1})
        spoken = wait(lambda o: o.get("event") == "spoken", "spoken event")
    u = spoken["utterance"]
    st = wait(lambda o: o.get("event") == "speechStarted" and o.get("utterance") == u, "speechStarted")
    started.append((st["afterMs"], st["frame"]))
    time.sleep(0.4)  # let it speak, then a user action
    if keys:
        key(f, KEY_F2)
    else:
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
# In the order they came, so a slow first utterance (a cold voice) shows as what it is.
print("# start latencies in order (ms): " + " ".join(f"{a:.1f}" for a, _ in started))
if keys:
    summary("key press -> first non-zero sample of the focused gadget's speech (mix time)", [a for a, _ in started])
    summary("key press (F2, no command) -> speech stopped (mix time)", [a for a, _ in stopped])
else:
    summary("speak -> first non-zero sample (mix time)", [a for a, _ in started])
    summary("tap -> speech stopped (mix time)", [a for a, _ in stopped])
print(f"WAV: {n - bad} of {n} utterances have sound from their start frame and silence for 0.5 s from their stop frame")
sys.exit(1 if bad else 0)
