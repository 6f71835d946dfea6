#!/usr/bin/env bash
# Checks a package made by scripts/package-deb.sh without installing it on this machine: its
# control fields and Depends (computed, by Debian names), its contents (binary without the Swift
# runtime, the unit pointed at /usr/bin, conffiles, maintainer scripts), lintian, and the
# docs/raspberry-pi.md recipe for a fleet's apt repository (reprepro; apt reads it from a file://
# source with its own state directories, so this machine's apt configuration is untouched).
# Installing, upgrading and removing it is the boot test's part (in-vm.sh), on a VM's root.
# The web package beside it (gadgetboard-web_VERSION_ARCH.deb, or the second argument): its
# control fields, the helper, its units (as deploy/ has them, and `systemd-analyze verify`
# clean with the kiosk's unit, as installed), its maintainer scripts, lintian.
# Root (reprepro and apt want it only for their own temp dirs; any user works). About 1 minute,
# most of it lintian.
#   bash Tests/boot/deb-test.sh dist/gadgetboard_VERSION_ARCH.deb [dist/gadgetboard-web_VERSION_ARCH.deb]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$HERE/lib.sh"
DEB=${1:?usage: deb-test.sh PACKAGE.deb}
[ -f "$DEB" ] || fail "no package at $DEB"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

shellcheck -x "$REPO/scripts/package-deb.sh" || fail "shellcheck package-deb.sh"
shellcheck -s sh "$REPO"/deploy/deb/{postinst,prerm,postrm} "$REPO"/deploy/deb/web/{postinst,prerm,postrm} ||
    fail "shellcheck of the maintainer scripts"
pass "shellcheck clean: package-deb.sh and the maintainer scripts"

# 1. Control fields.
field() { dpkg-deb -f "$DEB" "$1"; }
ARCH=$(dpkg --print-architecture)
VERSION=$(field Version)
[ "$(field Package)" = gadgetboard ] || fail "Package: $(field Package)"
[ "$(field Architecture)" = "$ARCH" ] || fail "Architecture: $(field Architecture), expected $ARCH"
[ "$(basename "$DEB")" = "gadgetboard_${VERSION}_${ARCH}.deb" ] || fail "file name $(basename "$DEB") does not match $VERSION/$ARCH"
depends=$(field Depends)
# dpkg-shlibdeps' output: every library the binary links (its NEEDED entries, read from the
# binary itself, so a library a later merge adds is checked without editing this list), by the
# Debian package that ships it on this machine.
dpkg-deb --fsys-tarfile "$DEB" | tar -x -C "$WORK" ./usr/bin/gadgetboard
needed=$(readelf -d "$WORK/usr/bin/gadgetboard" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || fail "the packaged binary has no NEEDED libraries"
checked=0
for so in $needed; do
    # The package that ships a file named exactly $so (dpkg's own records; ldconfig's cache
    # can be stale and misses /usr/lib on Debian's multiarch layout).
    pkg=$(dpkg-query -S "*/$so" 2>/dev/null | awk -v so="$so" -F': ' '{ n = split($2, p, "/"); if (p[n] == so) { sub(/:.*/, "", $1); print $1; exit } }')
    [ -n "$pkg" ] || fail "the binary needs $so, which no installed Debian package ships"
    # The name as a literal in the pattern: libstdc++6's "+" is an operator in an ERE.
    pkg_re=$(printf '%s' "$pkg" | sed 's/[][\.*^$+?(){}|]/\\&/g')
    grep -Eq "(^|, |\| )$pkg_re( \(|,|$| \|)" <<<"$depends" || fail "Depends lacks $pkg (for $so): $depends"
    checked=$((checked + 1))
done
# By hand (deploy/deb/control says why).
for pkg in adduser libegl-mesa0 libgl1-mesa-dri fonts-dejavu-core; do
    grep -Eq "(^|, )$pkg(,|$| )" <<<"$depends" || fail "Depends lacks $pkg: $depends"
done
if grep -qi swift <<<"$depends"; then fail "Depends names a Swift package: $depends"; fi
pass "control: gadgetboard $VERSION $ARCH; Depends from dpkg-shlibdeps (all $checked linked libraries) + adduser, Mesa's drivers, DejaVu"

# 2. Contents.
dpkg-deb -x "$DEB" "$WORK/root"
dpkg-deb -e "$DEB" "$WORK/DEBIAN"
R=$WORK/root
[ -x "$R/usr/bin/gadgetboard" ] || fail "no /usr/bin/gadgetboard"
if readelf -d "$R/usr/bin/gadgetboard" | grep NEEDED | grep -q 'libswift\|libFoundation\|libdispatch'; then
    fail "the binary needs the Swift runtime: $(readelf -d "$R/usr/bin/gadgetboard" | grep NEEDED | grep -o 'libswift[^]]*' | tr '\n' ' ')"
fi
unit=$R/lib/systemd/system/gadgetboard.service
[ -f "$unit" ] || fail "no /lib/systemd/system/gadgetboard.service"
diff <(sed 's#/usr/local/bin/gadgetboard#/usr/bin/gadgetboard#g' "$REPO/deploy/gadgetboard.service") "$unit" >/dev/null ||
    fail "the unit is not deploy/gadgetboard.service with /usr/bin"
grep -q '^ExecStart=/usr/bin/gadgetboard run /etc/gadgetboard/board.json ' "$unit" || fail "ExecStart: $(grep ExecStart "$unit")"
[ -f "$R/etc/gadgetboard/board.json" ] || fail "no demo board in /etc/gadgetboard"
python3 "$REPO/scripts/check-board-schema.py" "$R/etc/gadgetboard/board.json" >/dev/null || fail "the demo board fails the schema"
cmp -s "$REPO/deploy/gadgetboard.default" "$R/etc/default/gadgetboard" || fail "/etc/default/gadgetboard differs from deploy/gadgetboard.default"
expected=$(cd "$R" && find etc -type f | sed 's#^#/#' | sort)
[ "$(sort "$WORK/DEBIAN/conffiles")" = "$expected" ] || fail "conffiles are not every file in /etc: $(cat "$WORK/DEBIAN/conffiles")"
for s in postinst prerm postrm; do [ -x "$WORK/DEBIAN/$s" ] || fail "no $s"; done
grep -q 'deb-systemd-helper enable' "$WORK/DEBIAN/postinst" || fail "postinst does not enable the unit"
grep -q 'adduser --quiet --system' "$WORK/DEBIAN/postinst" || fail "postinst does not create the user"
for f in copyright changelog.gz; do [ -f "$R/usr/share/doc/gadgetboard/$f" ] || fail "no /usr/share/doc/gadgetboard/$f"; done
grep -q "^License: Apache-2.0$" "$R/usr/share/doc/gadgetboard/copyright" || fail "copyright: no Apache-2.0 licence (DEP-5)"
pass "contents: /usr/bin/gadgetboard without libswift, the unit from deploy/ with /usr/bin, the demo board and defaults as conffiles ($(wc -l <"$WORK/DEBIAN/conffiles")), maintainer scripts"

# 2b. The web package (docs/web.md, "Packaged"; /work/coord/WEB-UNIT.md's names).
WEB_DEB=${2:-$(dirname "$DEB")/gadgetboard-web_${VERSION}_${ARCH}.deb}
[ -f "$WEB_DEB" ] || fail "no web package at $WEB_DEB (scripts/package-deb.sh builds it beside the kiosk's)"
web_field() { dpkg-deb -f "$WEB_DEB" "$1"; }
[ "$(web_field Package)" = gadgetboard-web ] || fail "web package: Package: $(web_field Package)"
[ "$(web_field Version)" = "$VERSION" ] || fail "web package: Version $(web_field Version), the kiosk's is $VERSION"
web_depends=$(web_field Depends)
for want in "gadgetboard (>= $VERSION)" adduser libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1; do
    grep -qF "$want" <<<"$web_depends" || fail "web package: Depends lacks $want: $web_depends"
done
dpkg-deb -x "$WEB_DEB" "$WORK/web"
dpkg-deb -e "$WEB_DEB" "$WORK/WEB-DEBIAN"
W=$WORK/web
[ -x "$W/usr/libexec/gadgetboard/gadgetboard-web" ] || fail "web package: no /usr/libexec/gadgetboard/gadgetboard-web"
for web_unit in gadgetboard-web.socket gadgetboard-web@.service; do
    cmp -s "$REPO/deploy/$web_unit" "$W/lib/systemd/system/$web_unit" || fail "web package: /lib/systemd/system/$web_unit is not deploy/$web_unit"
done
socket=$W/lib/systemd/system/gadgetboard-web.socket
service=$W/lib/systemd/system/gadgetboard-web@.service
# The contract's values, one line each (the kiosk connects to this path; the helper reads fd 3).
for line in ListenSequentialPacket=/run/gadgetboard-web/helper.sock Accept=yes SocketUser=root SocketGroup=gadgetboard \
    SocketMode=0660 MaxConnections=16 WantedBy=sockets.target; do
    grep -qx "$line" "$socket" || fail "gadgetboard-web.socket lacks $line"
done
for line in 'ExecStart=/usr/libexec/gadgetboard/gadgetboard-web --fd 3' User=gadgetboard-web Group=gadgetboard-web Nice=10 \
    CPUWeight=20 'MemoryMax=[0-9]*[KMG]' CacheDirectory=gadgetboard-web DevicePolicy=closed 'DeviceAllow=char-drm rw' \
    ProtectSystem=strict ProtectHome=yes PrivateTmp=yes; do
    grep -qx "$line" "$service" || fail "gadgetboard-web@.service lacks $line"
done
# What would take the page's network or WebKit's bubblewrap sandbox away (docs/web.md says why).
if grep -Eq '^(PrivateNetwork|IPAddressDeny|RestrictAddressFamilies|RestrictNamespaces|ProtectKernelTunables|ProtectProc|SystemCallFilter)=' "$service"; then
    fail "gadgetboard-web@.service takes away what the page or bubblewrap needs: $(grep -E '^(PrivateNetwork|IPAddressDeny|RestrictAddressFamilies|RestrictNamespaces|ProtectKernelTunables|ProtectProc|SystemCallFilter)=' "$service" | tr '\n' ' ')"
fi
grep -qx 'After=gadgetboard-web.socket' "$unit" || fail "the kiosk's unit is not After=gadgetboard-web.socket"
# systemd's own reading of the three units as the packages install them, offline (--root: a root
# made of both packages and this machine's units, for sockets.target and the rest): any line it
# prints (an unknown or misspelt setting is only a warning) fails.
VR=$WORK/verify-root
mkdir -p "$VR/lib/systemd/system"
cp -a /lib/systemd/system/. "$VR/lib/systemd/system/"
cp -a "$R/." "$VR/"
cp -a "$W/." "$VR/"
install -D /bin/kill "$VR/bin/kill"  # the kiosk's ExecReload
if ! verify=$(systemd-analyze verify --root="$VR" gadgetboard.service gadgetboard-web.socket gadgetboard-web@.service 2>&1) || [ -n "$verify" ]; then
    fail "systemd-analyze verify of the units: $verify"
fi
for s in postinst prerm postrm; do [ -x "$WORK/WEB-DEBIAN/$s" ] || fail "web package: no $s"; done
grep -q 'adduser --quiet --system --group --no-create-home --home /nonexistent' "$WORK/WEB-DEBIAN/postinst" ||
    fail "web postinst does not create the system user"
grep -q '"gadgetboard-web"\|WEB_USER=gadgetboard-web' "$WORK/WEB-DEBIAN/postinst" || fail "web postinst: not the user gadgetboard-web"
grep -q "deb-systemd-helper enable 'gadgetboard-web.socket'" "$WORK/WEB-DEBIAN/postinst" || fail "web postinst does not enable the socket"
grep -q "deb-systemd-invoke \$_dh_action 'gadgetboard-web.socket'" "$WORK/WEB-DEBIAN/postinst" || fail "web postinst does not start the socket"
grep -q "deb-systemd-invoke stop 'gadgetboard-web.socket'" "$WORK/WEB-DEBIAN/prerm" || fail "web prerm does not stop the socket"
grep -q "deb-systemd-helper mask 'gadgetboard-web.socket'" "$WORK/WEB-DEBIAN/postrm" || fail "web postrm does not forget the socket"
pass "web package: gadgetboard-web $VERSION Depends on gadgetboard (>= $VERSION) and adduser; the helper in /usr/libexec/gadgetboard; the socket and service from deploy/ with the contract's values; systemd-analyze verify clean (with the kiosk's unit); user, socket enabled and started, stopped on removal"

# 3. lintian: errors fail (warnings are reported; deploy/deb/lintian-overrides justifies overrides).
if command -v lintian >/dev/null; then
    lintian --fail-on error --info "$DEB" >"$WORK/lintian.txt" 2>&1 || { cat "$WORK/lintian.txt"; fail "lintian reports errors"; }
    lintian --fail-on error --info "$WEB_DEB" >"$WORK/lintian-web.txt" 2>&1 || { cat "$WORK/lintian-web.txt"; fail "lintian reports errors in the web package"; }
    pass "lintian: no errors (kiosk: $(grep -c '^W:' "$WORK/lintian.txt" || true) warnings, $(grep -c '^I:' "$WORK/lintian.txt" || true) info; web: $(grep -c '^W:' "$WORK/lintian-web.txt" || true) warnings, $(grep -c '^I:' "$WORK/lintian-web.txt" || true) info)"
else
    fail "lintian missing: scripts/install-deps.sh --test installs it"
fi

# 4. The fleet's apt repository, as docs/raspberry-pi.md builds it: reprepro, one distribution.
command -v reprepro >/dev/null || fail "reprepro missing: scripts/install-deps.sh --test installs it"
REPOSITORY=$WORK/apt
mkdir -p "$REPOSITORY/conf"
cat >"$REPOSITORY/conf/distributions" <<EOF
Origin: Gadgetboard
Label: Gadgetboard
Codename: bookworm
Suite: stable
Components: main
Architectures: amd64 arm64
Description: Gadgetboard kiosks
EOF
reprepro -b "$REPOSITORY" includedeb bookworm "$DEB" >"$WORK/reprepro.log" 2>&1 || { cat "$WORK/reprepro.log"; fail "reprepro includedeb"; }
[ "$(reprepro -b "$REPOSITORY" list bookworm)" = "bookworm|main|$ARCH: gadgetboard $VERSION" ] ||
    fail "reprepro list: $(reprepro -b "$REPOSITORY" list bookworm)"
# apt with its own lists and cache, and only this source (unsigned here: [trusted=yes]; the
# documented repository is signed).
mkdir -p "$WORK/lists/partial" "$WORK/cache/archives/partial"
echo "deb [trusted=yes] file://$REPOSITORY bookworm main" >"$WORK/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$WORK/sources.list" -o Dir::Etc::SourceParts=/nonexistent
    -o "Dir::State::Lists=$WORK/lists" -o "Dir::Cache=$WORK/cache" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" update >"$WORK/apt.log" 2>&1 || { cat "$WORK/apt.log"; fail "apt-get update from the reprepro repository"; }
candidate=$(apt-cache "${apt_opts[@]}" policy gadgetboard | sed -n 's/^ *Candidate: //p')
[ "$candidate" = "$VERSION" ] || { apt-cache "${apt_opts[@]}" policy gadgetboard; fail "apt's candidate is '$candidate', not $VERSION"; }
(cd "$WORK" && apt-get "${apt_opts[@]}" download gadgetboard >>"$WORK/apt.log" 2>&1) || { cat "$WORK/apt.log"; fail "apt-get download"; }
cmp -s "$DEB" "$WORK/$(basename "$DEB" | sed 's/+/%2b/g')" || cmp -s "$DEB" "$WORK/$(basename "$DEB")" ||
    fail "the downloaded package differs from $DEB: $(ls "$WORK"/*.deb)"
pass "reprepro repository: apt sees gadgetboard $VERSION as the candidate and downloads the same file"
