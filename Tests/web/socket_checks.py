#!/usr/bin/env python3
"""The kiosk's web helpers from a systemd socket (issue 40, gadgetboard-web.socket), end to end
without systemd itself: `systemd-socket-activate --seqpacket -a` listens and starts one real
helper per connection as uid 65534 (setpriv), the stand-in for gadgetboard-web@.service's
User=gadgetboard-web; the headless kiosk is pointed at it with $GADGETBOARD_WEB_SOCKET and has no
$GADGETBOARD_WEB_HELPER. One PASS/FAIL (or SKIP) line per check; exit status 1 if any failed.
  socket_checks.py KIOSK HELPER PORT REPORTLOG WORKDIR

- socket: the kiosk says once that page helpers come from the socket;
- pixels: the page's colours at the gadget (the control socket's snapshot);
- own user: the gadgetboard-web process runs as uid and gid 65534, and the kiosk spawned none;
- activation not inherited: WebKit's processes below the helper have no LISTEN_ variables;
- memory metric: `gadgetboard_web_helper_rss_bytes` is above zero (the kiosk cannot read the
  helper's /proc in the package, so it is the helper's own `memory` report);
- kill -9: the helper killed; the kiosk logs one line, connects again (a new helper, uid 65534)
  and the page's next load is drawn.
"""
import base64
import os
import shutil
import signal
import subprocess
import sys
import time

from kiosk_control import Control, decode_png, wait_until

kiosk_bin, helper_bin, port, report_log, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
base = f"http://127.0.0.1:{port}"
failures = 0
NOBODY = 65534
# A 320x240 gadget at zoom 2, unturned: page CSS px (x, y) is board px (240 + 2x, 180 + 2y).
TOLERANCE = 24
RED, GREEN, BLUE, YELLOW, CYAN = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255)


def result(name, ok, detail):
    global failures
    print(f"{'PASS' if ok else 'FAIL'}: web socket: {name}: {detail}", flush=True)
    if not ok:
        failures += 1


def near(got, want):
    return all(abs(g - w) <= TOLERANCE for g, w in zip(got, want))


def kiosk_loads():
    try:
        with open(report_log) as f:
            return sum(1 for line in f if line.startswith("kioskload="))
    except FileNotFoundError:
        return 0


def helpers():
    """{pid: (parent pid, real/effective uids, real/effective gids)} of every live gadgetboard-web."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
            with open(f"/proc/{d}/status") as f:
                status = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        if comm == "gadgetboard-web" and fields[0] != "Z":
            out[int(d)] = (int(fields[1]), [int(u) for u in status["Uid"].split()[:2]], [int(g) for g in status["Gid"].split()[:2]])
    return out


missing = [tool for tool in ("systemd-socket-activate", "setpriv") if shutil.which(tool) is None]
if missing or os.geteuid() != 0:
    why = f"{', '.join(missing)} not installed" if missing else "not root (setpriv cannot change user)"
    print(f"SKIP: web socket: {why}; the package's own socket and user are tested by Tests/boot", flush=True)
    sys.exit(0)

sock_dir = os.path.join(work, "sock")
home = os.path.join(work, "helper-home")  # the unit's CacheDirectory stand-in, the helper's own
os.mkdir(sock_dir)
os.mkdir(home)
os.chown(home, NOBODY, NOBODY)
os.chmod(work, 0o711)  # mktemp's 0700 would keep the helper out of its own home below it
sock = os.path.join(sock_dir, "helper.sock")
activate_log = open(os.path.join(work, "activate.log"), "w")
# systemd-socket-activate hands a child only TERM, PATH, USER, HOME and what -E sets, as a unit would.
activator = subprocess.Popen(["systemd-socket-activate", "--seqpacket", "-a", "-l", sock,
                              "-E", f"HOME={home}", "-E", f"XDG_CACHE_HOME={home}",
                              "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", helper_bin, "--fd", "3"],
                             stdout=activate_log, stderr=subprocess.STDOUT)
kiosk = None
try:
    if not wait_until(lambda: os.path.exists(sock), 10):
        raise RuntimeError("systemd-socket-activate made no socket in 10 s")
    board = os.path.join(work, "socket-board.json")
    with open(board, "w") as f:
        f.write('{"size": [800, 600], "background": "#202020", "gadgets": [{"id": "menu", "center": [400, 300], '
                f'"size": [320, 240], "web": {{"url": "{base}/kiosk.html", "zoom": 2}}}}]}}')
    control = os.path.join(work, "socket-control.sock")
    metrics = os.path.join(work, "socket-metrics.prom")
    env = {k: v for k, v in os.environ.items() if k != "GADGETBOARD_WEB_HELPER"}
    env.update(GADGETBOARD_WEB_SOCKET=sock, GADGETBOARD_WEB_RESTART_MAX_MS="1000")
    kiosk_log_path = os.path.join(work, "socket-kiosk.log")
    kiosk_log = open(kiosk_log_path, "w")
    kiosk = subprocess.Popen([kiosk_bin, "run", board, "--display", "headless", "--duration", "300", "--no-watch",
                              "--control", control, "--metrics", metrics], stdout=kiosk_log, stderr=subprocess.STDOUT, env=env)

    def log_lines(text):
        with open(kiosk_log_path) as f:
            return [line.rstrip("\n") for line in f if text in line]

    if not wait_until(lambda: os.path.exists(control), 30):
        raise RuntimeError("the kiosk made no control socket in 30 s")
    ctl = Control(control)

    last = []

    def page_drawn(box=None):
        """The snapshot's (square, left half, right half, load box) when they are the page's, else None."""
        reply = ctl.ask({"cmd": "snapshot"}, timeout=40)
        if not reply.get("ok"):
            raise RuntimeError(f"snapshot: {reply}")
        _, _, px = decode_png(base64.b64decode(reply["png"]))
        got = [px[180 + 2 * y][240 + 2 * x] for x, y in [(40, 50), (40, 112), (140, 112), (140, 15)]]
        last[:] = got
        ok = near(got[0], GREEN) and near(got[1], RED) and near(got[2], BLUE) and (box is None or near(got[3], box))
        return got if ok else None

    t0 = time.monotonic()
    drawn = wait_until(page_drawn, 20)
    result("pixels", drawn is not None,
           f"square, left half, right half, load box at the gadget {last} {time.monotonic() - t0:.1f} s after start "
           f"(want {GREEN}, {RED}, {BLUE}, yellow or cyan)")

    said = log_lines("page helpers come from")
    result("socket", len(said) == 1 and sock in said[0] and "$GADGETBOARD_WEB_SOCKET" in said[0],
           f"{len(said)} line(s): {said} (want one naming {sock})")

    running = helpers()
    spawned = [pid for pid, (ppid, _, _) in running.items() if ppid == kiosk.pid]
    own = {pid: v for pid, v in running.items() if v[1] == [NOBODY, NOBODY] and v[2] == [NOBODY, NOBODY]}
    result("own user", len(own) == 1 and not spawned,
           f"gadgetboard-web processes (pid: parent, uids, gids): {running}; spawned by the kiosk: {spawned} "
           f"(want one as {NOBODY}/{NOBODY} and none spawned)")

    # WebKit's processes (the helper's children, as uid 65534) must not see the activation's
    # LISTEN_FDS/LISTEN_PID: the helper unsets them before WebKit starts.
    def webkit_children():
        out = {}
        for d in os.listdir("/proc"):
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) not in own:
                    continue
                with open(f"/proc/{d}/environ", "rb") as f:
                    out[stat[stat.index("(") + 1:stat.rindex(")")]] = [v.split(b"=")[0].decode() for v in f.read().split(b"\0") if v.startswith(b"LISTEN_")]
            except (OSError, ValueError):
                continue
        return out
    children = webkit_children()
    result("activation not inherited", len(children) >= 1 and not any(children.values()),
           f"the helper's children and their LISTEN_ variables: {children} (want WebKit's processes, with none)")

    def metric():
        try:
            with open(metrics) as f:
                for line in f:
                    if line.startswith("gadgetboard_web_helper_rss_bytes"):
                        value = float(line.split()[-1])
                        return value if value > 0 else None
        except FileNotFoundError:
            pass
        return None
    rss = wait_until(metric, 10)
    result("memory metric", rss is not None, f"gadgetboard_web_helper_rss_bytes {rss} (want above 0: the helper's own report)")

    # kill -9: one line, a new connection, the page's next load drawn.
    problems = []
    if len(own) == 1:
        victim = next(iter(own))
        loads = kiosk_loads()
        lines_before = len(log_lines("the helper "))
        t0 = time.monotonic()
        os.kill(victim, signal.SIGKILL)
        if not wait_until(lambda: kiosk_loads() > loads, 20):
            problems.append("the page was not loaded again within 20 s")
        box = YELLOW if kiosk_loads() % 2 else CYAN
        back = wait_until(lambda: page_drawn(box), 20)
        elapsed = time.monotonic() - t0
        if back is None:
            problems.append(f"the page's load {kiosk_loads()} was not drawn within 20 s (last {last})")
        said = log_lines("the helper ")[lines_before:]
        if len(said) != 1:
            problems.append(f"{len(said)} lines about it: {said}")
        again = {pid: v for pid, v in helpers().items() if pid != victim}
        if [v[1] for v in again.values()] != [[NOBODY, NOBODY]]:
            problems.append(f"helpers after it: {again}")
        result("kill -9", not problems,
               f"page back in {elapsed:.1f} s; the kiosk's line: {said}; helpers after: {again}" + (f"; {'; '.join(problems)}" if problems else ""))
    else:
        result("kill -9", False, "no helper of its own user to kill")
except Exception as e:  # noqa: BLE001 - any failure of the harness is a FAIL line, not a traceback
    result("socket", False, f"{type(e).__name__}: {e}")
finally:
    if kiosk:
        kiosk.send_signal(signal.SIGTERM)
        try:
            kiosk.wait(15)
        except subprocess.TimeoutExpired:
            kiosk.kill()
    activator.send_signal(signal.SIGTERM)
    try:
        activator.wait(10)
    except subprocess.TimeoutExpired:
        activator.kill()
    if failures:
        for name in ("socket-kiosk.log", "activate.log"):
            print(f"web socket: {name}:")
            with open(os.path.join(work, name)) as f:
                print("".join(f.readlines()[-20:]), end="")

sys.exit(1 if failures else 0)
