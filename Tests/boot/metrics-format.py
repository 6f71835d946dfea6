#!/usr/bin/python3
"""Parses a `gadgetboard run --metrics` file with Prometheus' own Python client (Debian's
python3-prometheus-client) and checks what node_exporter's textfile collector and a Prometheus
server rely on: every family the kiosk promises, with its type; histograms with ascending `le`
bounds, cumulative counts ending in +Inf == _count; counters not negative.
Usage: metrics-format.py FILE"""
import math
import sys

from prometheus_client.parser import text_string_to_metric_families

EXPECTED = {
    "gadgetboard_info": "gauge",
    "gadgetboard_uptime_seconds": "gauge",
    "gadgetboard_frames_presented": "counter",
    "gadgetboard_missed_vblanks": "counter",
    "gadgetboard_frame_time_seconds": "histogram",
    "gadgetboard_input_latency_seconds": "histogram",
    "gadgetboard_touches": "counter",
    "gadgetboard_gestures": "counter",
    "gadgetboard_board_reloads": "counter",
    "gadgetboard_board_gadgets": "gauge",
    "gadgetboard_blanked": "gauge",
    "gadgetboard_display_connected": "gauge",
    "gadgetboard_display_disconnects": "counter",
    "gadgetboard_display_reconnects": "counter",
    "gadgetboard_last_flip_age_seconds": "gauge",
    "gadgetboard_input_queue_overflows": "counter",
    "gadgetboard_input_moves_coalesced": "counter",
    "gadgetboard_input_contacts_lost": "counter",
    "gadgetboard_input_frames": "counter",
    "gadgetboard_input_sync_drops": "counter",
    "gadgetboard_input_events_repaired": "counter",
    "gadgetboard_input_contacts_repaired": "counter",
    "gadgetboard_late_input_frames": "counter",
    "gadgetboard_dropped_simulation_seconds": "counter",
}


def main(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    families = {fam.name: fam for fam in text_string_to_metric_families(text)}
    problems = []
    for name, kind in EXPECTED.items():
        fam = families.get(name)
        if fam is None:
            problems.append(f"{name}: missing (have {sorted(families)})")
        elif fam.type != kind:
            problems.append(f"{name}: type {fam.type}, expected {kind}")
    for fam in families.values():
        if fam.type == "counter":
            for s in fam.samples:
                if s.name.endswith("_total") and not s.value >= 0:
                    problems.append(f"{s.name}: negative counter {s.value}")
        if fam.type == "histogram":
            buckets = [(float(s.labels["le"]), s.value) for s in fam.samples if s.name.endswith("_bucket")]
            count = [s.value for s in fam.samples if s.name.endswith("_count")]
            bounds = [b for b, _ in buckets]
            if bounds != sorted(bounds) or not buckets or not math.isinf(bounds[-1]):
                problems.append(f"{fam.name}: le bounds not ascending to +Inf: {bounds}")
            values = [v for _, v in buckets]
            if values != sorted(values):
                problems.append(f"{fam.name}: bucket counts not cumulative: {values}")
            if not count or not buckets or buckets[-1][1] != count[0]:
                problems.append(f"{fam.name}: +Inf bucket {buckets[-1][1] if buckets else None} != _count {count}")
    frames = families.get("gadgetboard_frames_presented")
    if frames is not None and not any(s.value > 1 for s in frames.samples):
        problems.append("gadgetboard_frames_presented_total: the kiosk drew at most one frame")
    for p in problems:
        print(f"metrics: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"metrics: {len(families)} families parse as Prometheus text; histograms consistent")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
