#!/bin/sh
# /init of the boot test's initramfs (busybox). Makes this machine's root filesystem the VM's
# root — read-only over 9p, with the installer's output as a layer above it and a tmpfs for
# writes — then hands over to systemd as PID 1, as a real boot does.
#   hostroot (9p, ro): this machine's /        layer (9p, ro): the package and the test's files
export PATH=/bin

fail() {
    echo "boot-test init: $*" >/dev/console
    sleep 1
    poweroff -f
}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r module; do
    insmod "/lib/modules/$module" || fail "insmod $module failed"
done </modules.order

mkdir -p /host /layer /rw /newroot
# cache=loose: nothing changes under the read-only shares while the VM runs, and it saves a
# round trip to the host for every lookup (boot under emulation is dominated by them).
opts=trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose
mount -t 9p -o "$opts" hostroot /host || fail "cannot mount the host root (9p hostroot)"
mount -t 9p -o "$opts" layer /layer || fail "cannot mount the install layer (9p layer)"
mount -t tmpfs -o mode=0755 tmpfs /rw || fail "tmpfs"
mkdir -p /rw/upper /rw/work
mount -t overlay overlay -o lowerdir=/layer:/host,upperdir=/rw/upper,workdir=/rw/work /newroot ||
    fail "overlay of layer + host root failed"
[ -x /newroot/lib/systemd/systemd ] || fail "no /lib/systemd/systemd in the host root"

mount --move /dev /newroot/dev
mount --move /proc /newroot/proc
mount --move /sys /newroot/sys

# The package goes in here, in a chroot of the new root before systemd starts, as onto an SD card:
# the kiosk then starts at boot from what the package enabled. A fresh /run hides the host's, so
# the maintainer scripts see no running systemd (they enable the unit and do not start it).
if [ -f /install-package ]; then
    mount -t tmpfs -o mode=0755 tmpfs /newroot/run || fail "tmpfs on /run"
    chroot /newroot /bin/bash "$(cat /install-package)" >/dev/console 2>&1
    umount /newroot/run
fi
exec switch_root /newroot /lib/systemd/systemd
