#!/usr/bin/env python3
"""Writes the live-data benchmark board: N HTTP sources on the loopback server, each bound to a
text gadget, plus a seconds clock. Usage: live-data-board.py PORT N EVERY OUT.json"""
import json
import sys

port, n, every, out = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
sources = [{"id": "s%d" % i, "url": "http://127.0.0.1:%d/s/s%d" % (port, i), "every": every, "timeoutSeconds": 5}
           for i in range(n)]
gadgets = [{"id": "clock", "center": [400, 50], "size": [400, 80], "movable": False,
            "text": {"string": "--:--:--", "size": 64, "color": "#ffffff"}, "bind": {"text": "{time|%H:%M:%S}"}}]
for i in range(n):
    gadgets.append({"id": "g%d" % i, "center": [200 + 400 * (i % 2), 130 + 70 * (i // 2)], "size": [360, 60], "movable": False,
                    "text": {"string": "…", "size": 40, "color": "#ffffff"}, "bind": {"text": "s%d: {s%d:/v|%%d}" % (i, i)}})
json.dump({"size": [800, 480], "background": "#1b1f27", "sources": sources, "gadgets": gadgets}, open(out, "w"), indent=1)
