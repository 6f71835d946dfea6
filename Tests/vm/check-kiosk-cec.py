#!/usr/bin/env python3
"""Judges guest-kiosk-cec.sh: `gadgetboard run --cec` switched vivid's TV through the control
protocol's `display` command. After the line the monitor had reached when the kiosk started
(kiosk-cec.start), the TV must have received, from a playback device, <Image View On> and
<Active Source> (the kiosk starting), <Standby> (display off), then <Image View On> and
<Active Source> again (display on), and nothing else; both `ctl` replies must be ok; the kiosk
must have exited 0 on SIGTERM. A missing file is a failure, never a skipped check."""
import json, pathlib, re, sys

out = pathlib.Path(sys.argv[1])
failures = []


def text(name):
    f = out / name
    if not f.exists():
        failures.append(f"{name} is missing (the scenario did not run)")
        return ""
    return f.read_text(errors="replace")


start = text("kiosk-cec.start").strip()
monitor = text("monitor.log").splitlines()
seen = []
if start.isdigit():
    for line in monitor[int(start):]:
        m = re.search(r"Received from (Playback Device \d+) .*: (STANDBY|IMAGE_VIEW_ON|ACTIVE_SOURCE) \(0x", line)
        if m:
            seen.append(m.group(2))
elif start:
    failures.append(f"kiosk-cec.start is not a line count: {start!r}")
# The kiosk switches the TV on as it starts (the schedule's first decision, cause "start"), then
# off and on again by control.
expected = ["IMAGE_VIEW_ON", "ACTIVE_SOURCE", "STANDBY", "IMAGE_VIEW_ON", "ACTIVE_SOURCE"]
if seen != expected:
    failures.append(f"the TV saw {seen or 'nothing'} from the kiosk, expected {', '.join(expected)} (on at start, off, on)")
for name, on in (("kiosk-cec-off.json", False), ("kiosk-cec-on.json", True)):
    body = text(name).strip()
    try:
        reply = json.loads(body.splitlines()[-1]) if body else {}
    except json.JSONDecodeError:
        reply = {}
    if reply.get("ok") is not True or reply.get("display", {}).get("on") is not on:
        failures.append(f"{name}: expected an ok reply with display.on {str(on).lower()}, got {body[:200]!r}")
status = text("kiosk-cec.status").strip()
if status and status != "0":
    failures.append(f"the kiosk exited {status} on SIGTERM: {text('kiosk-cec-run.log')[-400:]!r}")
run = text("kiosk-cec-run.log")
if re.search(r"cec: .*the TV is not switched", run):
    failures.append("the kiosk could not open the CEC adapter: " + run.strip().splitlines()[-1])
for f in failures:
    print(f"check-kiosk-cec: FAILED: {f}")
print(f"check-kiosk-cec: {'passed' if not failures else 'FAILED'} (the TV saw {', '.join(seen) or 'nothing'} from the kiosk)")
sys.exit(1 if failures else 0)
