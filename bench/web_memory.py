#!/usr/bin/env python3
"""The measurements of bench/web-memory.sh (which prints the conditions): where one web page's
memory goes. One helper shows the loopback colours page at 800x480, frames answered as the kiosk
answers them, settled 3 s; then each process of its family (the helper, WebKit's NetworkProcess
and WebProcess) is listed with its RSS and PSS (/proc/PID/smaps_rollup; anon, file and shmem
parts) and its largest mappings by PSS (/proc/PID/smaps), and the family's PSS summed.
  web_memory.py HELPER PORT WORKDIR [TOP]"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "web"))
from helper_client import Helper, children  # noqa: E402

binary, port, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
top = int(sys.argv[4]) if len(sys.argv) > 4 else 6


def rollup(pid):
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            p = line.split()
            if len(p) >= 2 and p[0].endswith(":") and p[1].isdigit():
                fields[p[0][:-1]] = int(p[1]) / 1024
    return fields


def mappings(pid):
    """PSS in MB by mapped file (anonymous mappings as [anon])."""
    by = collections.Counter()
    name = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            p = line.split()
            if len(p) >= 5 and "-" in p[0] and ":" in p[3]:
                name = p[5] if len(p) > 5 else "[anon]"
            elif p and p[0] == "Pss:":
                by[name] += int(p[1]) / 1024
    return by


h = Helper(binary, log=open(os.path.join(work, "helper.log"), "a"))
h.receive(15)
h.open(f"http://127.0.0.1:{port}/colours.html", 800, 480)
loaded = h.wait_for("loaded", 30)[0] is not None
h.pump(3)
print(f"page loaded: {'yes' if loaded else 'NO'}")
total = 0.0
for pid in [h.proc.pid] + children(h.proc.pid):
    r = rollup(pid)
    total += r.get("Pss", 0)
    with open(f"/proc/{pid}/comm") as f:
        name = f.read().strip()
    print(f"{name:16s} RSS {r.get('Rss', 0):6.1f} MB  PSS {r.get('Pss', 0):6.1f} MB "
          f"(anon {r.get('Pss_Anon', 0):.1f}, file {r.get('Pss_File', 0):.1f}, shmem {r.get('Pss_Shmem', 0):.1f})")
    for mapping, mb in mappings(pid).most_common(top):
        print(f"    {mb:6.1f} MB  {mapping}")
print(f"family PSS {total:.1f} MB")
h.close()
