#!/bin/bash
# The CEC scenario on its own: boots the VM (vm-run.sh), runs guest-cec.sh there (vivid's
# emulated TV and playback adapters, the CECHardwareTests suite, cec-ctl --monitor) and judges
# the results with check-cec.py. About a minute under software emulation.
#
# usage: Tests/vm/run-cec.sh [OUT_DIR]   (default .build/vm/cec; as root)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/cec}
for tool in qemu-system-x86_64 cec-ctl python3; do
    command -v "$tool" > /dev/null || { echo "vm test: $tool is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
done
(cd "$root" && swift build --build-tests > /dev/null)
tests=$(cd "$root" && swift build --show-bin-path)/GadgetboardPackageTests.xctest
rm -rf "$out"
mkdir -p "$out"
guest=$(mktemp)
trap 'rm -f "$guest"' EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GB_TESTS='$tests'
exec sh '$here/guest-cec.sh'
GUEST
vm_status=0
"$here/vm-run.sh" --timeout 600 "$out" "$guest" || vm_status=$?
cat "$out/guest.log" 2>/dev/null || true
[ $vm_status -eq 0 ] || { echo "vm test: the VM run failed (status $vm_status)" >&2; exit 1; }
python3 "$here/check-cec.py" "$out"
