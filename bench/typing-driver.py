#!/usr/bin/env python3
"""Types into a running kiosk's multiline field through its control socket (issue 38's figures,
docs/BENCHMARKS.md "Typing"): focuses FIELD, fills it with 200 characters, then every 1/RATE s
sends `set FIELD text` with one character more or fewer (between 190 and 210, so the field holds
about 200 characters throughout: the same re-layout, atlas upload and draw as a typed key; the
evdev -> xkbcommon step before it is not in this path), and measures the kiosk's CPU over the
typing from /proc/PID/stat (utime + stime).

    bench/typing-driver.py SOCKET PID FIELD SECONDS RATE SENDS_LOG

SENDS_LOG gets each key's CLOCK_MONOTONIC send time in µs (the kiosk's flip times are on the
same clock). Prints one JSON line: keys sent, seconds, CPU % of one core.
"""
import json, os, socket, sys, time

def main():
    path, pid, field, seconds, rate, sends_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    f = s.makefile("r")
    def ask(obj):
        s.sendall((json.dumps(obj) + "\n").encode())
        return json.loads(f.readline())
    text = ("Visitors' book: lovely exhibition, we came back twice. " * 5)[:210]
    ask({"cmd": "focus", "gadget": field})
    ask({"cmd": "set", "gadget": field, "text": text[:200]})
    time.sleep(1.0)
    tick = os.sysconf("SC_CLK_TCK")
    def cpu():
        with open("/proc/%d/stat" % pid) as st:
            parts = st.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / tick  # utime, stime (fields 14, 15)
    def drawing():
        # llvmpipe's rasterizer threads: on this machine the CPU also draws (a Pi's GPU does
        # that part), so their share is reported apart from the kiosk's own.
        total = 0
        for tid in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/stat" % (pid, tid)) as st:
                    name = st.read()
            except OSError:
                continue
            comm = name[name.index("(") + 1:name.rindex(")")]
            if comm.startswith("llvmpipe"):
                parts = name.rsplit(")", 1)[1].split()
                total += int(parts[11]) + int(parts[12])
        return total / tick
    n, step, keys = 200, 1, 0
    sends = open(sends_log, "w")
    c0, d0, t0 = cpu(), drawing(), time.monotonic()
    next_at = t0
    while time.monotonic() - t0 < seconds:
        n += step
        if n >= 210 or n <= 190: step = -step
        sent = time.monotonic_ns() // 1000
        reply = ask({"cmd": "set", "gadget": field, "text": text[:n]})
        if reply.get("ok") is not True:
            print(json.dumps({"error": reply})); sys.exit(1)
        sends.write("%d\n" % sent)
        keys += 1
        next_at += 1.0 / rate
        time.sleep(max(0, next_at - time.monotonic()))
    c1, d1, t1 = cpu(), drawing(), time.monotonic()
    sends.close()
    # Exited threads' time stays in the process's figure but leaves the per-thread sum: the
    # llvmpipe threads live as long as the GL context, i.e. the whole run.
    total, draw = 100 * (c1 - c0) / (t1 - t0), 100 * (d1 - d0) / (t1 - t0)
    print(json.dumps({"keys": keys, "seconds": round(t1 - t0, 2), "cpu_percent_of_one_core": round(total, 2),
                      "llvmpipe_drawing_percent": round(draw, 2), "without_drawing_percent": round(total - draw, 2)}))

if __name__ == "__main__":
    main()
