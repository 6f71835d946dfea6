#!/usr/bin/env python3
"""The VM's keypad and headset run (issue 39): a headset switch and navigation keys on the real
kernel, the speech heard at snd-aloop's capture side.

usage: a11y_keys.py KEYPAD_NODE HEADSET_NODE CAPTURE_PCM EVENTS_LOG OUT.json

EVENTS_LOG is the kiosk's events as a control-socket subscriber prints them (`gadgetboard ctl
SOCKET subscribe`). The kiosk must be playing already (its audio thread plays silence from its
start), since snd-aloop opens a capture only in the playing side's format.

Steps, each written to the devices' own nodes (an evdev write injects the event as the device's)
and stamped with CLOCK_MONOTONIC just before: the headset pulled out and plugged in again (each
waits for the kiosk's `output` event), then Tab, Right, Tab, Left, Help, Enter on the keypad
(each waits for the kiosk's next `speechStarted`, then lets 0.8 s of it play). Every wait is for
a line, with a hang guard; nothing depends on emulation speed. Afterwards, for each step, the
capture between it and the next step: its peak and when it first got loud. Writes OUT.json.
"""
import json
import os
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "audio"))
from alsa_capture import Capture  # noqa: E402

EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit Linux
EV_SYN, EV_KEY, EV_MSC, EV_SW = 0, 1, 4, 5
MSC_SCAN, SW_HEADPHONE_INSERT = 4, 2
KEYS = {"Tab": 15, "Enter": 28, "Left": 105, "Right": 106, "Help": 138}
LOUD = 0.01  # the kiosk's mix is exact zeros between sounds; speech peaks far above this


def count(log, needle):
    try:
        with open(log) as f:
            return f.read().count(needle)
    except OSError:
        return 0


def wait_for_more(log, needle, before, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if count(log, needle) > before:
            return True
        time.sleep(0.05)
    return False


def send(fd, events):
    for type_, code, value in events + [(EV_SYN, 0, 0)]:
        os.write(fd, EVENT.pack(0, 0, type_, code, value))


def main(argv):
    keypad, headset, pcm, events_log, out = argv[1:6]
    kfd, hfd = os.open(keypad, os.O_WRONLY), os.open(headset, os.O_WRONLY)
    capture = Capture(pcm)
    capture.start()
    print("a11y-keys: capturing", flush=True)
    time.sleep(0.5)
    steps = []
    for name, value in (("unplug", 0), ("plug", 1)):
        before = count(events_log, '"event":"output"')
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        send(hfd, [(EV_SW, SW_HEADPHONE_INSERT, value)])
        seen = wait_for_more(events_log, '"event":"output"', before, 60)
        steps.append({"step": name, "t_ns": t, "answered": seen})
        print(f"a11y-keys: {name}: {'output event' if seen else 'NO output event'}", flush=True)
        time.sleep(0.5)
    for name in ("Tab", "Right", "Tab", "Left", "Help", "Enter"):
        code = KEYS[name]
        before = count(events_log, '"event":"speechStarted"')
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        send(kfd, [(EV_MSC, MSC_SCAN, 0x70000 + code), (EV_KEY, code, 1)])
        send(kfd, [(EV_MSC, MSC_SCAN, 0x70000 + code), (EV_KEY, code, 0)])
        seen = wait_for_more(events_log, '"event":"speechStarted"', before, 60)
        steps.append({"step": name, "t_ns": t, "answered": seen})
        print(f"a11y-keys: {name}: {'speech started' if seen else 'NO speechStarted event'}", flush=True)
        time.sleep(0.8)
    time.sleep(0.3)
    end_ns = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    capture.stop()
    capture.wav(out.replace(".json", ".wav"))
    # Each step's window: from it to the next step (the last: to the end of the capture), to a
    # chunk's (a 10 ms period's) precision: a chunk counts where its first frame is. Peaks come
    # from the C-level max/min of each chunk, not a Python loop per sample: under emulation that
    # loop took minutes.
    import array
    chunks = []
    for first_ns, raw in capture.chunks:
        values = array.array("f", raw)
        peak = max(max(values), -min(values)) if len(values) else 0.0
        chunks.append((first_ns, len(values) // capture.channels, peak, values))
    step_ns = 1_000_000_000 / capture.rate
    for i, s in enumerate(steps):
        lo, hi = s["t_ns"], steps[i + 1]["t_ns"] if i + 1 < len(steps) else end_ns
        peak, first, frames = 0.0, None, 0
        for first_ns, n, chunk_peak, values in chunks:
            if first_ns < lo or first_ns >= hi:
                continue
            frames += n
            peak = max(peak, chunk_peak)
            if first is None and chunk_peak >= LOUD:
                j = next(k for k in range(len(values)) if abs(values[k]) >= LOUD) // capture.channels
                first = first_ns + int(j * step_ns)
        s["window_ms"] = round((hi - lo) / 1e6, 1)
        s["captured_frames"] = frames
        s["peak"] = round(peak, 4)
        s["loud_after_ms"] = round((first - lo) / 1e6, 1) if first is not None else None
    with open(out, "w") as f:
        json.dump({"pcm": pcm, "steps": steps, "chunks": len(chunks), "overruns": capture.overruns,
                   "errors": capture.errors, "loud": LOUD}, f, indent=1)
    for s in steps:
        print(f"a11y-keys: {s['step']}: peak {s['peak']} over {s['captured_frames']} frames, loud after {s['loud_after_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
