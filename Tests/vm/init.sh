#!/bin/sh
# PID 1 of the VM test's initramfs (busybox sh). Loads the modules, builds a writable root from
# the host's root (9p, read-only) with an overlay on tmpfs, mounts the results share at
# /vm-out, runs /vm-out/guest.sh in a chroot of it, writes its exit status to
# /vm-out/exit-status and powers off. Every step logs to the serial console with a `vm:` prefix.
export PATH=/bin
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

log() { echo "vm: $*" > /dev/console; }
fail() { log "FAILED: $*"; sync; poweroff -f; }

while read -r ko; do
    insmod "$ko" || fail "insmod $ko"
done < /modules.load

mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /lower || fail "mount hostroot"
mount -t tmpfs -o size=1g tmpfs /rw || fail "mount tmpfs"
mkdir -p /rw/upper /rw/work
mount -t overlay -o lowerdir=/lower,upperdir=/rw/upper,workdir=/rw/work overlay /newroot || fail "mount overlay"
mkdir -p /newroot/vm-out
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results /newroot/vm-out || fail "mount results"
for d in dev proc sys; do mount --bind /$d /newroot/$d || fail "bind /$d"; done
mount -t tmpfs tmpfs /newroot/run
mount -t devpts devpts /newroot/dev/pts 2>/dev/null

# The DRM card may probe after the modules load; wait for it (udev is not running). The minute
# is a hang guard, far above any emulation speed.
i=0
while [ ! -e /dev/dri/card0 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
log "ready after $(cut -d' ' -f1 /proc/uptime) s; running guest.sh"

# setsid: the guest script gets its own session (no controlling tty), as a kiosk under systemd.
chroot /newroot /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root MESA_SHADER_CACHE_DISABLE=true \
    /bin/sh -c 'cd /vm-out && exec setsid /bin/sh /vm-out/guest.sh' > /newroot/vm-out/guest.log 2>&1 < /dev/null
status=$?
echo "$status" > /newroot/vm-out/exit-status
log "guest.sh exited $status after $(cut -d' ' -f1 /proc/uptime) s"
umount /newroot/vm-out
sync
poweroff -f
