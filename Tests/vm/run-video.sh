#!/bin/bash
# The video scenario of the VM test on its own: boots the VM (vm-run.sh), runs
# guest-video.sh there (the clip made by video/make-clip.sh) and judges the results with check-video.py.
#
# usage: Tests/vm/run-video.sh [OUT_DIR]   (default .build/vm/video; as root)
# env:   GADGETBOARD_BIN to test a prebuilt binary.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/video}
for tool in qemu-system-x86_64 ffmpeg convert python3; do
    command -v "$tool" > /dev/null || { echo "vm test: $tool is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
done
if [ -n "${GADGETBOARD_BIN:-}" ]; then
    bin=$GADGETBOARD_BIN
else
    (cd "$root" && swift build > /dev/null)
    bin=$(cd "$root" && swift build --show-bin-path)/gadgetboard
fi
rm -rf "$out"
mkdir -p "$out"
guest=$(mktemp)
trap 'rm -f "$guest"' EXIT
cat > "$guest" <<GUEST
#!/bin/sh
export GB_BIN='$bin' GB_VM='$here'
exec sh '$here/guest-video.sh'
GUEST
"$here/video/make-clip.sh" "$out/video"
vm_status=0
"$here/vm-run.sh" "$out" "$guest" || vm_status=$?
cat "$out/guest.log" 2>/dev/null || true
[ $vm_status -eq 0 ] || { echo "vm test: the VM run failed (status $vm_status)" >&2; exit 1; }
python3 "$here/check-video.py" "$out"
