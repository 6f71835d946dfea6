#!/bin/bash
# The CEC scenario on its own: boots the VM (vm-run.sh), runs guest-cec.sh there (vivid's
# emulated TV and playback adapters, the CECHardwareTests suite, cec-ctl --monitor) and judges
# the results with check-cec.py. About a minute under software emulation.
#
# The same VM also plays a TV that comes back in another mode (guest-modechange.sh): QEMU runs with
# its D-Bus display on a private session bus, and when the guest's kiosk is up (the file
# modechange-ready appears in the results share) this script calls the screen's SetUIInfo for
# 1024x768, which virtio-gpu reports to the guest as a changed preferred mode on a connector that
# stays connected.
#
# usage: Tests/vm/run-cec.sh [OUT_DIR]   (default .build/vm/cec; as root)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/cec}
for tool in qemu-system-x86_64 cec-ctl python3 dbus-daemon gdbus; do
    command -v "$tool" > /dev/null || { echo "vm test: $tool is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
done
(cd "$root" && swift build --build-tests > /dev/null)
bin_dir=$(cd "$root" && swift build --show-bin-path)
tests=$bin_dir/GadgetboardPackageTests.xctest
rm -rf "$out"
mkdir -p "$out"
guest=$(mktemp)
bus_dir=$(mktemp -d)
helper=""
# Under `set -e` a failing `kill` (the helper has usually ended by itself) would end the trap, and
# the script, with status 1 after the checks passed: each kill may fail.
cleanup() {
    if [ -n "$helper" ]; then kill "$helper" 2>/dev/null || true; fi
    if [ -s "$bus_dir/pid" ]; then kill "$(cat "$bus_dir/pid")" 2>/dev/null || true; fi
    rm -rf "$guest" "$bus_dir"
}
trap cleanup EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GB_TESTS='$tests' GB_BIN='$bin_dir/gadgetboard' GB_VM='$here'
exec sh '$here/guest-cec.sh'
GUEST
# A private session bus for QEMU's D-Bus display (never the user's own).
dbus-daemon --session --fork --print-address=3 --print-pid=4 3> "$bus_dir/address" 4> "$bus_dir/pid"
DBUS_SESSION_BUS_ADDRESS=$(cat "$bus_dir/address")
export DBUS_SESSION_BUS_ADDRESS
# The host's half of the mode change: once the guest's kiosk is on screen, ask for 1024x768 on the
# first screen (width_mm, height_mm, x, y, width, height). It waits for the guest, never for a time.
(
    while [ ! -e "$out/modechange-ready" ]; do sleep 0.2; done
    gdbus call --session --dest org.qemu --object-path /org/qemu/Display1/Console_0 \
        --method org.qemu.Display1.Console.SetUIInfo 0 0 0 0 1024 768 > "$out/modechange-host.log" 2>&1
    echo $? > "$out/modechange-host.status"
) &
helper=$!
vm_status=0
VM_DISPLAY=dbus "$here/vm-run.sh" --timeout 600 "$out" "$guest" || vm_status=$?
cat "$out/guest.log" 2>/dev/null || true
[ $vm_status -eq 0 ] || { echo "vm test: the VM run failed (status $vm_status)" >&2; exit 1; }
status=0
# The judges' own checks first (suite_log.py, which check-cec.py counts executed tests with).
python3 "$here/test_suite_log.py" > "$out/test_suite_log.txt" 2>&1 || { cat "$out/test_suite_log.txt" >&2; status=1; }
python3 "$here/check-cec.py" "$out" || status=1
python3 "$here/check-kiosk-cec.py" "$out" || status=1
exit $status
