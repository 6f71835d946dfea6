#!/usr/bin/python3
"""Command round trip over MQTT, broker to presented frame (docs/BENCHMARKS.md, "MQTT").

Publishes, N times, a `set` (alternating a gadget's opacity) and right behind it a `snapshot` to
PREFIX/NODE/cmd, and times until the snapshot's reply arrives on PREFIX/NODE/reply. The kiosk
answers a snapshot at the flip of the first frame drawn after the request, so the interval is
publish -> broker -> kiosk's MQTT thread -> loop -> frame drawn and presented -> PNG encode ->
reply -> broker -> here. Run the kiosk headless with a small --size so the PNG encode is
negligible. One request at a time; times from CLOCK_MONOTONIC. Prints one line per sample and
a summary; needs python3-paho-mqtt.

    bench/mqtt-roundtrip.py --port 1883 --node k1 --count 300 --warmup 20
"""
import argparse, json, socket, sys, threading, time
import paho.mqtt.client as mqtt

ap = argparse.ArgumentParser()
ap.add_argument("--host", default="127.0.0.1")
ap.add_argument("--port", type=int, default=1883)
ap.add_argument("--prefix", default="gadgetboard")
ap.add_argument("--node", default="k1")
ap.add_argument("--gadget", default="alps")
ap.add_argument("--count", type=int, default=300)
ap.add_argument("--warmup", type=int, default=20)
ap.add_argument("--timeout", type=float, default=30)
a = ap.parse_args()

cmd, reply = f"{a.prefix}/{a.node}/cmd", f"{a.prefix}/{a.node}/reply"
arrived, lock, got = {}, threading.Lock(), threading.Condition()
subscribed = threading.Event()

def on_message(client, userdata, msg):
    t = time.clock_gettime(time.CLOCK_MONOTONIC)
    try:
        r = json.loads(msg.payload)
    except ValueError:
        return
    with got:
        arrived[r.get("id")] = (t, r.get("ok"))
        got.notify_all()

c = mqtt.Client(client_id="gadgetboard-bench")
c.on_message = on_message
c.on_subscribe = lambda *args: subscribed.set()
c.connect(a.host, a.port, keepalive=30)
# paho 1.6 leaves Nagle's algorithm on: the snapshot request would wait for the broker's (delayed,
# 40 ms) ACK of the set before leaving. The kiosk sets TCP_NODELAY on its own connection.
c.socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
c.subscribe(reply, qos=1)
c.loop_start()
if not subscribed.wait(a.timeout):
    sys.exit("no SUBACK")

samples = []
for i in range(a.warmup + a.count):
    sid = f"shot-{i}"
    t0 = time.clock_gettime(time.CLOCK_MONOTONIC)
    c.publish(cmd, json.dumps({"id": f"set-{i}", "cmd": "set", "gadget": a.gadget, "opacity": 0.5 if i % 2 else 1.0}), qos=1)
    c.publish(cmd, json.dumps({"id": sid, "cmd": "snapshot"}), qos=1)
    with got:
        if not got.wait_for(lambda: sid in arrived, timeout=a.timeout):
            sys.exit(f"no reply to {sid} within {a.timeout} s")
        t1, ok = arrived[sid]
    if not ok:
        sys.exit(f"{sid} failed")
    if i >= a.warmup:
        ms = (t1 - t0) * 1000
        samples.append(ms)
        print(f"sample {i - a.warmup} {ms:.3f} ms")
c.loop_stop()
s = sorted(samples)
def pct(p): return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]
print(f"round trip broker -> presented frame: n={len(s)} p50={pct(50):.2f} ms p90={pct(90):.2f} ms p99={pct(99):.2f} ms max={s[-1]:.2f} ms")
