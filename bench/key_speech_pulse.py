#!/usr/bin/env python3
"""Key press → speech heard at a sink (issue 39's "Key press → start of speech", at a stand-in
for a card), for bench/av-sync-pulse.sh: presses Right on a running kiosk's --keypad-fifo (the
press stamped with CLOCK_MONOTONIC as it is written, as the kernel stamps a real key), which
moves the focus in speech mode and says the next gadget; hears it at a PulseAudio null sink's
monitor (pulse_onsets.PulseCapture: the sink consumes in real time on the host's clock) and pairs
each press with the first onset after it. F2, a key that commands nothing, stops the speech
0.5 s later, so every utterance starts after silence.

Unlike bench/speech-latency.sh (mix time, `--audio none`), this includes what the sound path
queues after the mix: the kiosk's ALSA buffer and the pulse plugin's hand-over.

usage: key_speech_pulse.py FIFO KEYS OUT.json   (PULSE_SOURCE names the monitor)
"""
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pulse_onsets import PulseCapture, report_pairs  # noqa: E402 (also puts Tests/vm/audio on the path)

EV_SYN, EV_KEY, EV_MSC = 0, 1, 4
KEY_RIGHT, KEY_F2, MSC_SCAN = 106, 60, 4


def key(f, code):
    """A press and release of `code`, each stamped with CLOCK_MONOTONIC; returns the press's."""
    pressed = None
    for value in (1, 0):
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        pressed = pressed or t
        f.write(b"".join(struct.pack("llHHi", t // 1_000_000_000, (t % 1_000_000_000) // 1000, *e)
                         for e in [(EV_MSC, MSC_SCAN, 0x70000 + code), (EV_KEY, code, value), (EV_SYN, 0, 0)]))
        if value:
            time.sleep(0.05)
    return pressed


def main(argv):
    fifo, keys, out = argv[1], int(argv[2]), argv[3]
    capture = PulseCapture("pulse", buffer_frames=48000)
    capture.start()
    presses = []
    with open(fifo, "wb", buffering=0) as f:
        # The kiosk starts (its speech program, the voice loaded) before the first key.
        time.sleep(2.0)
        for _ in range(keys):
            presses.append(key(f, KEY_RIGHT))
            time.sleep(0.5)
            key(f, KEY_F2)
            time.sleep(0.8)
    time.sleep(0.5)
    return report_pairs(capture, presses, out, "key-speech", "keys", "press → first sample of speech at the sink")

if __name__ == "__main__":
    sys.exit(main(sys.argv))
