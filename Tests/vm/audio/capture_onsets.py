#!/usr/bin/env python3
"""Captures CAPTURE_PCM until STOP_FILE appears, then writes the monotonic time (ns) of every sound
onset (alsa_capture.Capture.onsets) and the capture as a WAV.

usage: capture_onsets.py CAPTURE_PCM START_FILE STOP_FILE OUT.json
Opens the PCM once START_FILE appears (the player is playing then: snd-aloop starts a capture only
in the playing side's format, so open it through plug) and prints "capture: capturing".
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alsa_capture import Capture  # noqa: E402


def main(argv):
    pcm, start, stop, out = argv[1], argv[2], argv[3], argv[4]
    for _ in range(36000):
        if os.path.exists(start):
            break
        time.sleep(0.05)
    capture = Capture(pcm)
    capture.start()
    print("capture: capturing", flush=True)
    for _ in range(36000):  # a hang guard of an hour: the wait is for the file
        if os.path.exists(stop):
            break
        time.sleep(0.1)
    capture.stop()
    onsets = capture.onsets(quiet_ns=300_000_000)
    capture.wav(out.replace(".json", ".wav"))
    with open(out, "w") as f:
        json.dump({"pcm": pcm, "onsets_ns": onsets, "overruns": capture.overruns, "errors": capture.errors, "chunks": len(capture.chunks)}, f)
    print(f"capture: {len(onsets)} onsets, {capture.overruns} overruns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
