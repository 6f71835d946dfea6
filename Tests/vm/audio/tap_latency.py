#!/usr/bin/env python3
"""Tap → sound in the VM (issue 37): from the touch's kernel timestamp to the first sample of the
tap sound at the sound device.

usage: tap_latency.py TOUCH_NODE EVEMU_FILE CAPTURE_PCM TAPS OUT.json [GAP_S [READY_FILE]]

Waits for READY_FILE (the guest script makes it once the kiosk shows its first frame: its audio
thread then plays, silence included), then opens the capture through ALSA's plug: snd-aloop starts
a capture only in the playing side's format, rate and channels (-EIO otherwise), which the kiosk's
side sets, and plug converts that to this reader's float. Prints "tap-latency: capturing" first.

Reads the touchscreen's own events (a second reader: the kiosk does not grab it) with the kernel's
CLOCK_MONOTONIC stamps (EVIOCSCLOCKID), captures CAPTURE_PCM (snd-aloop's capture side of the
PCM the kiosk plays into) with alsa_capture.Capture, plays EVEMU_FILE (one tap) TAPS times GAP_S
apart with evemu-play, then pairs each lift (BTN_TOUCH 0: a tap is recognised when the finger
lifts) with the first sound onset after it. Writes every latency, the mean, p50, p99 and max, and
what bounds the accuracy (the loopback's position updates).
"""
import fcntl
import json
import os
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alsa_capture import Capture  # noqa: E402

EVIOCSCLOCKID = 0x400445A0  # _IOW('E', 0xa0, int)
CLOCK_MONOTONIC = 1
EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit Linux
EV_KEY, BTN_TOUCH = 1, 0x14A


def read_touches(node, lifts, downs, stop):
    fd = os.open(node, os.O_RDONLY)
    fcntl.ioctl(fd, EVIOCSCLOCKID, struct.pack("i", CLOCK_MONOTONIC))
    os.set_blocking(fd, False)
    while not stop.is_set():
        try:
            data = os.read(fd, EVENT.size * 64)
        except BlockingIOError:
            time.sleep(0.002)
            continue
        for off in range(0, len(data) - EVENT.size + 1, EVENT.size):
            sec, usec, etype, code, value = EVENT.unpack_from(data, off)
            if etype == EV_KEY and code == BTN_TOUCH:
                (downs if value else lifts).append(sec * 1_000_000_000 + usec * 1000)
    os.close(fd)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def pair_lifts(lifts, onsets):
    """Each lift with the first sound onset after it (from 50 ms before, a tolerance for the two
    clocks' stamps, to 500 ms after); returns the pairs, the latencies heard and their summary (mean, p50,
    p99, max, min in ms; empty when none was heard). Shared with bench/tap_sound_pulse.py."""
    pairs = []
    for lift in lifts:
        after = [o for o in onsets if o >= lift - 50_000_000 and o - lift < 500_000_000]
        pairs.append({"lift_ns": lift, "onset_ns": after[0] if after else None,
                      "latency_ms": round((after[0] - lift) / 1e6, 2) if after else None})
    latencies = [p["latency_ms"] for p in pairs if p["latency_ms"] is not None]
    summary = {}
    if latencies:
        summary = {"mean_ms": round(sum(latencies) / len(latencies), 2), "p50_ms": percentile(latencies, 50),
                   "p99_ms": percentile(latencies, 99), "max_ms": max(latencies), "min_ms": min(latencies)}
    return pairs, latencies, summary


def main(argv):
    node, evemu, pcm, taps, out = argv[1], argv[2], argv[3], int(argv[4]), argv[5]
    gap = float(argv[6]) if len(argv) > 6 else 1.0
    ready = argv[7] if len(argv) > 7 else None
    lifts, downs, stop = [], [], threading.Event()
    reader = threading.Thread(target=read_touches, args=(node, lifts, downs, stop), daemon=True)
    reader.start()
    print("tap-latency: capturing", flush=True)
    for _ in range(6000):  # a hang guard of 600 s: the wait is for the file, not for a duration
        if ready is None or os.path.exists(ready):
            break
        time.sleep(0.1)
    capture = Capture(pcm)
    capture.start()
    time.sleep(0.5)
    for _ in range(taps):
        with open(evemu, "rb") as f:
            subprocess.run(["evemu-play", node], stdin=f, check=True)
        time.sleep(gap)
    stop.set()
    reader.join(2)
    capture.stop()
    onsets = capture.onsets()
    capture.wav(out.replace(".json", ".wav"))
    pairs, latencies, summary = pair_lifts(lifts, onsets)
    result = {"taps": taps, "lifts": len(lifts), "downs": len(downs), "onsets": len(onsets),
              "heard": len(latencies), "overruns": capture.overruns, "capture_errors": capture.errors, "chunks": len(capture.chunks), "pairs": pairs,
              "accuracy": "the capture side's position updates (snd-aloop's timer: the playing side's period, 10 ms, or a jiffy, 4 ms)"}
    result.update(summary)
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(f"tap-latency: {len(latencies)} of {taps} taps heard; lift → first sample: "
          + (f"mean {result['mean_ms']} ms, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms" if latencies else "none"))
    return 0 if len(latencies) == taps else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
