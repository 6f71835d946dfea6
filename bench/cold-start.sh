#!/bin/bash
# The README's test command on a machine where nothing of the project's is installed (issue 35, 5):
# a Debian 12 root made by debootstrap, given what a new machine of this kind has before the
# project touches it (the image's package list, the Swift toolchain at /opt/swift and the SwiftPM
# package mirror, both bind-mounted read-only), then a fresh clone of this repository and
# `scripts/test.sh` in it, timed. The test log's own lines split the time into apt, SwiftPM
# resolution, the build and each stage.
#
# usage: bench/cold-start.sh ROOT_DIR LOG        (as root; ROOT_DIR is made if missing, reused if it exists)
# env:   IMAGE_PACKAGES  the new machine's package list (default: the tool library's installed-swift.txt)
#        COMMAND         what to run in the clone instead (default scripts/test.sh; a trial: 'scripts/install-deps.sh --test')
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
root=$1; log=$2
list=${IMAGE_PACKAGES:-/work/.library/env/packages/installed-swift.txt}
. "$here/conditions.sh"; bench_conditions cold-start
echo "# cold-start: the packages line above is the host's; the root's own follow the run"

if [[ ! -x $root/usr/bin/apt-get ]]; then
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
mounted=()
bind() { mkdir -p "$root$2"; mount "${@:3}" --bind "$1" "$root$2"; mounted=("$root$2" "${mounted[@]}"); }
cleanup() { for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done; }
trap cleanup EXIT
mount -t proc proc "$root/proc"; mounted+=("$root/proc")
bind /sys /sys
bind /dev /dev
bind /dev/pts /dev/pts
bind /opt/swift /opt/swift
bind /opt/swift-packages /opt/swift-packages
mount -o remount,bind,ro "$root/opt/swift-packages"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# How the machine's git finds the package mirror (as on every machine of this kind).
chroot "$root" git config --global url./opt/swift-packages/.insteadOf https://github.com/ 2>/dev/null || true

# What a new machine has before the project: the image's packages (those Debian 12 still serves).
if [[ ! -e $root/.image-packages-installed ]]; then
    start=$(date +%s)
    chroot "$root" apt-get update -q > /dev/null
    mapfile -t wanted < <(awk -F'\t' '$1 == "apt" {sub(":amd64","",$2); print $2}' "$list")
    mapfile -t known < <(chroot "$root" apt-cache --no-generate pkgnames | sort -u)
    mapfile -t install < <(comm -12 <(printf '%s\n' "${wanted[@]}" | sort -u) <(printf '%s\n' "${known[@]}"))
    DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends "${install[@]}" > "$root/image-install.log" 2>&1
    touch "$root/.image-packages-installed"
    echo "# cold-start: the image's ${#install[@]} packages (of ${#wanted[@]} listed) installed in $(($(date +%s) - start)) s (not part of the figure)"
fi

rm -rf "$root/root/gadgetboard"
git clone -q "$repo" "$root/root/gadgetboard"
echo "# cold-start: commit $(git -C "$repo" rev-parse --short HEAD), clean clone; no .build, no SwiftPM cache: $(ls "$root/root/.cache" 2>/dev/null | tr '\n' ' ')"
start=$(date +%s)
status=0
chroot "$root" /usr/bin/env -i HOME=/root PATH=/opt/swift/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 CI=true \
    bash -c "cd /root/gadgetboard && ${COMMAND:-scripts/test.sh}" > "$log" 2>&1 || status=$?
echo "# cold-start: ${COMMAND:-scripts/test.sh} exited $status after $(($(date +%s) - start)) s (log: $log)"
echo "# cold-start: packages in the root: $(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Package} ${Version}, ' libgl1-mesa-dri libegl-mesa0 libavcodec59 libcurl4 libmosquitto1 libharfbuzz0b libasound2 2>/dev/null | sed 's/, $//')"
grep -E '^test: |^=== .*(passed|FAILED) \(|^test stages:|^tests: ' "$log" || true
exit $status
