#!/usr/bin/env python3
"""The measurements of bench/web-pss.sh (which prints the conditions): what one more web page
costs in memory. N helpers (one per web gadget, as the kiosk runs them) each show the loopback
colours page at 800x480; once all have loaded and settled, each helper family's (helper +
WebKit's WebProcess and NetworkProcess) PSS from /proc/PID/smaps_rollup is summed. PSS splits a
shared page among the processes mapping it, so libWPEWebKit's code is counted once over all
helpers, where summed RSS counts it once per process.
  web_pss.py HELPER PORT MAXPAGES WORKDIR"""
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "Tests", "web"))
from helper_client import Helper, children, rss_kb  # noqa: E402
from web_figures_memory import pss_kb  # noqa: E402

binary, port, most, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
page = f"http://127.0.0.1:{port}/colours.html"
log = open(os.path.join(work, "helper.log"), "a")
previous = 0.0
for n in range(1, most + 1):
    helpers = [Helper(binary, log=log) for _ in range(n)]
    loaded = 0
    for h in helpers:
        h.receive(15)
        h.open(page, 800, 480)
    for h in helpers:
        if h.wait_for("loaded", 30)[0] is not None:
            loaded += 1
    # Settled: every helper's frames answered for 3 s in turn (the kiosk answers each after its flip).
    for _ in range(6):
        for h in helpers:
            h.pump(0.5 / n)
    families = [[h.proc.pid] + children(h.proc.pid) for h in helpers]
    pss = sum(pss_kb(p) for f in families for p in f) / 1024
    rss = sum(rss_kb(p) for f in families for p in f) / 1024
    processes = sum(len(f) for f in families)
    print(f"{n} page{'s' if n > 1 else ''} ({loaded} loaded, {processes} processes): PSS {pss:.1f} MB, {pss / n:.1f} MB a page, "
          f"the {n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'} page added {pss - previous:+.1f} MB; summed RSS {rss:.1f} MB",
          flush=True)
    previous = pss
    for h in helpers:
        h.close()
    time.sleep(1)
