#!/usr/bin/env bash
# Boot test: run by the initramfs (initramfs-init.sh) in a chroot of the VM's root before systemd
# starts, the way an image is prepared: installs the Debian package with `deploy/install.sh --deb`
# (apt, the maintainer scripts: the user, the unit enabled; not started, systemd is not running).
# The log and the exit status go to /var/log, where in-vm.sh picks them up after the boot.
set -uo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LOG=/var/log/gadgetboard-boot-test-install.log
start=$(cut -d' ' -f1 /proc/uptime)
# --no-packages: no apt-get update (the VM has no network; every dependency is installed here).
"$HERE/deploy/install.sh" --deb "$HERE/gadgetboard.deb" --no-boot-config --no-packages >"$LOG" 2>&1
status=$?
printf 'exit status %s\ntook %s s\n' "$status" "$(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')" >>"$LOG"
echo "boot-test init: install.sh --deb: exit status $status"
