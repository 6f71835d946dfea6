#!/usr/bin/env python3
"""A loopback HTTP server that receives form submissions and misbehaves on cue.

Every request it reads in full is appended to --log as one JSON line {"key": KEY, "n": N}
before it decides how to answer, so a reply it then drops is a submission that arrived
(the kiosk cannot know: it retries, and the receiver de-duplicates by key).

Behaviour per request:
  --mode ok          200 for POST /form
  path /ok /fail /drop /hang (the unit tests): 200, 503, close without reply, no reply
  --mode chaos       seeded (--seed): each request is answered 200, 503, dropped before
                     reading, dropped after reading (a lost reply), refused with 503 after
                     reading, or hung for --hang seconds;
                     and after some requests the listener closes for a while (connections are
                     refused) and opens again.
  The file --down-file: while it exists the listener is closed (refused), whatever the mode.
The port is written to --port-file once listening.
"""
import argparse, json, os, random, socket, sys, time

p = argparse.ArgumentParser()
p.add_argument("--port-file", required=True)
p.add_argument("--log", required=True)
p.add_argument("--mode", default="ok")
p.add_argument("--seed", type=int, default=38)
p.add_argument("--hang", type=float, default=3.0)
p.add_argument("--down-file", default=None)
p.add_argument("--port", type=int, default=0)
a = p.parse_args()

rng = random.Random(a.seed)
log = open(a.log, "a", buffering=1)


def listen(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(64)
    s.settimeout(0.2)
    return s


def read_request(c):
    c.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = c.recv(65536)
        if not chunk:
            return None, None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = c.recv(65536)
        if not chunk:
            return None, None
        body += chunk
    return lines[0], body[:length]


def reply(c, status, text):
    body = text.encode()
    c.sendall(b"HTTP/1.1 %d %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (status, text.encode(), len(body), body))


def record(body, n):
    try:
        doc = json.loads(body)
        key = doc["submission"]
        visit = doc.get("fields", {}).get("visit")
    except Exception:
        key, visit = None, None
    log.write(json.dumps({"key": key, "visit": visit, "n": n}) + "\n")


server = listen(a.port)
port = server.getsockname()[1]
with open(a.port_file + ".tmp", "w") as f:
    f.write(str(port))
os.rename(a.port_file + ".tmp", a.port_file)

n = 0
down_until = 0.0
while True:
    down = (a.down_file and os.path.exists(a.down_file)) or time.monotonic() < down_until
    if down:
        if server is not None:
            server.close()
            server = None
        time.sleep(0.05)
        continue
    if server is None:
        server = listen(port)
    try:
        c, _ = server.accept()
    except socket.timeout:
        continue
    n += 1
    with c:
        try:
            if a.mode == "chaos":
                roll = rng.random()
                if roll < 0.02:
                    c.close()  # dropped before reading anything
                    continue
                line, body = read_request(c)
                if line is None:
                    continue
                if roll < 0.04:
                    continue  # read, not recorded, dropped
                record(body, n)
                if roll < 0.09:
                    continue  # recorded, reply lost: the kiosk retries, a duplicate arrives
                if roll < 0.10:
                    time.sleep(a.hang)  # hung past the kiosk's timeout
                    continue
                if roll < 0.13:
                    reply(c, 503, "busy")  # recorded, then refused: the kiosk retries
                    continue
                reply(c, 200, "ok")
                if rng.random() < 0.005:
                    down_until = time.monotonic() + rng.uniform(0.3, 1.0)  # refused for a while
                continue
            line, body = read_request(c)
            if line is None:
                continue
            path = line.split(" ")[1] if " " in line else "/"
            if path == "/hang":
                record(body, n)
                time.sleep(a.hang)
                continue
            if path == "/drop":
                record(body, n)
                continue
            if path == "/fail":
                reply(c, 503, "busy")
                continue
            record(body, n)
            reply(c, 200, "ok")
        except (ConnectionError, socket.timeout, OSError):
            pass
