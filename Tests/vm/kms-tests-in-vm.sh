#!/bin/bash
# Runs the GadgetKMSTests hardware suite (KMSHardwareTests: atomic and legacy page flips,
# readback, restore, mode/connector/master errors, DPMS) on the VM's virtio-gpu card.
#
# usage: Tests/vm/kms-tests-in-vm.sh [OUT_DIR]     (builds the tests first: swift build --build-tests)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/kms-tests}

(cd "$root" && swift build --build-tests > /dev/null)
bin=$(cd "$root" && swift build --show-bin-path)/GadgetboardPackageTests.xctest
[ -x "$bin" ] || { echo "kms-tests-in-vm: no test binary at $bin" >&2; exit 2; }

mkdir -p "$out"
guest=$(mktemp)
trap 'rm -f "$guest"' EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GADGETBOARD_KMS_CARD=/dev/dri/card0
exec "$bin" --testing-library swift-testing --filter KMSHardwareTests
GUEST
status=0
"$here/vm-run.sh" "$out" "$guest" || status=$?
sed 's/\x1b\[[0-9;]*m//g' "$out/guest.log" 2>/dev/null || true
exit $status
