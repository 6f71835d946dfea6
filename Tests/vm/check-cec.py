#!/usr/bin/env python3
"""Judges the VM's CEC scenario (guest-cec.sh): the hardware suite passed, and the TV's side
saw <Standby>, then <Image View On> and <Active Source> from the playback device, in order;
the wall-clock jump watch fired when the guest's clock was set; and the kiosk followed a TV that
came back in another mode (guest-modechange.sh): the new preferred mode was logged, the board was
fitted to 1024x768, a frame was drawn after it, and the kiosk exited cleanly."""
import pathlib, re, sys

from suite_log import declared_tests, judge_suite

out = pathlib.Path(sys.argv[1])
tests_dir = pathlib.Path(__file__).resolve().parent.parent
failures = []
def status_of(name):
    f = out / name
    return f.read_text() if f.exists() else None
def log_of(name):
    f = out / name
    return f.read_text(errors="replace") if f.exists() else ""
# Exit status 0 and "Test run with 1 test … passed" also describe a suite that skipped itself
# (no device): count the declared tests that executed and passed.
for suite, source, stem in (("CECHardwareTests", "GadgetPowerTests/CECHardwareTests.swift", "cec-tests"),
                            ("WallClockJumpTests", "GadgetSystemTests/Time/WallClockJumpTests.swift", "clock-tests")):
    ok, detail = judge_suite(status_of(f"{stem}.status"), log_of(f"{stem}.log"),
                             declared_tests((tests_dir / source).read_text()), suite)
    print(f"check-cec: {detail}")
    if not ok:
        failures.append(detail)
monitor = (out / "monitor.log").read_text(errors="replace") if (out / "monitor.log").exists() else ""
# cec-ctl --monitor prints received messages as "Received from Playback Device 1 to TV (4 to 0): STANDBY (0x36)".
order = []
for line in monitor.splitlines():
    for name in ("STANDBY", "IMAGE_VIEW_ON", "ACTIVE_SOURCE"):
        if re.search(rf"Received from .*: {name} \(0x", line):
            order.append(name)
if order[:3] != ["STANDBY", "IMAGE_VIEW_ON", "ACTIVE_SOURCE"]:
    failures.append(f"the TV saw {order or 'nothing'}, expected STANDBY, IMAGE_VIEW_ON, ACTIVE_SOURCE")
def text(name):
    f = out / name
    return f.read_text(errors="replace") if f.exists() else ""
host_status = text("modechange-host.status").strip() or "missing"
if host_status != "0":
    failures.append(f"the host's SetUIInfo call exited {host_status}: {text('modechange-host.log').strip()}")
run = text("modechange-run.log")
if not re.search(r"preferred mode now 1024x768", run):
    failures.append("the kiosk did not log the new preferred mode 1024x768")
if "board fitted to 1024x768" not in run:
    failures.append("the kiosk did not fit the board to 1024x768")
if run.count("kms: first frame") < 2:
    failures.append("no frame was drawn after the mode change")
if "1024x768" not in text("modes-after.txt").splitlines()[:1]:
    failures.append(f"the connector's preferred mode after the change is {text('modes-after.txt').splitlines()[:1]}")
if text("modechange-run.status").strip() != "0":
    failures.append(f"the mode-change kiosk exited {text('modechange-run.status').strip() or 'missing'}")
for f in failures:
    print(f"check-cec: FAILED: {f}")
print(f"check-cec: {'passed' if not failures else 'FAILED'} (TV saw {', '.join(order) or 'nothing'}; mode change followed: {'board fitted to 1024x768' in run})")
sys.exit(1 if failures else 0)
