#!/bin/bash
# Runs the GadgetKMSTests hardware suite (KMSHardwareTests: atomic and legacy page flips,
# readback, restore, mode/connector/master errors, DPMS) on the VM's virtio-gpu card.
#
# With VM_TEST_FILTER=DMABufHardwareTests: the zero-copy path's dma-buf import and draw instead.
#
# usage: Tests/vm/kms-tests-in-vm.sh [OUT_DIR]     (builds the tests first: swift build --build-tests)
# env:   VM_TEST_FILTER (default KMSHardwareTests), GADGETBOARD_TESTS_BIN: a prebuilt test binary
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/kms-tests}

if [ -n "${GADGETBOARD_TESTS_BIN:-}" ]; then
    bin=$GADGETBOARD_TESTS_BIN
else
    (cd "$root" && swift build --build-tests > /dev/null)
    bin=$(cd "$root" && swift build --show-bin-path)/GadgetboardPackageTests.xctest
fi
[ -x "$bin" ] || { echo "kms-tests-in-vm: no test binary at $bin" >&2; exit 2; }

mkdir -p "$out"
guest=$(mktemp)
trap 'rm -f "$guest"' EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GADGETBOARD_KMS_CARD=/dev/dri/card0
exec "$bin" --testing-library swift-testing --filter '${VM_TEST_FILTER:-KMSHardwareTests}'
GUEST
status=0
"$here/vm-run.sh" "$out" "$guest" || status=$?
sed 's/\x1b\[[0-9;]*m//g' "$out/guest.log" 2>/dev/null || true
exit $status
