#!/usr/bin/env python3
"""Judges the VM's sound scenario (guest-audio.sh's files in OUT_DIR). Every judgement reads a
file the guest wrote; a missing file is a failure, never a skip.

usage: check-audio.py OUT_DIR
"""
import json
import os
import re
import sys

TAP_TARGET_MS = 30.0  # issue 37: tap → sound ≤ 30 ms


def main(out):
    failures = []

    def read(name):
        try:
            with open(os.path.join(out, name)) as f:
                return f.read()
        except OSError:
            failures.append(f"{name} is missing")
            return ""

    def judge(ok, line):
        print(("ok:   " if ok else "FAIL: ") + line)
        if not ok:
            failures.append(line)

    judge(read("modprobe.status").strip() == "0", "snd-aloop loaded in the guest")
    run = read("run.log")
    judge("kms: first frame" in run, "the kiosk drew its first frame on KMS with --audio plughw:Loopback,0,0")
    tap = json.loads(read("tap-latency.json") or "{}")
    heard, taps = tap.get("heard", 0), tap.get("taps", -1)
    judge(taps > 0 and heard == taps, f"every tap was heard at the card ({heard} of {taps})")
    if heard:
        judge(tap["p99_ms"] <= TAP_TARGET_MS,
              f"tap → first sample at the card: mean {tap['mean_ms']} ms, p99 {tap['p99_ms']} ms, max {tap['max_ms']} ms "
              f"(target ≤ {TAP_TARGET_MS:g} ms; accuracy: {tap['accuracy']})")
    lost, back = run.find('"deviceLost"'), run.find('"deviceBack"')
    judge(lost >= 0, "the pulled card was reported (audio event deviceLost)")
    judge(back > lost >= 0, "the card put back was reported after it (audio event deviceBack)")
    taps_while_lost = [m.start() for m in re.finditer(r'"tap"', run) if lost >= 0 and lost < m.start() < (back if back > 0 else len(run))]
    judge(len(taps_while_lost) >= 1, "the kiosk kept running without a card: a tap was recognised between deviceLost and deviceBack")
    judge(read("state-lost.status").strip() == "0", "the control socket answered while the card was gone")
    after = json.loads(read("state-after.json") or "{}")
    judge(after.get("audio", {}).get("device") is not None, f"state reports the audio device after it came back ({after.get('audio')})")
    judge(read("run.status").strip() == "0", "the kiosk exited 0 on SIGTERM")
    print(f"vm audio: {'FAILED' if failures else 'passed'} ({len(failures)} failure(s))")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/vm/audio"))
