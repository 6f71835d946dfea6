#!/bin/bash
# Builds the VM test's initramfs: busybox-static, the kernel modules the test needs (in load
# order, from `modprobe --show-depends` for the installed kernel) and Tests/vm/init.sh as /init.
# The result is cached by kernel version and the content of this script and init.sh.
#
# usage: initramfs.sh OUT_DIR            prints the path of the initramfs (OUT_DIR/initramfs-*.cpio.gz)
# env:   VM_KERNEL_VERSION (default: the newest /boot/vmlinuz-*)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out_dir=${1:?usage: initramfs.sh OUT_DIR}
kver=${VM_KERNEL_VERSION:-$(basename "$(find /boot -maxdepth 1 -name 'vmlinuz-*' | sort -V | tail -n 1)" | sed 's/^vmlinuz-//')}
[ -n "$kver" ] || { echo "vm: no /boot/vmlinuz-*: apt-get install linux-image-amd64" >&2; exit 2; }
[ -x /bin/busybox ] || { echo "vm: no /bin/busybox: apt-get install busybox-static" >&2; exit 2; }

# virtio_pci: the PCI transport; virtio-gpu: KMS; uinput + evdev: evemu's touch device and its
# /dev/input/eventN; 9p + 9pnet_virtio: the host root and the results share; overlay: a writable
# view of the read-only host root.
modules=(virtio_pci virtio-gpu uinput evdev 9pnet_virtio 9p overlay)

key=$(cat "$0" "$here/init.sh" | sha256sum | cut -c1-16)
image="$out_dir/initramfs-$kver-$key.cpio.gz"
if [ -s "$image" ]; then echo "$image"; exit 0; fi

mkdir -p "$out_dir"
stage=$(mktemp -d "$out_dir/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,dev,proc,sys,lower,rw,newroot,lib/modules/"$kver"}
cp /bin/busybox "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
install -m 0755 "$here/init.sh" "$stage/init"

# Load order: every module's dependencies first, each module once.
: > "$stage/modules.load"
for m in "${modules[@]}"; do
    modprobe --show-depends -S "$kver" "$m" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r ko; do
    rel=${ko#/lib/modules/"$kver"/}
    mkdir -p "$stage/lib/modules/$kver/$(dirname "$rel")"
    cp "$ko" "$stage/lib/modules/$kver/$rel"
    echo "/lib/modules/$kver/$rel" >> "$stage/modules.load"
done
# Compressed modules (other kernels) would need a decompressing insmod; busybox's takes plain .ko.
if grep -qv '\.ko$' "$stage/modules.load"; then echo "vm: compressed kernel modules are not supported" >&2; exit 2; fi
cp /lib/modules/"$kver"/modules.* "$stage/lib/modules/$kver/"

(cd "$stage" && find . -print0 | cpio --null --create --format=newc --quiet) | gzip -1 > "$image.tmp"
mv "$image.tmp" "$image"
echo "$image"
