#!/usr/bin/env python3
"""Loopback HTTP server for the live-data poller tests: every bad server the kiosk must survive.

    http_server.py PORTFILE [--tls CERT KEY]   # binds 127.0.0.1 on a free port, writes it to
                                               # PORTFILE, serves (HTTPS with CERT) until killed

/etag        200 with ETag "v1" and {"t": 21.5}; 304 when If-None-Match is "v1"
/modified    200 with Last-Modified; 304 when If-Modified-Since matches it
/500         500
/slow        answers after 5 s
/never       accepts, reads the request, never answers (until the client gives up)
/huge        20 MB without Content-Length (the write callback must cut it)
/huge-length 20 MB with Content-Length (refused before the body)
/to-file     302 to file:///etc/passwd (a redirect to a refused protocol)
/loop        302 to itself (more redirects than allowed)
/gzip-bomb   20 MB of zeros gzipped to about 20 kB, Content-Encoding: gzip (cut where it inflates)
/count       the number of requests seen so far, as text
/flaky       200 with {"t": 1} until /flaky/fail, then 500 until /flaky/heal
/shop/KIND   200 with {"special": "Suppe", "price": 4.5} until /shop/break, then (until
             /shop/heal) still 200 but not what a board reads: KIND html an HTML maintenance
             page, nopointer JSON without "special", wrongtype "price" as text
"""
import gzip
import http.server
import os
import signal
import socketserver
import ssl
import sys
import threading
import time

requests = 0
flaky_failing = False
shop_broken = False
SHOP_BROKEN = {
    "/shop/html": (b"<!DOCTYPE html><html><body><h1>Wartungsarbeiten</h1></body></html>", "text/html"),
    "/shop/nopointer": (b'{"price": 4.5}', "application/json"),
    "/shop/wrongtype": (b'{"special": "Suppe", "price": "n/a"}', "application/json"),
}
lock = threading.Lock()
MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT"


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
        global requests, flaky_failing, shop_broken
        with lock:
            requests += 1
        path = self.path
        if path == "/etag":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send(304, headers=[("ETag", '"v1"')])
            else:
                self.send(200, b'{"t": 21.5}', [("ETag", '"v1"'), ("Content-Type", "application/json")])
        elif path == "/modified":
            if self.headers.get("If-Modified-Since") == MODIFIED:
                self.send(304)
            else:
                self.send(200, b"open", [("Last-Modified", MODIFIED)])
        elif path == "/500":
            self.send(500, b"oops")
        elif path == "/slow":
            time.sleep(5)
            self.send(200, b"late")
        elif path == "/never":
            time.sleep(3600)
        elif path == "/huge":
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(320):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        elif path == "/huge-length":
            self.send_response(200)
            self.send_header("Content-Length", str(20 << 20))
            self.end_headers()
            try:
                self.wfile.write(b"x" * (20 << 20))
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/gzip-bomb":
            body = gzip.compress(b"\0" * (20 << 20), compresslevel=9)
            self.send(200, body, [("Content-Encoding", "gzip"), ("Content-Type", "application/json")])
        elif path == "/to-file":
            self.send(302, headers=[("Location", "file:///etc/passwd")])
        elif path == "/loop":
            self.send(302, headers=[("Location", "/loop")])
        elif path == "/flaky":
            if flaky_failing:
                self.send(500, b"failing")
            else:
                self.send(200, b'{"t": 1}')
        elif path in ("/flaky/fail", "/flaky/heal"):
            flaky_failing = path == "/flaky/fail"
            self.send(200, b"ok")
        elif path in ("/shop/break", "/shop/heal"):
            shop_broken = path == "/shop/break"
            self.send(200, b"ok")
        elif path in SHOP_BROKEN:
            body, kind = SHOP_BROKEN[path] if shop_broken else (b'{"special": "Suppe", "price": 4.5}', "application/json")
            self.send(200, body, [("Content-Type", kind)])
        elif path == "/count":
            with lock:
                n = requests
            self.send(200, str(n).encode())
        else:
            self.send(404, b"no such path")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


if __name__ == "__main__":
    # The test process may block or ignore SIGTERM (its signal-pipe tests do), and a child
    # inherits both: take the default back so the test's kill ends the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # Never outlive a test run that died before killing it.
    threading.Timer(900, lambda: os._exit(0)).start()
    server = Server(("127.0.0.1", 0), Handler)
    if sys.argv[2:3] == ["--tls"]:
        # A failed handshake (a client that does not trust CERT) raises in accept, which
        # socketserver treats as a dropped connection: the server serves on.
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[3], sys.argv[4])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    server.serve_forever()
