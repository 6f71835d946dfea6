#!/usr/bin/env python3
"""Hears what a PulseAudio null sink plays, through its monitor source and ALSA's `pulse` PCM
(libasound2-plugins), and writes the CLOCK_MONOTONIC time (ns) of every sound onset, for
bench/av-sync-pulse.sh (issue 37's lip sync on a host without a sound card).

Reuses Tests/vm/audio/alsa_capture.Capture (its PCM set-up and onset detection), but stamps
frames by the null sink's own timeline (PulseCapture.stamp): the `pulse` PCM is an ioplug, whose
snd_pcm_htimestamp and snd_pcm_delay are PulseAudio's estimates (tried first: stamps jittered by
±70 ms at host load 20).

usage: pulse_onsets.py START_FILE STOP_FILE OUT.json   (PULSE_SOURCE names the monitor)
"""
import ctypes
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "vm", "audio"))
from alsa_capture import Capture  # noqa: E402


def report_pairs(capture, stamps, out, name, noun, what):
    """Stops `capture`, pairs each of `stamps` (CLOCK_MONOTONIC ns: a tap's lift, a key's press)
    with the first sound onset after it (tap_latency.pair_lifts), writes OUT.json and prints one
    line: shared by bench/tap_sound_pulse.py and bench/key_speech_pulse.py. Returns the exit
    status: 0 when every stamp was heard."""
    from tap_latency import pair_lifts  # noqa: E402 (Tests/vm/audio is on the path above)
    capture.stop()
    _, handover = capture.stamp()
    onsets = capture.onsets(quiet_ns=300_000_000)
    pairs, latencies, summary = pair_lifts(stamps, onsets)
    result = {noun: len(stamps), "onsets": len(onsets), "heard": len(latencies), "overruns": capture.overruns,
              "capture_errors": capture.errors, "handover_above_quickest_ms": handover, "pairs": pairs}
    result.update(summary)
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(f"{name}: {len(latencies)} of {len(stamps)} {noun} heard, {capture.overruns} capture overruns; {what}: "
          + (f"mean {result['mean_ms']} ms, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms"
             if latencies else "none"))
    return 0 if len(latencies) == len(stamps) else 1


class PulseCapture(Capture):
    """Stamps frames by the sink's own timeline: a null sink renders frame k at T0 + k / rate on
    the host's monotonic clock (its timer), and the monitor hands each rendered block over at
    once. A read that returns at `a` having taken F frames so far says T0 <= a - F / rate (the
    block cannot arrive before it is rendered); the least of these over the run is T0 plus the
    quickest hand-over (PulseAudio's socket, the ALSA plugin, this thread's wake-up): the figure's
    bias, a sound late by that much. This needs the capture to drop nothing (a 1 s buffer; the
    overruns are counted and reported: with any, the stamps after it are not to be trusted)."""

    def run(self):
        frame_bytes = 4 * self.channels
        self.lib.snd_pcm_readi.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]
        self.lib.snd_pcm_readi.restype = ctypes.c_long
        buf = ctypes.create_string_buffer(self.period * frame_bytes)
        self.reads = []  # (monotonic ns at the read's return, frames taken so far, this read's frames, raw)
        taken = 0
        while not self.stopping:
            n = self.lib.snd_pcm_readi(self.pcm, buf, self.period)
            if n < 0:
                self.overruns += 1
                text = self.lib.snd_strerror(n).decode()
                self.errors[text] = self.errors.get(text, 0) + 1
                if self.lib.snd_pcm_recover(self.pcm, n, 1) < 0:
                    time.sleep(0.01)
                continue
            now = time.monotonic_ns()
            taken += n
            self.reads.append((now, taken, n, buf.raw[:n * frame_bytes]))

    def stamp(self):
        """Fills `chunks` from the reads on the sink's timeline; returns T0 and the spread of the
        hand-over (ms: p50, p99, max above the quickest)."""
        ns = 1_000_000_000
        bounds = [a - taken * ns // self.rate for a, taken, _, _ in self.reads]
        t0 = min(bounds)
        self.chunks = [(t0 + (taken - n) * ns // self.rate, raw) for _, taken, n, raw in self.reads]
        late = sorted((b - t0) / 1e6 for b in bounds)
        pick = lambda q: round(late[min(len(late) - 1, int(q * (len(late) - 1)))], 2)
        return t0, {"p50": pick(0.5), "p99": pick(0.99), "max": round(late[-1], 2)}


def main(argv):
    start, stop, out = argv[1], argv[2], argv[3]
    for _ in range(36000):
        if os.path.exists(start):
            break
        time.sleep(0.05)
    capture = PulseCapture("pulse", buffer_frames=48000)
    capture.start()
    print("capture: capturing", flush=True)
    for _ in range(36000):
        if os.path.exists(stop):
            break
        time.sleep(0.1)
    capture.stop()
    t0, handover = capture.stamp()
    onsets = capture.onsets(quiet_ns=300_000_000)
    capture.wav(out.replace(".json", ".wav"))
    with open(out, "w") as f:
        json.dump({"pcm": "pulse", "source": os.environ.get("PULSE_SOURCE"), "onsets_ns": onsets, "overruns": capture.overruns,
                   "errors": capture.errors, "chunks": len(capture.chunks),
                   "reads": len(capture.reads),
                   "handover_above_quickest_ms": handover}, f)
    print(f"capture: {len(onsets)} onsets, {capture.overruns} overruns, {len(capture.reads)} reads; hand-over above the quickest: {handover}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
