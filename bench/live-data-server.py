#!/usr/bin/env python3
"""Loopback HTTP server for the live-data kiosk benchmarks (bench/live-data-*.sh).

GET /s/NAME answers 200 with a JSON body {"v": N, "n": "NAME"} whose value changes on every
request (a per-path counter), with an ETag naming that value; an If-None-Match equal to the
current ETag gets 304 (it never is, since the value moves on each request, but the kiosk sends
it). GET /mode/500 and /mode/200 switch every /s/ answer to 500 or back (for the event test),
GET /count answers the total number of /s/ requests. Writes its port to argv[1] once listening.
"""
import http.server
import json
import sys
import threading

lock = threading.Lock()
counters = {}
state = {"mode": 200, "total": 0}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path.startswith("/mode/"):
            state["mode"] = int(self.path[6:])
            return self.send(200, b"ok")
        if self.path == "/count":
            return self.send(200, str(state["total"]).encode())
        if not self.path.startswith("/s/"):
            return self.send(404)
        name = self.path[3:]
        with lock:
            state["total"] += 1
            n = counters.get(name, 0) + 1
            counters[name] = n
        if state["mode"] != 200:
            return self.send(state["mode"], b"failing")
        etag = '"%s-%d"' % (name, n)
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        body = json.dumps({"v": n, "n": name}).encode()
        self.send(200, body, [("ETag", etag), ("Content-Type", "application/json")])


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
