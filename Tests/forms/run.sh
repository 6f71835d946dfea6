#!/usr/bin/env bash
# The forms outage test (issue 38, docs/typing.md): 1,000 submissions through a loopback server
# that refuses, hangs and drops connections on a seeded schedule, the kiosk killed with SIGKILL ten
# times; every submission must arrive, exactly once after de-duplication by its key. outage.py says
# how; it prints the figures docs/BENCHMARKS.md records (lost, duplicates, time to drain).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product gadgetboard >/dev/null
bin="$(swift build --show-bin-path)/gadgetboard"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "forms outage: commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Tests/forms/outage.py "$bin" "$work" "$@"
