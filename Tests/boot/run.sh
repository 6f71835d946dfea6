#!/usr/bin/env bash
# The boot test (issues 8 and 15): boots this machine's own root filesystem under QEMU with
# systemd as PID 1, with the Debian package (scripts/package-deb.sh) installed into it by
# `deploy/install.sh --deb` (apt, the maintainer scripts: user, unit enabled), and checks from
# inside the VM that the unit becomes active after READY, draws, reloads its board on SIGHUP (and
# rejects a broken one), is restarted by the watchdog when its loop hangs, is upgraded without a
# reboot (restarted, the user's board kept), stops cleanly, and is removed and purged. With it the
# web package (gadgetboard-web): its socket listens, a page asked for by the kiosk runs in a
# gadgetboard-web@ instance as the helper's own user inside the unit's memory limit and CPU share,
# is drawn on the KMS screen, and comes back after its instance is killed.
# Tests/boot/in-vm.sh has the checks; this script prepares and boots the VM and reports. Before
# the VM it runs the quick ones: install-test.sh (the installer on scratch roots), deb-test.sh
# (the package's contents and an apt repository made with reprepro) and metrics-format.py (a
# real metrics file through Prometheus' parser).
#
#   bash Tests/boot/run.sh        (root; minutes under emulation, more on a loaded machine)
#
# Environment: GADGETBOARD_DEB=path (default: scripts/package-deb.sh, a release build; the web
# package is taken from beside it, or GADGETBOARD_WEB_DEB=path),
# BOOT_TEST_KEEP=1 (keep the work directory with the serial log and journals),
# BOOT_TEST_TIMEOUT=seconds for the VM (default 1800: a hang guard, not a speed requirement; a
# loaded CI machine under emulation has needed over 900).
#
# The VM's root is an overlay: this machine's / (9p, read-only) at the bottom, a layer with the
# package and the test's own files above it (9p, read-only), a tmpfs on top for writes. The
# package is installed in that root by the initramfs (chroot, before systemd starts), as onto an
# SD card, so the kiosk starts at boot from what the package enabled. Nothing on this machine
# changes. Results come back through a writable 9p share.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$HERE/lib.sh"
TIMEOUT=${BOOT_TEST_TIMEOUT:-1800}
started=$(date +%s)

[ "$(id -u)" = 0 ] || fail "needs root (useradd --root, 9p shares of /)"
for tool in qemu-system-x86_64 busybox cpio systemctl; do
    command -v "$tool" >/dev/null || fail "$tool missing: scripts/install-deps.sh --test installs it"
done

# The kernel: the newest in /boot whose modules are installed (the VM loads them from the
# shared root, so they must match).
KERNEL="" KVER=""
while read -r k; do
    v=${k#/boot/vmlinuz-}
    if [ -d "/lib/modules/$v" ]; then KERNEL=$k KVER=$v; fi
done < <(find /boot -maxdepth 1 -name 'vmlinuz-*' | sort -V)
[ -n "$KERNEL" ] || fail "no /boot/vmlinuz-* with modules in /lib/modules (apt-get install linux-image-amd64)"
[ -r "$KERNEL" ] || fail "$KERNEL is not readable"

DEB=${GADGETBOARD_DEB:-}
if [ -z "$DEB" ]; then
    DEB=$("$REPO/scripts/package-deb.sh" | tail -n1) || fail "scripts/package-deb.sh failed"
fi
[ -f "$DEB" ] || fail "no package at $DEB"
WEB_DEB=${GADGETBOARD_WEB_DEB:-$(dirname "$DEB")/gadgetboard-web_$(dpkg-deb -f "$DEB" Version)_$(dpkg-deb -f "$DEB" Architecture).deb}
[ -f "$WEB_DEB" ] || fail "no web package at $WEB_DEB (scripts/package-deb.sh builds it beside the kiosk's)"
WORK=$(mktemp -d /tmp/gadgetboard-boot-test.XXXXXX)
cleanup() { if [ "${BOOT_TEST_KEEP:-0}" = 1 ]; then echo "boot test: work directory kept: $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
# The package's own binary, for the quick checks below.
dpkg-deb -x "$DEB" "$WORK/unpacked"
BIN=$WORK/unpacked/usr/bin/gadgetboard
[ -x "$BIN" ] || fail "no usr/bin/gadgetboard in $DEB"

# Quick checks first (seconds), so a broken installer or metrics file fails before the VM boots:
# the installer against scratch Raspberry Pi OS roots, and a real metrics file through
# Prometheus' own parser (Debian's python3, where python3-prometheus-client is).
bash "$HERE/install-test.sh" || fail "install-test.sh"
bash "$HERE/deb-test.sh" "$DEB" "$WEB_DEB" || fail "deb-test.sh"
METRICS_CHECK=$(mktemp -d)
"$BIN" run "$HERE/fixtures/board-a/board.json" --display headless --frames 1000000 --duration 2.5 \
    --metrics "$METRICS_CHECK/metrics.prom" 2>"$METRICS_CHECK/log" || { cat "$METRICS_CHECK/log"; fail "gadgetboard run --metrics"; }
/usr/bin/python3 "$HERE/metrics-format.py" "$METRICS_CHECK/metrics.prom" || fail "the metrics file does not parse as Prometheus text"
rm -rf "$METRICS_CHECK"

LAYER=$WORK/layer
RESULTS=$WORK/results
mkdir -p "$LAYER" "$RESULTS"

# 1. What the initramfs installs before systemd starts (install-package.sh, in a chroot of the
#    VM's root): the package, and an upgrade of it (the same package with a higher version) for
#    in-vm.sh to install on the running system. Also the user's own board, already in
#    /etc/gadgetboard: a conffile the package must keep (board-a, one gadget).
DRIVER=/usr/local/lib/gadgetboard-boot-test
mkdir -p "$LAYER$DRIVER/deploy" "$LAYER/etc/gadgetboard" "$LAYER/etc/default"
cp "$DEB" "$LAYER$DRIVER/gadgetboard.deb"
cp "$WEB_DEB" "$LAYER$DRIVER/gadgetboard-web.deb"
VERSION=$(dpkg-deb -f "$DEB" Version)
dpkg-deb -R "$DEB" "$WORK/upgrade"
sed -i "s/^Version: .*/Version: $VERSION+upgrade1/" "$WORK/upgrade/DEBIAN/control"
dpkg-deb --root-owner-group -b "$WORK/upgrade" "$LAYER$DRIVER/gadgetboard-upgrade.deb" >/dev/null
dpkg-deb -R "$WEB_DEB" "$WORK/web-upgrade"
sed -i "s/^Version: .*/Version: $VERSION+upgrade1/" "$WORK/web-upgrade/DEBIAN/control"
dpkg-deb --root-owner-group -b "$WORK/web-upgrade" "$LAYER$DRIVER/gadgetboard-web-upgrade.deb" >/dev/null
printf '%s\n%s\n' "$VERSION" "$VERSION+upgrade1" >"$LAYER$DRIVER/versions"
cp "$REPO/deploy/install.sh" "$REPO/deploy/gadgetboard.default" "$LAYER$DRIVER/deploy/"
cp "$HERE/install-package.sh" "$LAYER$DRIVER/"
cp "$HERE/fixtures/board-a/board.json" "$LAYER/etc/gadgetboard/board.json"
echo "boot test: packages $(basename "$DEB"), $(basename "$WEB_DEB") and their upgrades ($VERSION+upgrade1) in the layer"

# 2. Test-only additions, each marked as such; the unit itself is the package's.
units=$LAYER/etc/systemd/system
mkdir -p "$units/gadgetboard.service.d" "$units/multi-user.target.wants"
cat >"$units/gadgetboard.service.d/boot-test.conf" <<'EOF'
# Boot test only: arms the stall trigger (the main loop hangs while this file exists) and the
# hung-display trigger (page flips stop completing once this file exists).
[Service]
Environment=GADGETBOARD_TEST_STALL_FILE=/run/gadgetboard/stall
Environment=GADGETBOARD_TEST_HANG_FLIPS_FILE=/run/gadgetboard/hang-flips
# WebKit under software emulation starts many times slower than on a device (docs/web.md,
# "Timeouts"): the page's helper gets 300 s to say ready and to load, as in Tests/vm/run-web.sh.
Environment=GADGETBOARD_WEB_READY_TIMEOUT_MS=300000 GADGETBOARD_WEB_LOAD_TIMEOUT_S=300
EOF
mkdir -p "$units/gadgetboard-web@.service.d"
cat >"$units/gadgetboard-web@.service.d/boot-test.conf" <<'EOF'
# Boot test only: the page's load may take up to 300 s under software emulation.
[Service]
Environment=GADGETBOARD_WEB_LOAD_TIMEOUT_S=300
EOF
# The installer's documented knob for extra options: draw continuously, so "it draws" is a
# counter that keeps rising (an idle kiosk otherwise draws nothing, by design). The display is the
# unit's own (--display kms, on the VM's virtio-gpu) once this tree has the KMS backend; before
# that, headless, and the results say so.
if [ -d "$REPO/Sources/GadgetDisplay/KMS" ]; then
    EXPECT_DISPLAY=kms DISPLAY_OPTION=""
else
    EXPECT_DISPLAY=headless DISPLAY_OPTION="--display headless "
    echo "boot test: no KMS backend in this tree: the service draws headless"
fi
# A conffile of the package too: the package must keep this one (dpkg --force-confold).
cat >"$LAYER/etc/default/gadgetboard" <<EOF
# Boot test: draw every frame.
GADGETBOARD_OPTIONS="$DISPLAY_OPTION--frames 1000000000"
EOF
# The checks and their boards go into the layer too: the checkout may live where the VM cannot
# see it (a clone under /tmp is hidden by the VM's own /tmp).
cp -r "$HERE/in-vm.sh" "$HERE/fixtures" "$LAYER$DRIVER/"
# The web scenario's page, board and pixel probe are the VM web stage's (Tests/vm/web, check-web.py).
mkdir -p "$LAYER$DRIVER/web/site"
cp "$REPO/Tests/vm/web/board.json" "$REPO/Tests/vm/check-web.py" "$LAYER$DRIVER/web/"
cp "$REPO/Tests/vm/web/page.html" "$LAYER$DRIVER/web/site/"
echo "$EXPECT_DISPLAY" >"$LAYER$DRIVER/expect-display"
cat >"$units/gadgetboard-boot-test.service" <<EOF
# Boot test only: the checks, run inside the VM once it boots.
[Unit]
Description=Gadgetboard boot test driver
After=local-fs.target

[Service]
Type=exec
ExecStart=/bin/bash $DRIVER/in-vm.sh
StandardOutput=journal+console
StandardError=journal+console
EOF
ln -sf ../gadgetboard-boot-test.service "$units/multi-user.target.wants/gadgetboard-boot-test.service"
# This machine's own services have no business in the VM and slow its boot: mask the ones that
# are enabled here (and a few that would wait for a network the VM does not have).
for unit in $(systemctl list-unit-files --state=enabled --type=service,timer --no-legend 2>/dev/null | awk '{ print $1 }'); do
    case "$unit" in getty@*|gadgetboard*|systemd-journald*|systemd-udevd*|dbus*) continue ;; esac
    [[ "$unit" == *@.service ]] && continue
    ln -sf /dev/null "$units/$unit"
done
for unit in systemd-networkd-wait-online.service NetworkManager-wait-online.service apt-daily.timer \
    apt-daily-upgrade.timer man-db.timer e2scrub_all.timer fstrim.timer systemd-timesyncd.service; do
    ln -sf /dev/null "$units/$unit"
done
# /tmp on a tmpfs, as on most systems: otherwise it is this machine's /tmp (through 9p), and
# systemd-tmpfiles would spend half a minute emptying it into the overlay at boot.
printf '# boot test: the overlay root, and /tmp in memory\ntmpfs /tmp tmpfs mode=1777,nosuid,nodev 0 0\n' >"$LAYER/etc/fstab"
# This machine may be a container: its /.dockerenv would make systemd in the VM believe it runs
# in one too (and skip what a real boot does). A whiteout in the layer hides it.
if [ -e /.dockerenv ]; then mknod "$LAYER/.dockerenv" c 0 0; fi
# A container's policy-rc.d (exit 101: "start no services") would stop the package's postinst from
# restarting the kiosk on an upgrade, as it never does on a Pi: hidden the same way. And man-db's
# trigger (every man page of this machine re-indexed over 9p under emulation: minutes) is turned
# off as Debian's own container images do, by hiding its auto-update flag.
if [ -e /usr/sbin/policy-rc.d ]; then mkdir -p "$LAYER/usr/sbin"; mknod "$LAYER/usr/sbin/policy-rc.d" c 0 0; fi
if [ -e /var/lib/man-db/auto-update ]; then mkdir -p "$LAYER/var/lib/man-db"; mknod "$LAYER/var/lib/man-db/auto-update" c 0 0; fi

# 3. The initramfs: busybox and the modules to reach the root (virtio PCI, 9p, overlay). Every
#    other module (virtio-gpu, evdev…) udev loads from the shared root after the switch.
INITRD=$WORK/initramfs.cpio.gz
IR=$WORK/initramfs
mkdir -p "$IR/bin" "$IR/lib/modules" "$IR/proc" "$IR/sys" "$IR/dev"
cp "$(command -v busybox)" "$IR/bin/busybox"
for applet in sh mount umount insmod mkdir sleep poweroff switch_root chroot cat echo; do ln -s busybox "$IR/bin/$applet"; done
cp "$HERE/initramfs-init.sh" "$IR/init"
: >"$IR/modules.order"
for m in virtio_pci 9pnet_virtio 9p overlay; do
    modprobe -S "$KVER" --show-depends "$m" | while read -r cmd path _; do
        [ "$cmd" = insmod ] || continue
        name=$(basename "$path")
        grep -qx "$name" "$IR/modules.order" && continue
        case "$path" in
            *.ko) cp "$path" "$IR/lib/modules/$name" ;;
            *.ko.xz) xz -dc "$path" >"$IR/lib/modules/${name%.xz}"; name=${name%.xz} ;;
            *.ko.zst) zstd -qdc "$path" >"$IR/lib/modules/${name%.zst}"; name=${name%.zst} ;;
        esac
        echo "$name" >>"$IR/modules.order"
    done
done
echo "$DRIVER/install-package.sh" >"$IR/install-package"
(cd "$IR" && find . | cpio -o -H newc --quiet | gzip -1 >"$INITRD")

# 4. Boot. KVM when this machine offers it, software emulation otherwise (CI).
accel=tcg
if [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then accel=kvm; fi
echo "boot test: booting $KERNEL with systemd as PID 1 ($accel; limit ${TIMEOUT} s)"
set +e
# -nodefaults: no NIC, disk controller or VGA to probe. An 800x480 panel, the web board's size, so
# the page's pixels sit where check-web.py looks for them. The guest has no use for nested
# virtualisation: its kvm modules stay unloaded. (-cpu max,vmx=off,svm=off made static glibc
# abort at start-up under TCG, so the features stay and the modules are blacklisted instead.)
timeout "$TIMEOUT" qemu-system-x86_64 -nodefaults -machine q35,accel=$accel -cpu max -m 2048 -smp 2 \
    -nographic -no-reboot -monitor none -serial "file:$WORK/serial.log" \
    -kernel "$KERNEL" -initrd "$INITRD" \
    -append "console=ttyS0 panic=-1 quiet systemd.show_status=error modprobe.blacklist=kvm,kvm_amd,kvm_intel systemd.unit=multi-user.target" \
    -device virtio-gpu-pci,xres=800,yres=480 \
    -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$LAYER,mount_tag=layer,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$RESULTS,mount_tag=results,security_model=none,multidevs=remap" \
    </dev/null >"$WORK/qemu.log" 2>&1
qemu_status=$?
set -e
elapsed=$(( $(date +%s) - started ))

# 5. Report.
echo "boot test: VM finished (qemu status $qemu_status) after ${elapsed} s in all"
if [ ! -s "$RESULTS/result.txt" ]; then
    echo "--- qemu.log"; tail -n 20 "$WORK/qemu.log"
    echo "--- serial console (last 60 lines)"; tail -n 60 "$WORK/serial.log"
    BOOT_TEST_KEEP=1
    fail "no results from the VM (did it boot? qemu status $qemu_status; 124 = time limit)"
fi
cat "$RESULTS/result.txt"
if grep -q '] FAIL: ' "$RESULTS/result.txt" || ! grep -q '] done: passed' "$RESULTS/result.txt"; then
    echo "--- gadgetboard journal (last 40 lines)"; tail -n 40 "$RESULTS/journal-gadgetboard.txt" 2>/dev/null || true
    BOOT_TEST_KEEP=1
    fail "boot test failed"
fi
# Reported, not asserted: the time depends on this machine's speed and load (the VM's own time
# limit above is the hang guard).
[ "$elapsed" -le 600 ] || echo "boot test: note: took ${elapsed} s (the machine is slow or loaded; 1800 s is the limit)"
pass "boot test passed in ${elapsed} s"
