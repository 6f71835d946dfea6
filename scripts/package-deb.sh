#!/usr/bin/env bash
# Builds the Debian package gadgetboard_VERSION_ARCH.deb for the machine it runs on (arm64 on a
# Pi, amd64 on a PC) with Debian's own tools, writes it into dist/ and prints its path as the
# last line of output.
#
#   scripts/package-deb.sh                    release build (Swift runtime linked in), package, lintian
#   scripts/package-deb.sh --binary FILE      package this release binary instead of building one
#   scripts/package-deb.sh --out DIR          write the package into DIR instead of dist/
#   scripts/package-deb.sh --version V        use V instead of the computed version
#   scripts/package-deb.sh --no-lintian       skip the lintian check
#
# Contents: /usr/bin/gadgetboard; the unit deploy/gadgetboard.service as it is in this checkout
# (ExecStart pointed at /usr/bin) in /lib/systemd/system; the demo board (exported by the binary
# itself) as /etc/gadgetboard and /etc/default/gadgetboard, both conffiles (an upgrade never
# overwrites a changed board); the maintainer scripts of deploy/deb/ (the gadgetboard user in
# video/input/render; the unit enabled, started, restarted on upgrade, stopped on removal);
# drop-in examples from deploy/ under /usr/share/doc/gadgetboard/examples when there are any.
# Beside it, when their programs were built: gadgetboard-speech and gadgetboard-web (the latter with
# its systemd units and user: helper_package, below).
# Depends: the runtime libraries by their Debian names from dpkg-shlibdeps, plus what no shared
# library names (deploy/deb/control says which and why).
#
# VERSION (docs/raspberry-pi.md, "Versions"): the file VERSION (e.g. 0.1.0), then
# +git<commits>.<hash> from git: 0.1.0+git256.e30b08b. The commit count grows with every commit
# on main, so apt orders builds of main correctly and an upgrade is always "newer". A tree with
# uncommitted changes gets .dirty appended (and a warning). Without .git (a tarball): VERSION
# alone, which sorts before every git build of the same VERSION.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$REPO/dist
BINARY=""
VERSION=""
LINTIAN=auto
PACKAGE=gadgetboard
# Who the fleet's packages come from: set GADGETBOARD_MAINTAINER="Name <address>" for yours.
MAINTAINER=${GADGETBOARD_MAINTAINER:-Gadgetboard kiosk builders <gadgetboard@example.org>}

say() { printf 'package-deb: %s\n' "$*" >&2; }
die() { printf 'package-deb: error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --binary) BINARY=${2:?--binary needs a file}; shift ;;
        --binary=*) BINARY=${1#--binary=} ;;
        --out) OUT=${2:?--out needs a directory}; shift ;;
        --out=*) OUT=${1#--out=} ;;
        --version) VERSION=${2:?--version needs a version}; shift ;;
        --version=*) VERSION=${1#--version=} ;;
        --no-lintian) LINTIAN=no ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
    shift
done

for tool in dpkg-deb dpkg-shlibdeps dpkg-gencontrol readelf objcopy strip gzip cc pkg-config; do
    command -v "$tool" >/dev/null || die "$tool missing: scripts/install-deps.sh --package installs the packaging tools"
done
ARCH=$(dpkg --print-architecture)

# The version: see the header.
if [ -z "$VERSION" ]; then
    [ -r "$REPO/VERSION" ] || die "no VERSION file in $REPO"
    VERSION=$(tr -d '[:space:]' <"$REPO/VERSION")
    if git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
        VERSION+="+git$(git -C "$REPO" rev-list --count HEAD).$(git -C "$REPO" rev-parse --short=7 HEAD)"
        if [ -n "$(git -C "$REPO" status --porcelain --untracked-files=no)" ]; then
            VERSION+=.dirty
            say "warning: uncommitted changes: version $VERSION (commit before building for a fleet)"
        fi
    fi
fi
# dpkg's own check of the syntax, so a bad --version fails here with one line, not in dpkg-deb.
dpkg --validate-version "$VERSION" 2>/dev/null || die "'$VERSION' is not a valid Debian version"
# Reproducible timestamps: the commit's time (or SOURCE_DATE_EPOCH when the caller set one).
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git -C "$REPO" log -1 --format=%ct 2>/dev/null || stat -c %Y "$REPO/VERSION")
fi
export SOURCE_DATE_EPOCH

# The binary: a release build with the Swift runtime linked in (no toolchain on the kiosk).
if [ -z "$BINARY" ]; then
    command -v swift >/dev/null || die "no swift in PATH (docs/raspberry-pi.md, 'Swift'), or pass --binary"
    say "building: swift build -c release --static-swift-stdlib --product gadgetboard (and gadgetboard-speech)"
    swift build --package-path "$REPO" -c release --static-swift-stdlib --product gadgetboard >&2 || die "swift build failed"
    swift build --package-path "$REPO" -c release --static-swift-stdlib --product gadgetboard-speech >&2 || die "swift build of gadgetboard-speech failed (libespeak-ng-dev: scripts/install-deps.sh)"
    # The web helper (issue 40) links WPE WebKit: built when the package has its product, else said.
    if grep -q '"gadgetboard-web"' "$REPO/Package.swift"; then
        swift build --package-path "$REPO" -c release --static-swift-stdlib --product gadgetboard-web >&2 ||
            die "swift build of gadgetboard-web failed (libwpewebkit-1.1-dev, libwpebackend-fdo-1.0-dev: scripts/install-deps.sh)"
    fi
    BINARY=$(swift build --package-path "$REPO" -c release --show-bin-path)/gadgetboard
fi
if [ ! -f "$BINARY" ] || [ ! -x "$BINARY" ]; then die "--binary $BINARY is not an executable file"; fi
needed=$(readelf -d "$BINARY" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p') || true
[ -n "$needed" ] || die "$BINARY is not a dynamically linked ELF binary"
if grep -q '^libswift\|^libFoundation\|^libdispatch\|^libBlocksRuntime' <<<"$needed"; then
    die "$BINARY needs the Swift runtime ($(grep '^libswift\|^libFoundation\|^libdispatch' <<<"$needed" | tr '\n' ' ')): build it with --static-swift-stdlib"
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/debian"
ROOT=$WORK/debian/$PACKAGE
DOC=$ROOT/usr/share/doc/$PACKAGE
install -d "$ROOT/DEBIAN" "$ROOT/usr/bin" "$ROOT/lib/systemd/system" "$ROOT/etc/default" "$DOC" \
    "$ROOT/usr/share/lintian/overrides"

# The binary stripped as dh_strip does (half its size). Its dynamic symbol table stays (SwiftPM
# exports the executable's symbols), so the backtrace the Swift runtime logs on a watchdog abort
# still names most functions. The debug information goes beside the package, as
# gadgetboard_VERSION_ARCH.debug, matched by build id: `gdb /usr/bin/gadgetboard -s FILE.debug`.
install -d "$ROOT/usr/share/man/man1"
mkdir -p "$OUT"
DEBUG_FILE=$(cd "$OUT" && pwd)/${PACKAGE}_${VERSION}_${ARCH}.debug
objcopy --only-keep-debug --compress-debug-sections "$BINARY" "$DEBUG_FILE"
strip --remove-section=.comment --remove-section=.note --strip-unneeded -o "$ROOT/usr/bin/gadgetboard" "$BINARY"
chmod 0755 "$ROOT/usr/bin/gadgetboard"
gzip -9n <"$REPO/deploy/deb/gadgetboard.1" >"$ROOT/usr/share/man/man1/gadgetboard.1.gz"

# The unit as this checkout has it, with the package's binary path.
sed 's#/usr/local/bin/gadgetboard#/usr/bin/gadgetboard#g' "$REPO/deploy/gadgetboard.service" \
    >"$ROOT/lib/systemd/system/gadgetboard.service"
grep -q '^ExecStart=/usr/bin/gadgetboard ' "$ROOT/lib/systemd/system/gadgetboard.service" ||
    die "deploy/gadgetboard.service: ExecStart does not run /usr/local/bin/gadgetboard, the path this script rewrites"

# The demo board, exported by the binary itself so it always matches the build.
"$BINARY" demo --export "$ROOT/etc/gadgetboard" >/dev/null || die "$BINARY demo --export failed"
[ -f "$ROOT/etc/gadgetboard/board.json" ] || die "gadgetboard demo --export wrote no board.json"
install -m 0644 "$REPO/deploy/gadgetboard.default" "$ROOT/etc/default/gadgetboard"

# Drop-in examples other parts of the repository may add (MQTT's network access, …): shipped as
# documentation, never active by themselves. None is fine.
shopt -s nullglob
examples=("$REPO"/deploy/*.conf "$REPO"/deploy/gadgetboard.service.d/*.conf "$REPO"/deploy/examples/*)
shopt -u nullglob
if [ ${#examples[@]} -gt 0 ]; then
    install -d "$DOC/examples"
    for f in "${examples[@]}"; do [ -f "$f" ] && install -m 0644 "$f" "$DOC/examples/"; done
fi

install -m 0644 "$REPO/deploy/deb/copyright" "$DOC/copyright"
install -m 0644 "$REPO/deploy/deb/lintian-overrides" "$ROOT/usr/share/lintian/overrides/$PACKAGE"
for script in postinst prerm postrm; do install -m 0755 "$REPO/deploy/deb/$script" "$ROOT/DEBIAN/$script"; done

# A native package's changelog: this build, and what it is made of.
commit=$(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo "no git metadata")
{
    printf '%s (%s) bookworm; urgency=medium\n\n' "$PACKAGE" "$VERSION"
    printf '  * Built from %s by scripts/package-deb.sh.\n' "${commit:0:12}"
    # The latest commits, each cut to the 80 columns a changelog line may have.
    git -C "$REPO" log -10 --format='  * %s' 2>/dev/null | cut -c1-80 || true
    printf '\n -- %s  %s\n' "$MAINTAINER" \
        "$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} >"$WORK/debian/changelog"
gzip -9n <"$WORK/debian/changelog" >"$DOC/changelog.gz"
chmod 0644 "$DOC/changelog.gz"

sed -e "s#@MAINTAINER@#$MAINTAINER#" \
    -e "s#@HOMEPAGE@#${GADGETBOARD_HOMEPAGE:-https://github.com/gadgetboard/gadgetboard}#" \
    "$REPO/deploy/deb/control" >"$WORK/debian/control"

# Every file under /etc is a conffile: dpkg keeps the user's version on upgrade (and asks, or
# follows --force-confold/--force-confnew, when both changed).
(cd "$ROOT" && find etc -type f | sort | sed 's#^#/#') >"$ROOT/DEBIAN/conffiles"

# Depends: the binary's libraries by their Debian package names, with the minimum versions the
# libraries' symbols files ask for. The libraries it opens on first use (Sources/CLazyLink:
# FFmpeg, libcurl, SDL2, libmosquitto, ALSA, libxkbcommon, by these pkg-config names) are not in its NEEDED list, so
# an empty shared object, outside the package, that refers to the functions the forwards name
# (each F(…)/V(…) line of Sources/C*/*_forwards.c) brings them in too, with the minimum versions
# those functions need (SDL_GetTicks64: SDL 2.0.18).
LAZY_LIBRARIES="libavformat libavcodec libavutil libswresample libcurl sdl2 libmosquitto alsa xkbcommon"
LAZY_SYMBOLS=$(sed -nE 's/^ *[FV]\([0-9], (.*, )?([A-Za-z_][A-Za-z0-9_]*), \(.*/\2/p' "$REPO"/Sources/C*/*_forwards.c)
[ -n "$LAZY_SYMBOLS" ] || die "no forwarded functions found in Sources/C*/*_forwards.c"
mkdir -p "$WORK/lazy"
# shellcheck disable=SC2046,SC2086 # pkg-config's flags are words
cc -shared -o "$WORK/lazy/libgadgetboard-lazy.so" -x c /dev/null $(printf -- '-Wl,-u,%s ' $LAZY_SYMBOLS) \
    -Wl,--no-as-needed $(pkg-config --libs $LAZY_LIBRARIES) ||
    die "cannot link against the libraries opened on first use ($LAZY_LIBRARIES): their -dev packages (scripts/install-deps.sh)"
(cd "$WORK" && dpkg-shlibdeps -Tdebian/substvars "debian/$PACKAGE/usr/bin/gadgetboard") ||
    die "dpkg-shlibdeps failed: is every library the binary needs from a Debian package?"
# ${lazy:Depends}; --warnings=0: the stub uses none of their symbols by design.
(cd "$WORK" && dpkg-shlibdeps -Tdebian/substvars -plazy --warnings=0 "lazy/libgadgetboard-lazy.so") ||
    die "dpkg-shlibdeps failed for the libraries opened on first use ($LAZY_LIBRARIES)"
printf 'misc:Depends=\n' >>"$WORK/debian/substvars"
(cd "$ROOT" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$ROOT/DEBIAN/md5sums"
chmod 0644 "$ROOT/DEBIAN/md5sums" "$ROOT/DEBIAN/conffiles"
(cd "$WORK" && dpkg-gencontrol -p"$PACKAGE" -v"$VERSION" -DArchitecture="$ARCH" -fdebian/files -P"debian/$PACKAGE") ||
    die "dpkg-gencontrol failed"

find "$ROOT" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$OUT"
DEB=$(cd "$OUT" && pwd)/${PACKAGE}_${VERSION}_${ARCH}.deb
dpkg-deb --root-owner-group -Zxz --build "$ROOT" "$DEB" >&2 || die "dpkg-deb --build failed"
say "$(dpkg-deb -f "$DEB" Package Version Architecture Installed-Size | tr '\n' ' ')"
say "Depends: $(dpkg-deb -f "$DEB" Depends)"
# The sizes a fleet downloads and installs, logged with every build (docs/BENCHMARKS.md cites the
# fresh-clone run's log for them).
say "sizes: package $(stat -c %s "$DEB") bytes, installed $(dpkg-deb -f "$DEB" Installed-Size) KiB, binary $(stat -c %s "$ROOT/usr/bin/gadgetboard") bytes"

# A helper program in a package of its own, which the kiosk's Recommends: NAME's binary BINARY
# installed in DIR (as DIR/NAME), with deploy/deb/<NAME without gadgetboard->/{control,copyright}
# and the maintainer scripts and lintian-overrides there when it has them, and NAME's systemd
# units from deploy/ (NAME.socket, NAME.service, NAME@.service) when there are any; Depends from
# dpkg-shlibdeps. Sets HELPER_DEB to the package's path.
helper_package() {
    local name=$1 binary=$2 dir=$3
    local root=$WORK/debian/$name source=$REPO/deploy/deb/${1#gadgetboard-}
    local doc=$root/usr/share/doc/$name
    install -d "$root/DEBIAN" "$root$dir" "$doc"
    strip --remove-section=.comment --remove-section=.note --strip-unneeded -o "$root$dir/$name" "$binary"
    chmod 0755 "$root$dir/$name"
    install -m 0644 "$source/copyright" "$doc/copyright"
    install -m 0644 "$DOC/changelog.gz" "$doc/changelog.gz"
    local script unit
    for script in postinst prerm postrm; do
        if [ -f "$source/$script" ]; then install -m 0755 "$source/$script" "$root/DEBIAN/$script"; fi
    done
    if [ -f "$source/lintian-overrides" ]; then
        install -D -m 0644 "$source/lintian-overrides" "$root/usr/share/lintian/overrides/$name"
    fi
    for unit in "$REPO/deploy/$name.socket" "$REPO/deploy/$name.service" "$REPO/deploy/$name@.service"; do
        if [ -f "$unit" ]; then install -D -m 0644 "$unit" "$root/lib/systemd/system/$(basename "$unit")"; fi
    done
    sed -e "s#@MAINTAINER@#$MAINTAINER#" -e "s#@HOMEPAGE@#${GADGETBOARD_HOMEPAGE:-https://github.com/gadgetboard/gadgetboard}#" \
        "$source/control" >"$WORK/debian/control"
    : >"$WORK/debian/substvars"
    (cd "$WORK" && dpkg-shlibdeps -Tdebian/substvars "debian/$name$dir/$name") || die "dpkg-shlibdeps failed for $name"
    printf 'misc:Depends=\n' >>"$WORK/debian/substvars"
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
    chmod 0644 "$root/DEBIAN/md5sums"
    (cd "$WORK" && dpkg-gencontrol -p"$name" -v"$VERSION" -DArchitecture="$ARCH" -fdebian/files -P"debian/$name") ||
        die "dpkg-gencontrol failed for $name"
    find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    HELPER_DEB=$(cd "$OUT" && pwd)/${name}_${VERSION}_${ARCH}.deb
    dpkg-deb --root-owner-group -Zxz --build "$root" "$HELPER_DEB" >&2 || die "dpkg-deb --build failed for $name"
    say "$(dpkg-deb -f "$HELPER_DEB" Package Version Depends | tr '\n' ' ')"
}

# gadgetboard-speech: the speech program (it links libespeak-ng, GPL-3.0-or-later) in a package of
# its own, which the kiosk's Recommends; found beside the kiosk's binary. Not built: said, skipped.
SPEECH_BINARY=$(dirname "$BINARY")/gadgetboard-speech
SPEECH_DEB=""
if [ -x "$SPEECH_BINARY" ]; then
    helper_package gadgetboard-speech "$SPEECH_BINARY" /usr/bin
    SPEECH_DEB=$HELPER_DEB
    say "speech package: $SPEECH_DEB"
else
    say "no gadgetboard-speech beside $BINARY: the speech package is not built (the kiosk runs silent without it)"
fi

# gadgetboard-web: the web helper (it links WPE WebKit, ~84 MB installed with its libraries) in a
# package of its own, which the kiosk's Recommends, so a kiosk without web pages carries no WebKit;
# installed in /usr/libexec/gadgetboard/, where the kiosk looks (docs/web.md), with
# gadgetboard-web.socket and gadgetboard-web@.service (the helper under its own user, memory limit
# and CPU share; the socket enabled and started by its postinst). Not built: said, skipped.
WEB_BINARY=$(dirname "$BINARY")/gadgetboard-web
WEB_DEB=""
if [ -x "$WEB_BINARY" ]; then
    helper_package gadgetboard-web "$WEB_BINARY" /usr/libexec/gadgetboard
    WEB_DEB=$HELPER_DEB
    say "web package: $WEB_DEB"
else
    say "no gadgetboard-web beside $BINARY: the web package is not built (web gadgets show their background without it)"
fi

if [ "$LINTIAN" = auto ]; then
    if command -v lintian >/dev/null; then
        # Errors fail the build; warnings are shown (deploy/deb/lintian-overrides justifies the rest).
        lintian --fail-on error "$DEB" >&2 || die "lintian reports errors in $DEB"
        if [ -n "$SPEECH_DEB" ]; then lintian --fail-on error "$SPEECH_DEB" >&2 || die "lintian reports errors in $SPEECH_DEB"; fi
        if [ -n "$WEB_DEB" ]; then lintian --fail-on error "$WEB_DEB" >&2 || die "lintian reports errors in $WEB_DEB"; fi
        say "lintian: no errors"
    else
        say "lintian not installed: not checked (scripts/install-deps.sh --package installs it)"
    fi
fi
echo "$DEB"
