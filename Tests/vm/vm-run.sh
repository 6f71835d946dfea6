#!/bin/bash
# Boots the installed Debian kernel under QEMU with virtio-gpu (KMS) and the host's root over
# 9p (read-only, made writable in the guest with an overlay on tmpfs), runs GUEST_SCRIPT there as
# root, and brings results back through a second, writable 9p share (OUT_DIR, seen in the guest
# as /vm-out and as the guest script's working directory).
#
# usage: vm-run.sh [--timeout SECONDS] [--cache DIR (default .build/vm/cache)] OUT_DIR GUEST_SCRIPT
# After it returns: OUT_DIR/exit-status (the guest script's status), OUT_DIR/guest.log (its
# output), OUT_DIR/serial.log (the VM console). Exit status: the guest script's, or 124 when the
# VM timed out, or 2 when it never ran the script.
# env: VM_ACCEL=tcg|kvm (default tcg: software emulation; see below for kvm),
#      VM_KERNEL_VERSION, VM_MEMORY_MB (default 2048), VM_TIMEOUT_S (default 900: the hang guard),
#      VM_GPU_OPTIONS (default max_outputs=2,xres=800,yres=480: an 800x480 panel like the
#      Raspberry Pi 7" display on Virtual-1, and a disconnected Virtual-2),
#      VM_DISPLAY (default none: no display front-end; `dbus` exports the screens on the session
#      bus as org.qemu.Display1, whose SetUIInfo changes a screen's preferred mode the way a TV
#      that comes back in another mode does: see run-cec.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The limit is a hang guard (a guest that never powers off), far above a run on a busy host.
# VM_TIMEOUT_S raises it for a host far busier than that (the other stages of a shared machine).
timeout_s=${VM_TIMEOUT_S:-900}
cache=$(cd "$here/../.." && pwd)/.build/vm/cache
while [ $# -gt 0 ]; do
    case $1 in
        --timeout) timeout_s=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        --) shift; break ;;
        -*) echo "vm-run: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
out=${1:?usage: vm-run.sh [--timeout S] OUT_DIR GUEST_SCRIPT}
script=${2:?usage: vm-run.sh [--timeout S] OUT_DIR GUEST_SCRIPT}
command -v qemu-system-x86_64 > /dev/null || { echo "vm-run: no qemu-system-x86_64: apt-get install qemu-system-x86" >&2; exit 2; }

initrd=$("$here/initramfs.sh" "$cache")
kver=$(basename "$initrd" | sed -E 's/^initramfs-(.*)-[0-9a-f]{16}\.cpio\.gz$/\1/')
kernel=/boot/vmlinuz-$kver
[ -r "$kernel" ] || { echo "vm-run: cannot read $kernel (run as root: Debian's kernel images are 0600)" >&2; exit 2; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/exit-status" "$out/guest.log" "$out/serial.log"
cp "$script" "$out/guest.sh"

# TCG by default: it runs everywhere (CI containers often have no usable /dev/kvm; on this
# project's build machine /dev/kvm exists but QEMU aborts setting MSR 0x10a with -cpu host/max).
accel=${VM_ACCEL:-tcg}
case $accel in
    kvm) accel_args=(-accel kvm -cpu host) ;;
    tcg) accel_args=(-accel "tcg,thread=multi" -cpu max) ;;
    *) echo "vm-run: VM_ACCEL must be kvm or tcg" >&2; exit 2 ;;
esac

# no_timer_check: the kernel checks at boot that the IO-APIC delivers timer interrupts within a
# few ticks; on a loaded host QEMU's emulated CPU can miss that window and the kernel panics
# ("IO-APIC + timer doesn't work", seen here at load 20). The timer works; the check is for
# broken real boards, and virtualised guests commonly turn it off.
echo "vm-run: kernel $kver, accel $accel, out $out" >&2
start=$(date +%s%N)
set +e
timeout --kill-after=5 "$timeout_s" qemu-system-x86_64 \
    "${accel_args[@]}" -m "${VM_MEMORY_MB:-2048}" -smp 2 \
    -display "${VM_DISPLAY:-none}" -no-reboot -nodefaults -monitor none -serial stdio \
    -kernel "$kernel" -initrd "$initrd" \
    -append "console=ttyS0 quiet loglevel=4 panic=-1 no_timer_check rdinit=/init" \
    -vga none -device "virtio-gpu-pci,${VM_GPU_OPTIONS:-max_outputs=2,xres=800,yres=480}" \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -virtfs local,path="$out",mount_tag=results,security_model=none,multidevs=remap \
    < /dev/null > "$out/serial.log" 2>&1
qemu_status=$?
set -e
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
echo "vm-run: VM ran $((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000))) s" >&2

if [ $qemu_status -eq 124 ] || [ $qemu_status -eq 137 ]; then
    echo "vm-run: timed out after $timeout_s s; console:" >&2; tail -n 30 "$out/serial.log" >&2; exit 124
fi
if [ ! -s "$out/exit-status" ]; then
    echo "vm-run: the guest script did not run (qemu exit $qemu_status); console:" >&2
    tail -n 30 "$out/serial.log" >&2
    exit 2
fi
exit "$(cat "$out/exit-status")"
