#!/usr/bin/env python3
"""Tap → sound on a host without a sound card (issue 37's "Tap → sound"), for
bench/av-sync-pulse.sh: taps a running kiosk through its --input-fifo touchscreen, each lift
stamped with CLOCK_MONOTONIC as the kernel stamps a real touch's events, and hears the board's
tapSound at a PulseAudio null sink's monitor (pulse_onsets.PulseCapture: the sink's own
timeline, biased late by the quickest hand-over). Pairs each lift with the first onset after it.

The stand-in for the touch's kernel timestamp is the moment this script writes the lift into the
FIFO: the kiosk's input thread reads a FIFO as it reads /dev/input (same poll, same decoder),
so what a real panel adds is only its controller's scan and the USB/I2C hop before the kernel.

usage: tap_sound_pulse.py FIFO TAPS OUT.json X Y   (X, Y: the button's centre on the FIFO's
       0…4095 axes; PULSE_SOURCE names the monitor)
"""
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pulse_onsets import PulseCapture, report_pairs  # noqa: E402 (also puts Tests/vm/audio on the path)

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_ID, BTN_TOUCH = 0, 1, 0x2F, 0x35, 0x36, 0x39, 0x14A


def event(t_ns, type_, code, value):
    return struct.pack("llHHi", t_ns // 1_000_000_000, (t_ns % 1_000_000_000) // 1000, type_, code, value)


def main(argv):
    fifo, taps, out, x, y = argv[1], int(argv[2]), argv[3], int(argv[4]), int(argv[5])
    capture = PulseCapture("pulse", buffer_frames=48000)
    capture.start()
    time.sleep(1.0)
    lifts = []
    with open(fifo, "wb", buffering=0) as f:
        for i in range(taps):
            t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
            f.write(b"".join(event(t, *e) for e in [
                (EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, 200 + i), (EV_ABS, ABS_MT_X, x), (EV_ABS, ABS_MT_Y, y),
                (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y), (EV_SYN, 0, 0)]))
            time.sleep(0.06)
            t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
            f.write(b"".join(event(t, *e) for e in [
                (EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, -1), (EV_KEY, BTN_TOUCH, 0), (EV_SYN, 0, 0)]))
            lifts.append(t)
            time.sleep(1.0)
    time.sleep(0.5)
    return report_pairs(capture, lifts, out, "tap-sound", "taps", "lift → first sample at the sink")

if __name__ == "__main__":
    sys.exit(main(sys.argv))
