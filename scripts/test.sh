#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit, golden images,
# recordings, gestures, simulation) and the real-kernel VM tests (KMS + evdev, systemd boot).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# The conditions, so a log says what it was taken under (docs/BENCHMARKS.md, "Conditions").
echo "test: commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "test: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
if [[ -d .build ]]; then echo "test: .build exists (an incremental build)"; else echo "test: no .build (a cold build)"; fi
if [[ -d ${XDG_CACHE_HOME:-$HOME/.cache}/org.swift.swiftpm ]]; then echo "test: the SwiftPM cache exists"; else echo "test: no SwiftPM cache"; fi
scripts/install-deps.sh --test
command -v swift >/dev/null || { echo "test: the Swift toolchain is not on PATH (see docs/raspberry-pi.md)" >&2; exit 2; }
echo "test: packages ready after $(($(date +%s) - started)) s"

passed=0 failed=0
stage() {
  local name=$1; shift
  local t0; t0=$(date +%s)
  echo "=== $name"
  if "$@"; then passed=$((passed + 1)); echo "=== $name: passed ($(($(date +%s) - t0)) s)"; else failed=$((failed + 1)); echo "=== $name: FAILED ($(($(date +%s) - t0)) s)"; fi
}
# Every stage that runs Swift tests leaves its xUnit report (and the VM stages their results) here; scripts/test-counts.py reads them
# all at the end: a test one stage skips must have run in another (Swift Testing's own summary
# counts a skipped test as passed).
results=$PWD/.build/test-results
rm -rf "$results" && mkdir -p "$results"
counted=()

# Resolution, the build and the run timed apart (a cold machine's figures: docs/BENCHMARKS.md).
resolve_and_build() {
  local t0; t0=$(date +%s)
  swift package resolve && echo "test: packages resolved in $(($(date +%s) - t0)) s" &&
  swift build --build-tests && echo "test: built (debug, with tests) in $(($(date +%s) - t0)) s since the resolution began"
}
stage "swift build" resolve_and_build
# Every later stage needs the build: one line, not a failure per stage.
if [[ $failed -ne 0 ]]; then echo "test stages: 0 passed, 1 failed (the build failed: nothing else was run)"; exit 1; fi
stage "swift test" swift test --skip-build --xunit-output "$results/swift-test.xml"
counted+=("swift test=$results/swift-test-swift-testing.xml")
# The measurement harnesses (issue 35): the live-data soak and the video player at full speed, with
# short settings (2,000 polls, 10 s, a 2 s clip), so they run and are checked here; their long
# settings make the figures of docs/BENCHMARKS.md.
measure() {
  ffmpeg -v error -y -f lavfi -i testsrc2=size=320x240:rate=30 -t 2 -pix_fmt yuv420p "$results/clip.mp4" &&
  GADGETBOARD_LIVE_SOAK=1 GADGETBOARD_LIVE_SOAK_POLLS=2000 GADGETBOARD_LIVE_SOAK_SECONDS=10 GADGETBOARD_VIDEO_BENCH="$results/clip.mp4" \
    swift test --skip-build --filter 'LiveDataSoakTests|VideoPlaybackBench' --xunit-output "$results/measure.xml"
}
stage "measurement harnesses (short)" measure
counted+=("measurement harnesses=$results/measure-swift-testing.xml")
demo_dir=$(mktemp -d)
stage "board schema" bash -c "swift run -c debug gadgetboard demo --export '$demo_dir' >/dev/null && python3 scripts/check-board-schema.py '$demo_dir/board.json'"
# Every fuzz target (evemu reader, board decoder, PNG path) for a fixed number of inputs (about a
# minute each here) from the seeds in Fuzz/corpus, seed 1: the same inputs on every machine. A
# crash or a sanitizer report fails the stage (docs/fuzzing.md).
stage "fuzz" Fuzz/run.sh --all
# The desktop preview window in a real X server (Xvfb, started by the test on a free display),
# driven with xdotool: drag, pinch, Escape, live reload and its problems overlay.
stage "Tests/window/run.sh" Tests/window/run.sh
# The command line a new user meets in the first hour (issue 24): the real binary's messages,
# exit statuses, ctl's options and the one path rule for board files.
stage "Tests/cli/run.sh" Tests/cli/run.sh
# Opening hours end to end (issue 26): the wall clock moved by libfaketime, a page at 11:30 and the
# display off at 22:00, seen through the control socket.
stage "Tests/schedule/run.sh" Tests/schedule/run.sh
# Forms never lose a submission (issue 38): 1,000 through a seeded misbehaving loopback server, the
# kiosk killed with SIGKILL ten times; each arrives exactly once after de-duplication (about a minute).
stage "Tests/forms/run.sh" Tests/forms/run.sh
# Web pages (issue 40): the WPE WebKit helper alone against a loopback server's pages (colours,
# touch coordinates, allow, a 500, a hang, a memory hog, a crash, clearSession; about 20 s).
stage "Tests/web/run.sh" Tests/web/run.sh
# The fleet over MQTT (issue 15): Debian's mosquitto on loopback, three headless kiosks.
stage "Tests/mqtt/run.sh" Tests/mqtt/run.sh
# The Debian package (issue 15): a release build with the Swift runtime linked in, checked by
# lintian (errors fail). The boot test installs this very file in its VM and checks its contents
# (Tests/boot/deb-test.sh); elsewhere deb-test.sh runs on its own.
deb_log=$(mktemp)
stage "package-deb" bash -c "scripts/package-deb.sh >'$deb_log' 2>&1 || { cat '$deb_log'; exit 1; }; grep '^package-deb: ' '$deb_log'"
if [[ -f $(tail -n1 "$deb_log") ]]; then export GADGETBOARD_DEB; GADGETBOARD_DEB=$(tail -n1 "$deb_log"); fi
# The real-kernel tests boot this machine's own root filesystem under qemu-system-x86_64, so they
# need an x86-64 host (CI is one). On a Raspberry Pi the Swift suites above still run everything
# else; the kiosk itself is checked there by running it (docs/raspberry-pi.md).
if [[ $(dpkg --print-architecture) == amd64 ]]; then
  # The in-VM Swift suites (KMS, dma-buf, CEC, the wall clock's jump) write their xUnit reports
  # into each stage's results folder.
  stage "Tests/vm/run.sh" bash Tests/vm/run.sh "$results/vm-kiosk"
  counted+=("Tests/vm/run.sh=$results/vm-kiosk/kms-tests.xml,$results/vm-kiosk/dmabuf-tests.xml")
  stage "Tests/vm/run-cec.sh" bash Tests/vm/run-cec.sh "$results/vm-cec"
  counted+=("Tests/vm/run-cec.sh=$results/vm-cec/cec-tests.xml,$results/vm-cec/clock-tests.xml")
  # Sound through a real kernel's card (snd-aloop): tap → sound, the card pulled and put back,
  # lip sync (check-audio.py judges each from a file the guest wrote).
  stage "Tests/vm/run-audio.sh" bash Tests/vm/run-audio.sh "$results/vm-audio"
  # A web page on KMS (issue 40): the real WPE WebKit helper in the VM, its page served on the
  # guest's loopback, judged from the KMS screenshot; check-web.py writes its checks as xUnit.
  stage "Tests/vm/run-web.sh" bash Tests/vm/run-web.sh "$results/vm-web"
  counted+=("Tests/vm/run-web.sh=$results/vm-web/web-checks.xml")
  stage "Tests/boot/run.sh" bash Tests/boot/run.sh
  absent=()
else
  echo "=== VM tests: not run on $(dpkg --print-architecture) (they boot an x86-64 kernel with this host's root filesystem)"
  if [[ -n ${GADGETBOARD_DEB:-} ]]; then stage "Tests/boot/deb-test.sh" bash Tests/boot/deb-test.sh "$GADGETBOARD_DEB"; fi
  absent=(--expect-elsewhere "the VM stages (x86-64 only)")
fi

echo "test: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end, $(($(date +%s) - started)) s in all"
echo "test stages: $passed passed, $failed failed"
count_status=0
python3 scripts/test-counts.py "${absent[@]}" "${counted[@]}" || count_status=$?
[[ $failed -eq 0 && $count_status -eq 0 ]]
