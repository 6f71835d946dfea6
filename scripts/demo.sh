#!/usr/bin/env bash
# Installs what is needed, builds in release mode and runs the demo board: on the display when a
# usable KMS card exists, in a window when a desktop session is present ($WAYLAND_DISPLAY or
# $DISPLAY; the snapshot is written when the window is closed), otherwise headless (writing a
# snapshot and saying where).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
command -v swift >/dev/null || { echo "demo: the Swift toolchain is not on PATH (see docs/raspberry-pi.md)" >&2; exit 2; }
swift build -c release --product gadgetboard
exec .build/release/gadgetboard run --display auto --screenshot gadgetboard-demo.png "$@"
