#!/bin/bash
# The sound scenario of the VM test on its own: boots the VM (vm-run.sh), runs guest-audio.sh
# there (snd-aloop: tap → sound through a real kernel's sound card, the card pulled and put back)
# and judges the results with check-audio.py.
#
# usage: Tests/vm/run-audio.sh [OUT_DIR]   (default .build/vm/audio; as root)
# env:   GADGETBOARD_BIN to test a prebuilt binary; GB_AUDIO_TAPS (default 10); GB_AV_SECONDS, the
#        lip-sync clip's length (default 20); GB_AUDIO_SOAK_S (default 0: no soak; the bench's 600)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/.build/vm/audio}
for tool in qemu-system-x86_64 evemu-play evemu-event python3 ffmpeg; do
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
export GB_BIN='$bin' GB_VM='$here' GB_AUDIO_TAPS='${GB_AUDIO_TAPS:-10}' GB_AUDIO_SOAK_S='${GB_AUDIO_SOAK_S:-0}'
exec sh '$here/guest-audio.sh'
GUEST
# The lip-sync clip: a flash and a beep at the start of each second.
"$here/audio/make-av-clip.sh" "$out/av" "${GB_AV_SECONDS:-20}"
echo "${GB_AV_SECONDS:-20}" > "$out/av-seconds"
vm_status=0
"$here/vm-run.sh" "$out" "$guest" || vm_status=$?
cat "$out/guest.log" 2>/dev/null || true
[ $vm_status -eq 0 ] || { echo "vm test: the VM run failed (status $vm_status)" >&2; exit 1; }
python3 "$here/check-audio.py" "$out"
