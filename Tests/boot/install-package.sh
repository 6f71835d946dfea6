#!/usr/bin/env bash
# Boot test: run by the initramfs (initramfs-init.sh) in a chroot of the VM's root before systemd
# starts, the way an image is prepared: installs the Debian package with `deploy/install.sh --deb`
# (apt, the maintainer scripts: the user, the unit enabled; not started, systemd is not running),
# then the web package with dpkg (gadgetboard-web: its user, its socket enabled).
# The log and the exit status go to /var/log, where in-vm.sh picks them up after the boot.
set -uo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LOG=/var/log/gadgetboard-boot-test-install.log
start=$(cut -d' ' -f1 /proc/uptime)
# --no-packages: no apt-get update (the VM has no network; every dependency is installed here).
"$HERE/deploy/install.sh" --deb "$HERE/gadgetboard.deb" --no-boot-config --no-packages >"$LOG" 2>&1
status=$?
# The web package beside it (install.sh --deb installs the kiosk's package only): its postinst (the
# helper's user, the socket enabled; not started, no systemd yet). dpkg, not apt: every library it
# needs is already on this root, and apt's reading of the package lists over 9p under emulation
# costs a minute or more (apt resolving the kiosk's package is tested just above).
if [ "$status" = 0 ]; then
    web_start=$(cut -d' ' -f1 /proc/uptime)
    DEBIAN_FRONTEND=noninteractive dpkg -i "$HERE/gadgetboard-web.deb" >>"$LOG" 2>&1
    status=$?
    printf 'web package: dpkg -i gadgetboard-web.deb: exit status %s, %s s\n' "$status" "$(awk -v a="$web_start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')" >>"$LOG"
fi
printf 'exit status %s\ntook %s s\n' "$status" "$(awk -v a="$start" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')" >>"$LOG"
echo "boot-test init: install.sh --deb: exit status $status"
