#!/usr/bin/env bash
# A web page's memory as deployed (issue 40's helper RSS target): the kiosk itself running one
# web gadget (Tests/web/server.py's colours page at 800x480, headless), settled SETTLE seconds
# after the page is on screen; then the kiosk's own metric `gadgetboard_web_helper_rss_bytes`
# (the PSS of the helper and every process below it) and the PSS of the kiosk and of each of
# the family's processes, from /proc/PID/smaps_rollup. bench/web-memory.sh measures the helper
# alone, with no kiosk beside it: PSS shares a page mapped by several processes between them,
# so pages the kiosk maps too (Mesa's libLLVM on this GPU-less host) count partly to the kiosk
# here. Both are honest figures of different things; the sum is what the machine holds.
# With RELOADS, the page is then reloaded that many times through the control socket (each
# waiting for its `loaded` event), settled again, and measured again: the "after 1,000 reloads".
#   bench/web-memory-kiosk.sh [KIOSK] [HELPER] [SETTLE] [RELOADS]   (defaults: the release builds, 10 s, 0)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kiosk=${1:-$here/../.build/release/gadgetboard}
helper=${2:-$here/../.build/release/gadgetboard-web}
settle=${3:-10}
reloads=${4:-0}
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server="" pid=""
trap '[[ -n $pid ]] && kill $pid 2>/dev/null; [[ -n $server ]] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
. "$here/conditions.sh"
bench_conditions web-memory-kiosk "$kiosk" "$helper"
python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
server=$!
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
cat >"$work/board.json" <<JSON
{"size":[800,480],"background":"#202020","gadgets":[
  {"id":"menu","center":[400,240],"size":[800,480],"web":{"url":"http://127.0.0.1:$port/colours.html"}}]}
JSON
GADGETBOARD_WEB_HELPER=$helper "$kiosk" run "$work/board.json" --display headless --events --no-watch \
    --metrics "$work/metrics.prom" --control "$work/ctl.sock" --duration $((2 * settle + 120 + reloads)) >"$work/events.log" 2>"$work/kiosk.log" &
pid=$!
for _ in $(seq 600); do grep -q '"event":"shown"' "$work/events.log" 2>/dev/null && break; sleep 0.1; done
grep -q '"event":"shown"' "$work/events.log" || { echo "web-memory-kiosk: the page was not shown within 60 s"; cat "$work/kiosk.log"; exit 1; }
sleep "$settle"
measure() {
python3 - "$pid" "$work/metrics.prom" <<'PY'
import os, sys
kiosk, metrics = int(sys.argv[1]), sys.argv[2]
def pss(p):
    with open(f"/proc/{p}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
def comm(p):
    return open(f"/proc/{p}/comm").read().strip()
def children(p):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                fields = open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == p:
                out.append(int(d))
    return out
family, todo = [], [c for c in children(kiosk) if comm(c) == "gadgetboard-web"]
while todo:
    p = todo.pop()
    family.append(p)
    todo += children(p)
metric = None
for line in open(metrics):
    if line.startswith("gadgetboard_web_helper_rss_bytes"):
        metric = float(line.split()[-1]) / 2**20
k = pss(kiosk)
print(f"kiosk (pid {kiosk}): PSS {k:.1f} MB")
total = 0.0
for p in family:
    v = pss(p) or 0
    total += v
    print(f"  {comm(p)} (pid {p}): PSS {v:.1f} MB")
print(f"web page family (helper and below), PSS summed: {total:.1f} MB; the kiosk's metric gadgetboard_web_helper_rss_bytes: {metric:.1f} MB" if metric is not None else f"family PSS {total:.1f} MB; no metric line")
print(f"kiosk + family, PSS: {k + total:.1f} MB")
PY
}
measure
if [ "$reloads" -gt 0 ]; then
    python3 - "$work/ctl.sock" "$reloads" <<'PY'
import json, socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
f = s.makefile("r")
def ask(o):
    s.sendall((json.dumps(o) + "\n").encode())
    while True:
        r = json.loads(f.readline())
        if r.get("id") == o["id"]:
            return r
ask({"cmd": "subscribe", "id": 0})
n, failed, t0 = int(sys.argv[2]), 0, time.monotonic()
for i in range(n):
    r = ask({"cmd": "web", "gadget": "menu", "action": "reload", "id": i + 1})
    if not r.get("ok"):
        failed += 1
        continue
    while True:  # its load's end (a hang guard of 30 s per reload)
        line = f.readline()
        e = json.loads(line) if line else {}
        if e.get("type") == "web" and e.get("event") in ("loaded", "failed"):
            failed += e.get("event") == "failed"
            break
print(f"reloads: {n} in {time.monotonic() - t0:.1f} s, {failed} not loaded")
PY
    sleep "$settle"
    echo "# after the reloads:"
    measure
fi
echo "# web-memory-kiosk: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
