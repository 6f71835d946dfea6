#!/usr/bin/env bash
# Turns a Raspberry Pi OS Lite 64-bit (Debian 12, aarch64) system into a Gadgetboard kiosk:
# runtime packages, a release build, /usr/local/bin/gadgetboard, the board in /etc/gadgetboard,
# a system user in video/input/render, the systemd unit (enabled), no login prompt on the
# panel's VT, and the boot configuration (KMS driver, quiet boot, no console blanking or cursor).
#
# Safe to run again: it changes only what differs and says what it changed; every system file it
# edits is backed up once, beside it, as FILE.gadgetboard-orig. See docs/raspberry-pi.md.
#
#   sudo deploy/install.sh                 # on the Pi, from a checkout of the repository
#   sudo deploy/install.sh --dry-run       # say what would change, change nothing
#   sudo deploy/install.sh --root /mnt     # into a mounted image (no apt, no service start)
#   sudo deploy/install.sh --deb gadgetboard_0.1.0+git256.e30b08b_arm64.deb
#                                          # from the Debian package (scripts/package-deb.sh): apt
#                                          # installs it (binary, unit, user, board); this script
#                                          # adds what a package must not do (getty, /boot)
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: install.sh [OPTIONS]

  --dry-run          Print what would change (commands and file diffs); change nothing.
  --root DIR         Install into the system mounted at DIR (an SD card image, a test root):
                     no packages, no service start; users and units are set up inside DIR.
  --prefix DIR       Where the binary goes: DIR/bin/gadgetboard (default /usr/local).
  --binary FILE      Install this gadgetboard binary instead of building one.
  --deb FILE         Install the Debian package FILE (scripts/package-deb.sh) with apt instead:
                     it brings the binary (/usr/bin), unit, user, demo board and runtime
                     libraries; this script then masks the getty, edits the boot partition and
                     installs --board. Live system only (not with --root, --prefix or --binary).
  --board DIR        Install the board in DIR (board.json and its images) instead of the demo.
  --no-packages      Do not install Debian packages.
  --no-boot-config   Do not touch config.txt / cmdline.txt.
  --no-start         Do not start or restart the service.
  --mqtt URL         Join a fleet's MQTT broker (docs/mqtt.md): installs the unit's MQTT drop-in
                     (network for the broker) and /etc/gadgetboard/mqtt.env. Needs --node.
  --node NAME        This kiosk's name in the fleet's topics (with --mqtt).
  --mqtt-credentials FILE
                     Copied to /etc/gadgetboard/mqtt-credentials (0640, root:gadgetboard).
  --mqtt-ca FILE     Copied to /etc/gadgetboard/mqtt-ca.pem (mqtts:// brokers).
  -h, --help         This text.
EOF
}

ROOT=/
PREFIX=/usr/local
PREFIX_SET=0
DRY_RUN=0
BINARY=""
DEB=""
BOARD_SOURCE=""
PACKAGES=1
BOOT_CONFIG=1
START=1
MQTT_URL=""
MQTT_NODE=""
MQTT_CREDENTIALS=""
MQTT_CA=""
SERVICE=gadgetboard.service
KIOSK_USER=gadgetboard
KIOSK_GROUPS=(video input render audio)
# The VT the panel shows at boot; the unit's TTYPath must name the same one.
PANEL_VT=tty1
BACKUP_SUFFIX=.gadgetboard-orig

# Runtime libraries (Debian 12 names): EGL/GLES2 and GBM from Mesa with its DRI drivers (vc4/v3d
# on the Pi, llvmpipe as the fallback), libdrm, libevdev, libudev; the image decoders (libpng,
# TurboJPEG, libwebp) and the text stack (FreeType, HarfBuzz, fontconfig, FriBidi, libunibreak) with fonts
# for Latin, Arabic and CJK text: DejaVu, Noto (core) and Noto Sans CJK, the demo board's fonts;
# libSDL2 for `--display window` (the binary links it; SDL opens libX11/libwayland only when a
# window is asked for; it is on every Raspberry Pi OS image, and on Lite its package brings the
# small X/Wayland client libraries, never a server); libmosquitto for `--mqtt`; libasound2 for sound;
# libxkbcommon0 with xkb-data (keyboard layouts) and libx11-data (the Compose files dead keys need) for typing;
# libespeak-ng1 and its voices (espeak-ng-data) for speech, used only by the separate
# gadgetboard-speech program (GPL-3.0-or-later; the kiosk never links it).
RUNTIME_PACKAGES=(libegl1 libgles2 libgbm1 libdrm2 libevdev2 libpng16-16 libudev1 libegl-mesa0 libgl1-mesa-dri
    libturbojpeg0 libwebp7 libfreetype6 libharfbuzz0b libfontconfig1 libfribidi0 libunibreak1 fonts-dejavu-core fonts-noto-core fonts-noto-cjk
    libsdl2-2.0-0 libmosquitto1 libasound2 libxkbcommon0 xkb-data libx11-data libespeak-ng1 espeak-ng-data)
# Building: the -dev packages Package.swift names, and what the Swift toolchain for Debian 12
# needs (swift.org, "Installation via Tarball", Debian 12).
BUILD_PACKAGES=(libegl1-mesa-dev libgles2-mesa-dev libgbm-dev libdrm-dev libevdev-dev libpng-dev libudev-dev
    libturbojpeg0-dev libwebp-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libunibreak-dev libsdl2-dev libmosquitto-dev libasound2-dev libxkbcommon-dev libespeak-ng-dev pkg-config
    binutils-gold gcc git libcurl4-openssl-dev libedit-dev libicu-dev libncurses-dev libpython3-dev
    libsqlite3-dev libxml2-dev tzdata uuid-dev)
# Kernel command line: a quiet boot, the console never blanks, no blinking cursor, no logo.
CMDLINE_WANTED=(quiet loglevel=3 consoleblank=0 vt.global_cursor_default=0 logo.nologo)

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --root) ROOT=${2:?--root needs a directory}; shift ;;
        --root=*) ROOT=${1#--root=} ;;
        --prefix) PREFIX=${2:?--prefix needs a directory}; PREFIX_SET=1; shift ;;
        --prefix=*) PREFIX=${1#--prefix=}; PREFIX_SET=1 ;;
        --binary) BINARY=${2:?--binary needs a file}; shift ;;
        --binary=*) BINARY=${1#--binary=} ;;
        --deb) DEB=${2:?--deb needs a file}; shift ;;
        --deb=*) DEB=${1#--deb=} ;;
        --board) BOARD_SOURCE=${2:?--board needs a directory}; shift ;;
        --board=*) BOARD_SOURCE=${1#--board=} ;;
        --no-packages) PACKAGES=0 ;;
        --no-boot-config) BOOT_CONFIG=0 ;;
        --no-start) START=0 ;;
        --mqtt) MQTT_URL=${2:?--mqtt needs a URL}; shift ;;
        --node) MQTT_NODE=${2:?--node needs a name}; shift ;;
        --mqtt-credentials) MQTT_CREDENTIALS=${2:?--mqtt-credentials needs a file}; shift ;;
        --mqtt-ca) MQTT_CA=${2:?--mqtt-ca needs a file}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=$(cd "$ROOT" && pwd)
CHANGES=0
# What changed, so the service is restarted only when it must be.
CHANGED_BINARY=0
CHANGED_UNIT=0
CHANGED_BOARD=0

say() { printf 'install: %s\n' "$*"; }
warn() { printf 'install: warning: %s\n' "$*" >&2; }
die() { printf 'install: error: %s\n' "$*" >&2; exit 1; }

# A path inside the target system.
in_root() { if [ "$ROOT" = / ]; then printf '%s' "$1"; else printf '%s%s' "$ROOT" "$1"; fi; }
on_live_system() { [ "$ROOT" = / ]; }

# Runs a command that changes the system (or, with --dry-run, prints it).
change() {
    CHANGES=$((CHANGES + 1))
    local shown
    shown=$(printf '%q ' "$@")
    if [ "$DRY_RUN" = 1 ]; then
        say "would run: ${shown% }"
    else
        say "running: ${shown% }"
        "$@"
    fi
}

# Keeps the first version of a file the installer edits, beside it; later runs keep that one.
# Mode and owner are kept (a copy of /etc/shadow must stay private), except on the FAT boot
# partition, which has neither ("plain").
backup_once() {
    local file=$1 how=${2:-keep}
    [ -e "$file" ] || return 0
    [ -e "$file$BACKUP_SUFFIX" ] && return 0
    if [ "$how" = plain ]; then change cp "$file" "$file$BACKUP_SUFFIX"; else change cp -p "$file" "$file$BACKUP_SUFFIX"; fi
}

# Puts the content of SOURCE at DEST if it differs, showing the diff with --dry-run.
# MODE: octal for a new or replaced file, or "edit" to rewrite an existing file in place (its
# mode and owner stay; the FAT boot partition refuses chmod) after a plain backup.
# BACKUP=backup: keep the first version of a replaced DEST (octal modes only).
# Returns 0 when it changed (or would change) something, 1 when DEST was already right.
install_file() {
    local source=$1 dest=$2 mode=$3 backup=${4:-}
    if [ -f "$dest" ] && cmp -s "$source" "$dest"; then return 1; fi
    if [ -f "$dest" ] && [ "$DRY_RUN" = 1 ] && grep -qI . "$source"; then
        diff -u "$dest" "$source" | sed 's/^/    /' || true
    fi
    if [ "$mode" = edit ]; then
        backup_once "$dest" plain
        change cp "$source" "$dest"
    else
        [ "$backup" = backup ] && backup_once "$dest"
        change install -D -m "$mode" "$source" "$dest"
    fi
    return 0
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

preflight() {
    if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then die "run as root (sudo $0 …), or with --dry-run"; fi
    if on_live_system && [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        if [ "${VERSION_ID:-}" != 12 ]; then warn "made for Debian 12 (Raspberry Pi OS bookworm); this is ${PRETTY_NAME:-unknown}"; fi
        case "$(uname -m)" in
            aarch64|x86_64) ;;
            *) warn "$(uname -m): the Swift toolchains need 64-bit Raspberry Pi OS (aarch64)" ;;
        esac
    fi
    if [ "$ROOT" != / ] && [ ! -d "$ROOT/etc" ]; then die "--root $ROOT has no etc/: not a system root"; fi
    if [ -n "$DEB" ]; then check_deb; fi
}

# --deb: everything about the file is checked before anything changes.
check_deb() {
    on_live_system || die "--deb installs through apt on the running system, not into --root $ROOT (boot the system, or use --binary)"
    [ -z "$BINARY" ] || die "--deb and --binary: choose one (the package brings its binary)"
    [ "$PREFIX_SET" = 0 ] || die "--deb and --prefix: the package's binary is /usr/bin/gadgetboard"
    [ -f "$DEB" ] || die "--deb $DEB: no such file"
    local name arch here
    name=$(dpkg-deb --field "$DEB" Package 2>/dev/null) || die "--deb $DEB is not a Debian package"
    [ "$name" = gadgetboard ] || die "--deb $DEB is the package '$name', not gadgetboard"
    arch=$(dpkg-deb --field "$DEB" Architecture)
    here=$(dpkg --print-architecture)
    [ "$arch" = "$here" ] || [ "$arch" = all ] || die "--deb $DEB is built for $arch; this system is $here (build it on a $here machine: scripts/package-deb.sh)"
    DEB=$(cd "$(dirname "$DEB")" && pwd)/$(basename "$DEB")
}

install_packages() {
    local wanted=("${RUNTIME_PACKAGES[@]}") missing=() p
    [ -z "$BINARY" ] && wanted+=("${BUILD_PACKAGES[@]}")
    if [ "$PACKAGES" = 0 ]; then say "packages: skipped (--no-packages)"; return; fi
    if ! on_live_system; then say "packages: skipped (--root): install ${RUNTIME_PACKAGES[*]} in the target"; return; fi
    for p in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then say "packages: all present"; return; fi
    change apt-get update
    change env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

# --deb: the package brings the binary, unit, user, demo board and libraries; apt resolves them.
install_deb() {
    local old_unit=/etc/systemd/system/$SERVICE wants=/etc/systemd/system/multi-user.target.wants/$SERVICE
    local want installed apt
    # An earlier run without --deb put its unit in /etc/systemd/system, where it would hide the
    # package's (/lib/systemd/system) and keep running /usr/local/bin/gadgetboard: moved aside.
    if [ -f "$old_unit" ] && [ ! -L "$old_unit" ]; then
        if [ "$(readlink "$wants" 2>/dev/null)" = "$old_unit" ]; then change rm "$wants"; fi
        change mv "$old_unit" "$old_unit$BACKUP_SUFFIX"
        CHANGED_UNIT=1
    fi
    if [ -x /usr/local/bin/gadgetboard ]; then
        warn "/usr/local/bin/gadgetboard (an install without --deb) is no longer used: the unit runs /usr/bin/gadgetboard; remove it when you like"
    fi
    BINARY=/usr/bin/gadgetboard
    want=$(dpkg-deb --field "$DEB" Version)
    installed=$(dpkg-query -W -f='${Status} ${Version}' gadgetboard 2>/dev/null || true)
    if [ "$installed" = "install ok installed $want" ]; then say "package: gadgetboard $want already installed"; return; fi
    case "$installed" in
        "install ok installed "*) say "package: gadgetboard ${installed##* } -> $want" ;;
        *) say "package: installing gadgetboard $want" ;;
    esac
    # confdef+confold: a board or defaults file the user changed is kept (the new one lands beside
    # it as .dpkg-dist), an unchanged one is updated, and dpkg never stops to ask. Downgrades are
    # allowed: handing this script an older package is how a fleet rolls back.
    apt=(apt-get install -y --no-install-recommends --allow-downgrades
        -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$DEB")
    # The lists are refreshed only when a dependency cannot be found without it (no network needed
    # when every library is already there).
    if [ "$PACKAGES" = 1 ] && ! "${apt[@]}" --simulate >/dev/null 2>&1; then change apt-get update; fi
    change env DEBIAN_FRONTEND=noninteractive "${apt[@]}"
}

# Sets BINARY to a release build of this checkout (unless --binary gave one).
build_binary() {
    if [ -n "$BINARY" ]; then
        [ -x "$BINARY" ] || die "--binary $BINARY is not an executable file"
        return
    fi
    # sudo resets PATH: SWIFT=/path/to/swift, or sudo env "PATH=$PATH" deploy/install.sh
    local swift=${SWIFT:-$(command -v swift || true)}
    [ -n "$swift" ] || die "no swift in PATH: install the Swift toolchain for Debian 12 aarch64 first (docs/raspberry-pi.md, 'Swift'), then run: sudo env \"PATH=\$PATH\" $0, or pass --binary"
    # Build as the user who owns the checkout, not as root, so .build stays theirs.
    local owner
    owner=$(stat -c %U "$REPO")
    local build=("$swift" build --package-path "$REPO" -c release --static-swift-stdlib --product gadgetboard)
    if [ "$DRY_RUN" = 1 ]; then
        say "would build: ${build[*]}"
        BINARY=$REPO/.build/release/gadgetboard
        return
    fi
    say "building (release, Swift runtime linked in; a Pi 4 takes several minutes): ${build[*]}"
    # The speech program beside it (links libespeak-ng: a separate program, GPL-3.0-or-later).
    local speech=("$swift" build --package-path "$REPO" -c release --product gadgetboard-speech)
    if [ "$owner" != root ] && [ "$(id -u)" = 0 ]; then
        runuser -u "$owner" -- "${build[@]}"
        runuser -u "$owner" -- "${speech[@]}" || warn "gadgetboard-speech did not build: the kiosk will run silent"
        BINARY=$(runuser -u "$owner" -- "$swift" build --package-path "$REPO" -c release --show-bin-path)/gadgetboard
    else
        "${build[@]}"
        "${speech[@]}" || warn "gadgetboard-speech did not build: the kiosk will run silent"
        BINARY=$("$swift" build --package-path "$REPO" -c release --show-bin-path)/gadgetboard
    fi
}

install_binary() {
    local dest
    dest=$(in_root "$PREFIX/bin/gadgetboard")
    if [ "$DRY_RUN" = 1 ] && [ ! -e "$BINARY" ]; then
        say "would install the built binary to $dest"; CHANGES=$((CHANGES + 1)); CHANGED_BINARY=1; return
    fi
    if install_file "$BINARY" "$dest" 0755; then CHANGED_BINARY=1; fi
    # Speech: the kiosk looks for gadgetboard-speech beside itself.
    local speech
    speech=$(dirname "$BINARY")/gadgetboard-speech
    if [ -x "$speech" ]; then install_file "$speech" "$(in_root "$PREFIX/bin/gadgetboard-speech")" 0755 || true; fi
}

# User and group edits go through shadow's tools, inside the target with --root.
shadow_tool() {
    local tool=$1; shift
    if on_live_system; then change "$tool" "$@"; else change "$tool" --root "$ROOT" "$@"; fi
}

# Whether the group line in the target's /etc/group lists the user.
in_group() {
    local group=$1 user=$2
    awk -F: -v g="$group" -v u="$user" '$1 == g { n = split($4, m, ","); for (i = 1; i <= n; i++) if (m[i] == u) found = 1 } END { exit !found }' "$(in_root /etc/group)"
}

backup_account_files() {
    local f
    for f in /etc/passwd /etc/group /etc/shadow /etc/gshadow; do backup_once "$(in_root "$f")"; done
}

setup_user() {
    local group_file passwd_file g missing=()
    group_file=$(in_root /etc/group)
    passwd_file=$(in_root /etc/passwd)
    for g in "${KIOSK_GROUPS[@]}"; do
        if ! grep -q "^$g:" "$group_file"; then backup_account_files; shadow_tool groupadd --system "$g"; fi
    done
    if ! grep -q "^$KIOSK_USER:" "$passwd_file"; then
        backup_account_files
        local joined
        joined=$(IFS=,; printf '%s' "${KIOSK_GROUPS[*]}")
        shadow_tool useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "Gadgetboard kiosk" --groups "$joined" "$KIOSK_USER"
        return
    fi
    for g in "${KIOSK_GROUPS[@]}"; do in_group "$g" "$KIOSK_USER" || missing+=("$g"); done
    if [ ${#missing[@]} -gt 0 ]; then
        backup_account_files
        shadow_tool usermod --append --groups "$(IFS=,; printf '%s' "${missing[*]}")" "$KIOSK_USER"
    fi
    say "user: $KIOSK_USER in ${KIOSK_GROUPS[*]}"
}

install_board() {
    local dir file
    dir=$(in_root /etc/gadgetboard)
    if [ -n "$BOARD_SOURCE" ]; then
        [ -f "$BOARD_SOURCE/board.json" ] || die "--board $BOARD_SOURCE has no board.json"
        while IFS= read -r -d '' file; do
            local rel=${file#"$BOARD_SOURCE"/}
            if install_file "$file" "$dir/$rel" 0644 backup; then CHANGED_BOARD=1; fi
        done < <(find "$BOARD_SOURCE" -type f -print0 | sort -z)
        return
    fi
    if [ -f "$dir/board.json" ]; then say "board: keeping $dir/board.json"; return; fi
    # The demo board, exported by the binary itself so it always matches the build.
    if [ "$DRY_RUN" = 1 ]; then
        say "would run: $BINARY demo --export $dir"; CHANGES=$((CHANGES + 1)); CHANGED_BOARD=1; return
    fi
    change mkdir -p "$dir"
    change "$BINARY" demo --export "$dir"
    [ -f "$dir/board.json" ] || die "gadgetboard demo --export $dir wrote no board.json"
    CHANGED_BOARD=1
}

install_defaults() {
    local dest
    dest=$(in_root /etc/default/gadgetboard)
    [ -e "$dest" ] && return
    # The same file the Debian package ships as a conffile.
    install_file "$REPO/deploy/gadgetboard.default" "$dest" 0644 || true
}

install_unit() {
    local dest
    dest=$(in_root "/etc/systemd/system/$SERVICE")
    sed "s#/usr/local/bin/gadgetboard#$PREFIX/bin/gadgetboard#g; s#/dev/tty1#/dev/$PANEL_VT#g; s#getty@tty1#getty@$PANEL_VT#g" \
        "$REPO/deploy/$SERVICE" >"$WORK/$SERVICE"
    if install_file "$WORK/$SERVICE" "$dest" 0644; then CHANGED_UNIT=1; fi
}

# MQTT (docs/mqtt.md): the drop-in that lets the kiosk reach its broker, the options it reads,
# and the credentials (never in the options: ExecStart's command line is visible to every user).
install_mqtt() {
    [ -n "$MQTT_URL" ] || return 0
    [ -n "$MQTT_NODE" ] || die "--mqtt needs --node NAME"
    case "$MQTT_URL$MQTT_NODE" in *[[:space:]\"\'\$\`]*) die "--mqtt and --node: no spaces, quotes, \$ or backquotes" ;; esac
    case "$MQTT_URL" in *@*) die "--mqtt: no user or password in the URL; use --mqtt-credentials FILE" ;; esac
    local etc opts
    etc=$(in_root /etc/gadgetboard)
    if install_file "$REPO/deploy/gadgetboard-mqtt.conf" "$(in_root "/etc/systemd/system/$SERVICE.d")/mqtt.conf" 0644; then CHANGED_UNIT=1; fi
    opts="--mqtt $MQTT_URL --node $MQTT_NODE"
    if [ -n "$MQTT_CREDENTIALS" ]; then
        [ -f "$MQTT_CREDENTIALS" ] || die "--mqtt-credentials $MQTT_CREDENTIALS: no such file"
        if install_file "$MQTT_CREDENTIALS" "$etc/mqtt-credentials" 0640; then CHANGED_UNIT=1; fi
        # The group as the target system numbers it (with --root, the host's names do not apply).
        local gid
        gid=$(awk -F: -v g="$KIOSK_USER" '$1 == g {print $3}' "$(in_root /etc/group)")
        if [ -z "$gid" ]; then
            [ "$DRY_RUN" = 1 ] || die "no group $KIOSK_USER in $(in_root /etc/group)"
        elif [ "$(stat -c %g "$etc/mqtt-credentials" 2>/dev/null)" != "$gid" ]; then
            change chgrp "$gid" "$etc/mqtt-credentials"
        fi
        opts="$opts --mqtt-credentials /etc/gadgetboard/mqtt-credentials"
    fi
    if [ -n "$MQTT_CA" ]; then
        [ -f "$MQTT_CA" ] || die "--mqtt-ca $MQTT_CA: no such file"
        if install_file "$MQTT_CA" "$etc/mqtt-ca.pem" 0644; then CHANGED_UNIT=1; fi
        opts="$opts --mqtt-ca /etc/gadgetboard/mqtt-ca.pem"
    fi
    printf '# Written by deploy/install.sh --mqtt; read by gadgetboard.service.d/mqtt.conf (docs/mqtt.md).\nGADGETBOARD_MQTT_OPTIONS="%s"\n' "$opts" >"$WORK/mqtt.env"
    if install_file "$WORK/mqtt.env" "$etc/mqtt.env" 0644; then CHANGED_UNIT=1; fi
    say "mqtt: $MQTT_URL as node $MQTT_NODE"
}

systemctl_in_root() {
    if on_live_system; then change systemctl "$@"; else change systemctl --root="$ROOT" "$@"; fi
}

enable_units() {
    local wants
    wants=$(in_root "/etc/systemd/system/multi-user.target.wants/$SERVICE")
    if [ ! -L "$wants" ]; then systemctl_in_root enable "$SERVICE"; fi
    mask_getty
    say "units: $SERVICE enabled, getty@$PANEL_VT masked"
}

# Not a package's business (it would change a unit it does not own), so done here in both modes.
mask_getty() {
    local getty
    # Masked, not just disabled: getty.target would otherwise start it again on the next boot.
    getty=$(in_root "/etc/systemd/system/getty@$PANEL_VT.service")
    if [ "$(readlink "$getty" 2>/dev/null)" != /dev/null ]; then systemctl_in_root mask "getty@$PANEL_VT.service"; fi
}

# The boot partition: /boot/firmware on bookworm, /boot before it.
boot_dir() {
    local d
    for d in /boot/firmware /boot; do
        if [ -f "$(in_root "$d")/config.txt" ]; then in_root "$d"; return 0; fi
    done
    return 1
}

edit_config_txt() {
    local file=$1 new=$WORK/config.txt
    cp "$file" "$new"
    # fkms is deprecated and tears; the full KMS driver is what Gadgetboard's page flips need.
    sed -i 's/^\([[:space:]]*dtoverlay=vc4-fkms-v3d.*\)$/# gadgetboard: fkms tears, replaced by vc4-kms-v3d: \1/' "$new"
    local add=()
    grep -Eq '^[[:space:]]*dtoverlay=vc4-kms-v3d([,[:space:]]|$)' "$new" || add+=(dtoverlay=vc4-kms-v3d)
    grep -Eq '^[[:space:]]*disable_splash=1' "$new" || add+=(disable_splash=1)
    if [ ${#add[@]} -gt 0 ]; then
        local last section
        last=$(tail -c1 "$new")
        # Settings after a [pi4]-style filter would apply to that model only: add ours under
        # [all], reusing the file's last section header when it already is [all].
        section=$(grep -E '^[[:space:]]*\[' "$new" | tail -n1 | tr -d '[:space:]')
        {
            [ -n "$last" ] && echo  # the file did not end with a newline
            [ "$section" = "[all]" ] || printf '\n[all]\n'
            printf '# gadgetboard: KMS display driver and a quiet boot (deploy/install.sh)\n'
            printf '%s\n' "${add[@]}"
        } >>"$new"
    fi
    install_file "$new" "$file" edit || true
}

edit_cmdline_txt() {
    local file=$1 new=$WORK/cmdline.txt token t key wanted_keys=" " current=() kept=() ours=()
    # read fails at end of file when the line has no final newline; the tokens are read anyway
    read -r -a current <"$file" || true
    for token in "${CMDLINE_WANTED[@]}"; do wanted_keys+="${token%%=*} "; done
    # Every other token stays where it is; old values of the keys we set go.
    for t in "${current[@]}"; do
        key=${t%%=*}
        case "$wanted_keys" in *" $key "*) ours+=("$t") ;; *) kept+=("$t") ;; esac
    done
    # Already right (every wanted token there, no other value of those keys): leave the file as
    # it is, even if our tokens are in another order.
    if [ ${#ours[@]} -eq ${#CMDLINE_WANTED[@]} ]; then
        local absent=0
        for token in "${CMDLINE_WANTED[@]}"; do
            case " ${ours[*]} " in *" $token "*) ;; *) absent=1 ;; esac
        done
        [ "$absent" = 0 ] && return 0
    fi
    printf '%s\n' "${kept[*]} ${CMDLINE_WANTED[*]}" >"$new"
    install_file "$new" "$file" edit || true
}

check_boot_config() {
    local dir=$1 token problems=0
    if [ "$DRY_RUN" = 1 ]; then return; fi
    grep -Eq '^[[:space:]]*dtoverlay=vc4-kms-v3d([,[:space:]]|$)' "$dir/config.txt" || { warn "config.txt: no dtoverlay=vc4-kms-v3d"; problems=1; }
    for token in "${CMDLINE_WANTED[@]}"; do
        case " $(head -n1 "$dir/cmdline.txt") " in *" $token "*) ;; *) warn "cmdline.txt: $token missing"; problems=1 ;; esac
    done
    [ "$problems" = 0 ] && say "boot config: dtoverlay=vc4-kms-v3d; cmdline ${CMDLINE_WANTED[*]}"
    if on_live_system && [ -r /proc/cmdline ]; then
        local pending=()
        for token in "${CMDLINE_WANTED[@]}"; do
            case " $(cat /proc/cmdline) " in *" $token "*) ;; *) pending+=("$token") ;; esac
        done
        [ ${#pending[@]} -gt 0 ] && say "boot config: reboot to apply (${pending[*]} not in the running kernel's command line)"
    fi
    return 0
}

configure_boot() {
    if [ "$BOOT_CONFIG" = 0 ]; then say "boot config: skipped (--no-boot-config)"; return; fi
    local dir
    if ! dir=$(boot_dir); then warn "no config.txt in /boot/firmware or /boot: not a Raspberry Pi boot partition, boot config skipped"; return; fi
    edit_config_txt "$dir/config.txt"
    if [ -f "$dir/cmdline.txt" ]; then edit_cmdline_txt "$dir/cmdline.txt"; else warn "$dir/cmdline.txt missing"; fi
    check_boot_config "$dir"
}

start_service() {
    if [ "$START" = 0 ] || ! on_live_system; then return; fi
    if [ ! -d /run/systemd/system ]; then say "service: systemd is not running here; it starts at the next boot"; return; fi
    [ "$CHANGED_UNIT" = 1 ] && change systemctl daemon-reload
    if ! systemctl is-active --quiet "$SERVICE"; then
        change systemctl start "$SERVICE"
    elif [ "$CHANGED_BINARY" = 1 ] || [ "$CHANGED_UNIT" = 1 ]; then
        change systemctl restart "$SERVICE"
    elif [ "$CHANGED_BOARD" = 1 ]; then
        change systemctl reload "$SERVICE"
    fi
    if [ "$DRY_RUN" = 0 ]; then say "service: $(systemctl is-active "$SERVICE" || true)"; fi
}

preflight
if [ -n "$DEB" ]; then
    # The package did the binary, user, board, defaults and unit (enabled; started, or restarted
    # on an upgrade): what is left is the user's board, MQTT's drop-in, the getty and the boot partition.
    install_deb
    # Without --board the package's board (or the user's, a conffile it keeps) stays.
    if [ -n "$BOARD_SOURCE" ]; then install_board; fi
    install_mqtt
    mask_getty
    say "units: $SERVICE enabled by the package, getty@$PANEL_VT masked"
else
    install_packages
    build_binary
    install_binary
    setup_user
    install_board
    install_defaults
    install_unit
    install_mqtt
    enable_units
fi
configure_boot
start_service

if [ "$CHANGES" = 0 ]; then
    say "nothing to change: $ROOT is already a Gadgetboard kiosk"
elif [ "$DRY_RUN" = 1 ]; then
    say "dry run: $CHANGES change(s) would be made"
else
    say "done: $CHANGES change(s)"
fi
