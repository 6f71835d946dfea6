#!/usr/bin/env python3
"""Judges the VM's sound scenario (guest-audio.sh's files in OUT_DIR). Every judgement reads a
file the guest wrote; a missing file is a failure, never a skip.

usage: check-audio.py OUT_DIR
"""
import json
import os
import re
import sys

# The figures' targets (issue 37) are the bench's to judge (bench/audio-vm-figures.sh, on a quiet
# machine): under emulation on a shared host the times depend on the host's speed, which a test
# must not. Here they are printed as figures; what is judged is that each thing happened.
TAP_TARGET_MS = 30.0
AV_TARGET_MS = 20.0


def main(out):
    failures = []

    def read(name, required=True):
        try:
            with open(os.path.join(out, name)) as f:
                return f.read()
        except OSError:
            if required:
                failures.append(f"{name} is missing")
                print(f"FAIL: {name} is missing")
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
        print(f"figure: tap → first sample at the card: mean {tap['mean_ms']} ms, p99 {tap['p99_ms']} ms, max {tap['max_ms']} ms "
              f"over {heard} taps (target ≤ {TAP_TARGET_MS:g} ms, judged by the bench; accuracy: {tap['accuracy']})")
    lost, back = run.find('"deviceLost"'), run.find('"deviceBack"')
    judge(lost >= 0, "the pulled card was reported (audio event deviceLost)")
    judge(back > lost >= 0, "the card put back was reported after it (audio event deviceBack)")
    taps_while_lost = [m.start() for m in re.finditer(r'"tap"', run) if lost >= 0 and lost < m.start() < (back if back > 0 else len(run))]
    judge(len(taps_while_lost) >= 1, "the kiosk kept running without a card: a tap was recognised between deviceLost and deviceBack")
    judge(read("state-lost.status").strip() == "0", "the control socket answered while the card was gone")
    after = json.loads(read("state-after.json") or "{}")
    judge(after.get("audio", {}).get("device") is not None, f"state reports the audio device after it came back ({after.get('audio')})")
    judge(read("run.status").strip() == "0", "the kiosk exited 0 on SIGTERM")
    av_run = read("av-run.log")
    judge('"event":"ended"' in av_run, "the lip-sync clip played to its end with sound on the card")
    judge(read("av-run.status").strip() == "0", "the lip-sync kiosk exited 0 on SIGTERM")
    av = json.loads(read("av-offset.json") or "{}")
    onsets = json.loads(read("av-onsets.json") or "{}").get("onsets_ns", [])
    seconds = int(read("av-seconds").strip() or 0)
    # The clip beeps once a second; the capture opens once the kiosk plays, so the first may be missed.
    judge(seconds > 0 and len(onsets) >= seconds - 2, f"the clip's sound was heard at the card: {len(onsets)} beeps of {seconds}")
    flips = max(0, len(read("av-flips.tsv").splitlines()) - 1)
    judge(flips > 0, f"the flip log recorded the pictures shown ({flips} of {seconds * 30})")
    shown, paired = av.get("flashes_shown", 0), av.get("paired", 0)
    if paired:
        print(f"figure: lip sync (sound − picture): mean {av['mean_ms']} ms, |offset| mean {av['mean_abs_ms']} ms, "
              f"p99 {av['p99_abs_ms']} ms, max {av['max_abs_ms']} ms over {paired} of {shown} flashes shown "
              f"(target p99 ≤ {AV_TARGET_MS:g} ms, judged by the bench; under emulation the guest decodes far fewer "
              f"pictures than the clip has, so this is not the figure)")
    # The soak runs only with GB_AUDIO_SOAK_S (10 min: a bench, not a stage of test.sh).
    soak = json.loads(read("soak-stats.json", required=False) or "null")
    if soak:
        audio, video = soak.get("audio") or {}, soak.get("video") or {}
        print(f"figure: soak (the clip looping with --full-redraw): {audio.get('underruns')} underruns; "
              f"{video.get('framesPresented')} pictures shown, {video.get('framesOvertaken')} overtaken by the sound")
    judge_a11y(read, judge)
    print(f"vm audio: {'FAILED' if failures else 'passed'} ({len(failures)} failure(s))")
    return 1 if failures else 0


def judge_a11y(read, judge):
    """Step 5 (issue 39): the keypad and the headset on the real kernel, speech at the card."""
    def lines(text):
        out = []
        for line in text.splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
        return out

    switch = read("a11y-switch-at-start.txt").strip()
    judge(switch.isdigit() and int(switch) & 4 != 0, f"the headset's switch was on in the kernel before the kiosk started (EVIOCGSW byte 0: {switch!r})")
    start = (json.loads(read("a11y-state-start.json") or "{}").get("accessibility") or {})
    judge(start.get("speech") is True and start.get("privateOutput") is True,
          f"a headset already in at start: speech mode on with private output, from the switch read at open ({start})")
    events = [e for e in lines(read("a11y-events.log")) if e.get("type") in ("accessibility", "page", "action")]
    a11y = [e for e in events if e.get("type") == "accessibility"]
    outputs = [e.get("private") for e in a11y if e.get("event") == "output"]
    judge(outputs[-2:] == [False, True], f"pulled out then plugged in: output public, then private again (output events {outputs})")
    focus = [e.get("gadget") for e in a11y if e.get("event") == "focus"]
    want = ["timetable", "tickets", "staff", "tickets"]
    judge(focus[:4] == want, f"Tab, Right, Tab, Left moved the focus in reading order: {focus} (want {want} first)")
    activated = [e.get("gadget") for e in a11y if e.get("event") == "activated"]
    pages = [e.get("page") for e in events if e.get("type") == "page"]
    judge(activated == ["tickets"] and "tickets" in pages, f"Enter activated the focused button: activated {activated}, pages {pages}")
    spoken = [e.get("text") or "" for e in a11y if e.get("event") == "spoken"]
    judge(any("Choose and buy a ticket" in t for t in spoken), f"Help said the focused button's hint ({len(spoken)} spoken)")
    keys = json.loads(read("a11y-keys.json") or "{}")
    steps = keys.get("steps", [])
    judge(len(steps) == 8 and all(s.get("answered") for s in steps), f"the kiosk answered every step: {[(s['step'], s.get('answered')) for s in steps]}")
    spoken_steps = [s for s in steps if s["step"] not in ("unplug", "plug")]
    loud = keys.get("loud", 0.01)
    for s in spoken_steps:
        judge(s.get("peak", 0) >= loud and s.get("captured_frames", 0) > 0,
              f"after {s['step']} the card played speech: peak {s.get('peak')} over {s.get('captured_frames')} captured frames")
    after = [s["loud_after_ms"] for s in spoken_steps if s.get("loud_after_ms") is not None]
    if after:
        print(f"note: first loud frame after each key: {after} ms (not a latency: the previous utterance sounds until "
              f"its stop takes effect, and this is TCG; the figure is bench/speech-latency.sh keys on a release build)")
    end = (json.loads(read("a11y-state-end.json") or "{}").get("accessibility") or {})
    judge(end.get("speech") is True and end.get("privateOutput") is True, f"state after the run: speech on, private ({end})")
    judge(read("a11y-run.status").strip() == "0", "the keypad kiosk exited 0 on SIGTERM")
    controls = read("a11y-amixer-controls.txt", required=False)
    jacks = [c for c in controls.splitlines() if " Jack'" in c]
    print(f"note: snd-aloop's controls include {len(jacks)} jack control(s) (the ALSA jack watch is not exercised here)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/vm/audio"))
