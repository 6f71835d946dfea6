#!/usr/bin/env python3
"""Lip sync from the VM's run (issue 37): pairs each flash of make-av-clip.sh's clip, as the kiosk
put it on screen (`run --video-flip-log`: the page flip that first showed a white picture of that
second), with its beep as snd-aloop's capture heard it (capture_onsets.py), both on the guest's
CLOCK_MONOTONIC.

offset = (beep heard) - (flash flipped), corrected for a flash whose first picture was not shown
(the flip shows picture p of the flash, p - k seconds into it, so its sound was due p - k later
than the beep's onset): positive = the sound is late. Reports every pair, the mean, the mean and
p99 of |offset| and the number of flashes without a pair.

usage: av_offset.py FLIPS.tsv ONSETS.json OUT.json
"""
import json
import sys

FLASH_US = 100_000


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main(argv):
    flips_path, onsets_path, out = argv[1], argv[2], argv[3]
    first_flash = {}  # second → (flip µs, clip µs) of the first flash picture shown
    flip_times = []
    with open(flips_path) as f:
        next(f)
        for line in f:
            flip, gadget, loop, clip = line.rstrip("\n").split("\t")
            flip, clip = int(flip), int(clip)
            flip_times.append(flip)
            second, into = divmod(clip, 1_000_000)
            if into < FLASH_US and second not in first_flash:
                first_flash[second] = (flip, into)
    with open(onsets_path) as f:
        onsets = [o / 1000 for o in json.load(f)["onsets_ns"]]  # µs
    pairs, unpaired = [], []
    for second, (flip, into) in sorted(first_flash.items()):
        # The beep that belongs to this flash: the onset nearest the flip, within half a second.
        near = [o for o in onsets if abs(o - flip) < 500_000]
        if not near:
            unpaired.append(second)
            continue
        beep = min(near, key=lambda o: abs(o - flip))
        offset_ms = (beep + into - flip) / 1000
        pairs.append({"second": second, "flip_us": flip, "picture_into_flash_us": into, "beep_us": round(beep), "offset_ms": round(offset_ms, 2)})
    result = {"flashes_shown": len(first_flash), "paired": len(pairs), "unpaired_seconds": unpaired, "pairs": pairs}
    # The guest's frame interval (between flips that showed a new picture): the picture can be
    # no nearer its sound than this quantum where it is longer than the clip's picture interval.
    flips = sorted(set(flip_times))
    gaps = [(b - a) / 1000 for a, b in zip(flips, flips[1:])]
    if gaps:
        result["flip_interval_ms"] = {"count": len(gaps), "mean": round(sum(gaps) / len(gaps), 2),
                                      "p50": round(percentile(gaps, 50), 2), "p99": round(percentile(gaps, 99), 2),
                                      "max": round(max(gaps), 2)}
    if pairs:
        offsets = [p["offset_ms"] for p in pairs]
        absolute = [abs(o) for o in offsets]
        result.update({"mean_ms": round(sum(offsets) / len(offsets), 2), "mean_abs_ms": round(sum(absolute) / len(absolute), 2),
                       "p99_abs_ms": percentile(absolute, 99), "max_abs_ms": max(absolute),
                       "min_ms": min(offsets), "max_ms": max(offsets)})
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(f"av-offset: {len(pairs)} of {len(first_flash)} flashes paired; "
          + (f"offset (sound - picture) mean {result['mean_ms']} ms, |offset| mean {result['mean_abs_ms']} ms, "
             f"p99 {result['p99_abs_ms']} ms, max {result['max_abs_ms']} ms" if pairs else "none")
          + (f"; flip interval p50 {result['flip_interval_ms']['p50']} ms, p99 {result['flip_interval_ms']['p99']} ms"
             if "flip_interval_ms" in result else ""))
    return 0 if pairs else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
