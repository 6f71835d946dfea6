# shellcheck shell=bash
# Shared by the boot and install tests. Sourced, not run.

# A scratch system root for `install.sh --root`: this machine's account files (so useradd has
# something to edit), an empty /etc/systemd/system, and a Raspberry Pi boot partition from
# fixtures/ (bookworm: /boot/firmware; bullseye: /boot; none: no boot partition).
make_scratch_root() {
    local dir=$1 flavour=${2:-bookworm} here
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    mkdir -p "$dir/etc/systemd/system" "$dir/etc/default"
    cp -p /etc/passwd /etc/group /etc/shadow /etc/gshadow "$dir/etc/"
    [ -f /etc/login.defs ] && cp -p /etc/login.defs "$dir/etc/"
    [ "$flavour" = none ] && return 0
    local boot=/boot/firmware
    [ "$flavour" = bullseye ] && boot=/boot
    mkdir -p "$dir$boot"
    cp "$here/fixtures/$flavour/config.txt" "$here/fixtures/$flavour/cmdline.txt" "$dir$boot/"
}

# A listing of everything under DIR that a change would show: paths, types, modes, owners,
# link targets and content hashes (not times: a rewrite with equal content is no change).
tree_state() {
    (cd "$1" && find . -printf '%p %y %m %u:%g %l\n' | sort && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
pass() { printf 'ok: %s\n' "$*"; }
