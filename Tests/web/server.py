#!/usr/bin/env python3
"""The loopback web server Tests/web/run.sh plays every page with (issue 40).

  server.py PORT LOGFILE
Pages (all generated here, so the colours and coordinates are known):
  /colours.html   left half #ff0000, right half #0000ff, a 100x100 #00ff00 square at (0,0), text
  /touch.html     reports every touch/pointer event's page coordinates to /report
  /kiosk.html     the kiosk's page (kiosk_checks.py): colours.html's halves and square without the
                  text, a 40x30 box at the top right whose colour says which load of the page this
                  is (odd #ffff00, even #00ffff; each load is logged as kioskload=N), and touch
                  reports as touch.html's, prefixed k
  /links.html     a link and a script navigation to http://localhost:PORT/ (another origin)
  /storage.html   sets a cookie and localStorage, reports what it found and history.length
  /input.html     a text input (editable focus)
  /status/500     HTTP 500 with a small body
  /never          accepts, never answers (the load timeout)
  /hog.html       allocates memory without end (the memory limit)
  /download.bin   an attachment (refused as a download)
  /report?...     appends the query string to LOGFILE, answers 204
"""
import http.server
import socketserver
import sys
import threading
import time
import urllib.parse

PORT = int(sys.argv[1])
LOG = sys.argv[2]
lock = threading.Lock()
kiosk_loads = 0

PAGES = {
    "/colours.html": """<!doctype html><html><head><style>
html,body{margin:0;height:100%;overflow:hidden}
#l{position:absolute;left:0;top:0;width:50%;height:100%;background:#ff0000}
#r{position:absolute;left:50%;top:0;width:50%;height:100%;background:#0000ff}
#g{position:absolute;left:0;top:0;width:100px;height:100px;background:#00ff00}
#t{position:absolute;left:10px;bottom:10px;font:24px sans-serif;color:#ffffff}
</style></head><body><div id=l></div><div id=r></div><div id=g></div><div id=t>Gadgetboard web</div></body></html>""",
    "/touch.html": """<!doctype html><html><head><style>html,body{margin:0;height:100%;background:#808080;touch-action:none}</style>
</head><body><script>
var n = 0;
function report(kind, x, y) { var r = new XMLHttpRequest(); r.open('GET', '/report?' + (n++) + '&' + kind + '=' + Math.round(x) + ',' + Math.round(y), true); r.send(); }
document.addEventListener('touchstart', function (e) { var t = e.changedTouches[0]; report('touchstart', t.pageX, t.pageY); e.preventDefault(); }, {passive: false});
document.addEventListener('touchmove', function (e) { var t = e.changedTouches[0]; report('touchmove', t.pageX, t.pageY); e.preventDefault(); }, {passive: false});
document.addEventListener('touchend', function (e) { var t = e.changedTouches[0]; report('touchend', t.pageX, t.pageY); }, {passive: false});
</script></body></html>""",
    "/kiosk.html": """<!doctype html><html><head><style>
html,body{margin:0;height:100%;overflow:hidden;touch-action:none}
#l{position:absolute;left:0;top:0;width:50%;height:100%;background:#ff0000}
#r{position:absolute;left:50%;top:0;width:50%;height:100%;background:#0000ff}
#g{position:absolute;left:0;top:0;width:100px;height:100px;background:#00ff00}
#k{position:absolute;right:0;top:0;width:40px;height:30px;background:BOX}
</style></head><body><div id=l></div><div id=r></div><div id=g></div><div id=k></div><script>
var n = 0;
function report(kind, x, y) { var r = new XMLHttpRequest(); r.open('GET', '/report?k' + (n++) + '&' + kind + '=' + Math.round(x) + ',' + Math.round(y), true); r.send(); }
document.addEventListener('touchstart', function (e) { var t = e.changedTouches[0]; report('touchstart', t.pageX, t.pageY); e.preventDefault(); }, {passive: false});
document.addEventListener('touchend', function (e) { var t = e.changedTouches[0]; report('touchend', t.pageX, t.pageY); }, {passive: false});
</script></body></html>""",
    "/links.html": """<!doctype html><html><body style="margin:0">
<a id=a href="http://localhost:%(port)d/colours.html" style="display:block;width:200px;height:200px;background:#00f">away</a>
<script>setTimeout(function () { location.href = 'http://localhost:%(port)d/touch.html'; }, 300);</script></body></html>""",
    "/storage.html": """<!doctype html><html><body><script>
var had = (document.cookie.indexOf('visitor=1') >= 0 ? 'cookie' : 'nocookie') + '-' + (localStorage.getItem('visitor') ? 'storage' : 'nostorage');
document.cookie = 'visitor=1; max-age=3600'; localStorage.setItem('visitor', '1');
var r = new XMLHttpRequest(); r.open('GET', '/report?storage=' + had + '&history=' + history.length, true); r.send();
</script></body></html>""",
    "/input.html": """<!doctype html><html><body style="margin:0">
<input id=i type=text style="position:absolute;left:0;top:0;width:300px;height:100px;font-size:40px">
<script>setTimeout(function () { document.getElementById('i').focus(); }, 200);
setTimeout(function () { document.getElementById('i').blur(); }, 1200);</script></body></html>""",
    "/hog.html": """<!doctype html><html><body><script>
var keep = []; function grow() { for (var i = 0; i < 20; i++) { var a = new Array(1 << 18); for (var j = 0; j < a.length; j++) a[j] = j + i; keep.push(a); } setTimeout(grow, 10); } grow();
</script></body></html>""",
    "/animated.html": """<!doctype html><html><head><style>html,body{margin:0;height:100%;background:#202040}
@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}
#b{position:absolute;left:60px;top:60px;width:120px;height:120px;background:#f80;animation:spin 2s linear infinite}</style></head>
<body><div id=b></div></body></html>""",
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, kind="text/html; charset=utf-8", extra=()):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/kiosk.html":
            global kiosk_loads
            with lock:
                kiosk_loads += 1
                n = kiosk_loads
                with open(LOG, "a") as f:
                    f.write(f"kioskload={n}\n")
            return self.send_body(200, PAGES[url.path].replace("BOX", "#ffff00" if n % 2 else "#00ffff"))
        if url.path in PAGES:
            return self.send_body(200, PAGES[url.path] % {"port": PORT} if "%(port)d" in PAGES[url.path] else PAGES[url.path])
        if url.path == "/status/500":
            return self.send_body(500, "<html><body>server error</body></html>")
        if url.path == "/never":
            time.sleep(3600)
            return
        if url.path == "/download.bin":
            return self.send_body(200, "binary", kind="application/octet-stream",
                                  extra=[("Content-Disposition", "attachment; filename=x.bin")])
        if url.path == "/report":
            with open(LOG, "a") as f:
                f.write(url.query + "\n")
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_body(404, "not found")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


Server(("127.0.0.1", PORT), Handler).serve_forever()
