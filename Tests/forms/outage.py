#!/usr/bin/env python3
"""The forms outage test (issue 38): 1,000 submissions through a server that refuses, hangs and
drops connections on a seeded schedule, with the kiosk killed by SIGKILL ten times and started
again; then the server goes down for the last 100 submissions (the spool fills) and comes back.

Each submission is the kiosk's real path: control `set` of the form's two fields, then `submit`,
whose reply comes once the entry is on disk (the receipt a visitor's thank-you waits for). The
kills come right after a receipt, at a seeded delay of 0-50 ms, while the sender is posting.

Checked (the outcome, never a time): every receipted submission reached the server (lost 0) and,
after de-duplication by its key, exactly once: no visit arrived under two keys (duplicates after
de-dup 0). Reported: the raw duplicates the server saw (lost replies make them on purpose), the
server's request count, and the time from the server's return to an empty spool.

usage: outage.py BIN WORKDIR [--seed N] [--submissions N] [--kills N]
"""
import argparse, json, os, random, signal, socket, subprocess, sys, time

p = argparse.ArgumentParser()
p.add_argument("bin")
p.add_argument("work")
p.add_argument("--seed", type=int, default=38)
p.add_argument("--submissions", type=int, default=1000)
p.add_argument("--kills", type=int, default=10)
a = p.parse_args()

here = os.path.dirname(os.path.abspath(__file__))
work = a.work
state_dir = os.path.join(work, "state")
sock_path = os.path.join(work, "control.sock")
down_file = os.path.join(work, "server-down")
server_log = os.path.join(work, "server.log")
rng = random.Random(a.seed)
children = []


def stop_children():
    for c in children:
        if c.poll() is None:
            c.kill()
            c.wait()


import atexit
atexit.register(stop_children)


def fail(message):
    print("forms outage test: FAILED: " + message, file=sys.stderr)
    for name in ("kiosk.log",):
        path = os.path.join(work, name)
        if os.path.exists(path):
            print("--- " + path + " (last 40 lines)", file=sys.stderr)
            with open(path, errors="replace") as f:
                print("".join(f.readlines()[-40:]), file=sys.stderr)
    sys.exit(1)


def wait_for(what, ready, seconds=60):
    """Waits for readiness (a file, a socket): a guard against a hang, not an outcome."""
    end = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > end:
            fail("no " + what + " after %d s" % seconds)
        time.sleep(0.02)


server = subprocess.Popen([sys.executable, os.path.join(here, "form_server.py"), "--port-file", os.path.join(work, "port"),
                           "--log", server_log, "--mode", "chaos", "--seed", str(a.seed), "--hang", "1.5", "--down-file", down_file],
                          stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "server.err"), "w"))
children.append(server)
wait_for("server port", lambda: os.path.exists(os.path.join(work, "port")))
port = int(open(os.path.join(work, "port")).read())

board = {
    "size": [320, 200], "background": "#203040",
    "forms": [{"id": "guestbook", "submit": {"url": "http://127.0.0.1:%d/form" % port}}],
    "gadgets": [
        {"id": "name", "center": [160, 60], "size": [280, 40], "text": "-",
         "field": {"kind": "text", "form": "guestbook", "name": "name", "required": True}},
        {"id": "visit", "center": [160, 130], "size": [280, 40], "text": "0",
         "field": {"kind": "number", "form": "guestbook", "name": "visit", "required": True}},
    ],
}
board_path = os.path.join(work, "board.json")
with open(board_path, "w") as f:
    json.dump(board, f)
check = subprocess.run([a.bin, "check", board_path], capture_output=True, text=True)
if check.returncode != 0:
    fail("check refused the test board: " + check.stdout + check.stderr)

kiosk = None
kiosk_log = open(os.path.join(work, "kiosk.log"), "a")


def start_kiosk():
    global kiosk
    if os.path.exists(sock_path):
        os.unlink(sock_path)
    kiosk = subprocess.Popen([a.bin, "run", board_path, "--display", "headless", "--no-watch", "--audio", "none",
                              "--control", sock_path, "--state-dir", state_dir,
                              "--form-timeout-ms", "1000", "--form-retry-ms", "50"],
                             stdout=kiosk_log, stderr=kiosk_log)
    children.append(kiosk)
    wait_for("control socket", lambda: os.path.exists(sock_path))


class Control:
    def __init__(self):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.settimeout(60)  # a hang guard, not an outcome
        self.s.connect(sock_path)
        self.buffer = b""
        self.next_id = 0

    def request(self, obj):
        self.next_id += 1
        obj = dict(obj, id=self.next_id)
        self.s.sendall((json.dumps(obj) + "\n").encode())
        while True:
            while b"\n" not in self.buffer:
                chunk = self.s.recv(65536)
                if not chunk:
                    fail("the kiosk closed the control connection")
                self.buffer += chunk
            line, _, self.buffer = self.buffer.partition(b"\n")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                return reply

    def close(self):
        self.s.close()


def kill_kiosk():
    kiosk.send_signal(signal.SIGKILL)
    kiosk.wait()


n = a.submissions
outage_from = n - n // 10  # the last tenth: the server is down, the spool fills
kill_points = set(rng.sample(range(10, outage_from - 10), a.kills - 2) + rng.sample(range(outage_from, n - 1), 2))
started = time.monotonic()
start_kiosk()
control = Control()
receipted = []
for i in range(n):
    if i == outage_from:
        open(down_file, "w").close()
    for req in ({"cmd": "set", "gadget": "name", "text": "Visitor %d" % i},
                {"cmd": "set", "gadget": "visit", "text": str(i)},
                {"cmd": "submit", "form": "guestbook"}):
        reply = control.request(req)
        if not reply.get("ok"):
            fail("submission %d: %s answered %s" % (i, req["cmd"], json.dumps(reply)))
    receipted.append(i)
    if i in kill_points:
        time.sleep(rng.uniform(0, 0.05))
        control.close()
        kill_kiosk()
        start_kiosk()
        control = Control()
submitted_at = time.monotonic()

# The server returns: how long until the spool is empty (the sender's backoff included).
pending_at_return = control.request({"cmd": "state"}).get("forms", {}).get("pending")
os.unlink(down_file)
returned = time.monotonic()
while True:
    pending = control.request({"cmd": "state"}).get("forms", {}).get("pending")
    if pending == 0:
        break
    if time.monotonic() - returned > 120:
        fail("the spool still holds %s submissions 120 s after the server returned" % pending)
    time.sleep(0.02)
drained = time.monotonic() - returned
control.close()
kiosk.send_signal(signal.SIGTERM)
kiosk.wait()
server.send_signal(signal.SIGTERM)
server.wait()

keys_by_visit = {}
deliveries = 0
with open(server_log) as f:
    for line in f:
        entry = json.loads(line)
        deliveries += 1
        keys_by_visit.setdefault(int(entry["visit"]), set()).add(entry["key"])
lost = [i for i in receipted if i not in keys_by_visit]
twice = [i for i, keys in keys_by_visit.items() if len(keys) > 1]
unique = sum(len(k) for k in keys_by_visit.values())
left = os.listdir(os.path.join(state_dir, "forms", "spool"))
print("forms outage: %d submissions receipted, %d SIGKILLs, server seed %d" % (len(receipted), a.kills, a.seed))
print("forms outage: server read %d posts, %d distinct keys; duplicates before de-dup %d" % (deliveries, unique, deliveries - unique))
print("forms outage: lost %d, duplicates after de-dup %d, spool files left %d" % (len(lost), len(twice), len(left)))
print("forms outage: %s waiting when the server returned; spool drained %.2f s after its return" % (pending_at_return, drained))
print("forms outage: submissions took %.1f s, whole run %.1f s" % (submitted_at - started, time.monotonic() - started))
if lost:
    fail("lost %d receipted submissions, e.g. %s" % (len(lost), lost[:10]))
if twice:
    fail("%d visits arrived under two keys (a duplicate no de-duplication can remove), e.g. %s" % (len(twice), twice[:10]))
if left:
    fail("spool files left after the drain: %s" % left[:5])
if unique != len(receipted):
    fail("%d distinct keys for %d submissions" % (unique, len(receipted)))
print("forms outage test: ok")
