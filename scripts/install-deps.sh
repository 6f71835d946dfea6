#!/usr/bin/env bash
# Installs the Debian packages Gadgetboard needs (Debian 12 / Raspberry Pi OS 64-bit).
#   scripts/install-deps.sh          build + run (the kiosk, snapshots, benchmarks)
#   scripts/install-deps.sh --test   also what the test suite needs (QEMU VM tests, evemu, photo tools)
#   scripts/install-deps.sh --package also what scripts/package-deb.sh needs (dpkg-dev, binutils, lintian)
#   scripts/install-deps.sh --bench  also what bench/compare-sdl.sh and bench/sdl-board.sh need (SDL2's testsprite2,
#                                    SDL2 and SDL2_image headers, cJSON, a C compiler) and bench/mqtt-figures.sh
#                                    (mosquitto, python3-paho-mqtt), and heaptrack (heap profiles: docs/BENCHMARKS.md "Photos")
# Works as root or through sudo. Skips apt entirely when everything is already installed.
# The Swift toolchain itself is not a Debian 12 package: see docs/raspberry-pi.md.
set -euo pipefail

build=(pkg-config libegl1-mesa-dev libgles2-mesa-dev libgbm-dev libdrm-dev libevdev-dev libpng-dev libudev-dev
       libturbojpeg0-dev libwebp-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libunibreak-dev libmosquitto-dev libegl-mesa0 libgl1-mesa-dri libgbm1
       libsdl2-dev fonts-dejavu-core fonts-noto-core fonts-noto-cjk
       libavformat-dev libavcodec-dev libavutil-dev libswresample-dev libcurl4-openssl-dev libqrencode-dev ca-certificates tzdata locales-all
       libasound2-dev libxkbcommon-dev xkb-data libx11-data libespeak-ng-dev espeak-ng-data
       libwpewebkit-1.1-dev libwpebackend-fdo-1.0-dev libwpe-1.0-dev)
# Typing (issue 38): keymaps through libxkbcommon from xkb-data's layouts, dead keys through the Compose
# files of libx11-data (without them a dead key types nothing).
# Video through FFmpeg's libav* (decode, demux), live data through libcurl, QR codes through libqrencode;
# tzdata for board time zones, locales-all for the weekday and month names of a board's "locale";
# sound through ALSA (libasound2-dev; alsa-lib's own configuration comes with it as libasound2-data);
# speech through espeak-ng (libespeak-ng-dev, its voices in espeak-ng-data), linked only by the
# separate gadgetboard-speech program, never by the kiosk (GPL-3.0-or-later: docs/accessibility.md).
# Web gadgets (issue 40) through WPE WebKit (libwpewebkit-1.1-dev, WPEBackend-fdo, libwpe), linked
# only by the separate gadgetboard-web helper, never by the kiosk (docs/web.md).
# The fonts: the demo board's (DejaVu, Noto Sans and Serif) and the fallbacks its greeting needs
# (Noto Arabic in fonts-noto-core, Noto Sans CJK); snapshots and goldens are drawn with them.
# The photo tests make their JPEGs and WebPs with Debian's tools: cjpeg/djpeg, cwebp, exiftool.
photo_tools=(libjpeg-turbo-progs webp libimage-exiftool-perl)
# The window test (Tests/window/run.sh) runs the preview in a real X server and drives it as a person would:
# Xvfb, xdotool for pointer and keys, xwd and ImageMagick for the X server's own screenshot.
window_tools=(xvfb xdotool x11-apps imagemagick)
# Video, schedule and live-data tests: ffmpeg makes clips, faketime moves the wall clock, zbarimg reads QR codes,
# cec-ctl (v4l-utils) watches the emulated CEC bus in the VM; a session bus (dbus-daemon) and gdbus
# (libglib2.0-bin) drive QEMU's D-Bus display there, which changes the VM screen's mode like a TV.
signage_tools=(ffmpeg faketime zbar-tools v4l-utils dbus-daemon libglib2.0-bin)
# The sound tests: sox reads the recorded WAVs back (level), alsa-utils' aplay/arecord play and
# capture through snd-aloop in the VM.
audio_tools=(sox alsa-utils)
# The web helper's tests (Tests/web/run.sh): WebKit's sandbox runs its processes under bubblewrap, with
# xdg-dbus-proxy (the WPE -dev packages are in the build list).
web_tools=(bubblewrap xdg-dbus-proxy)
# The text tests compare with hb-shape (their fonts, DejaVu and Noto, are in the build list).
text_tools=(libharfbuzz-bin)
# The MQTT tests (Tests/mqtt/run.sh) start Debian's broker on loopback and drive it with its clients;
# openssl makes their throw-away TLS certificates.
mqtt_tools=(mosquitto mosquitto-clients openssl)
# scripts/package-deb.sh: dpkg-shlibdeps/dpkg-gencontrol (dpkg-dev), readelf/objcopy (binutils),
# lintian; the tests also make an apt repository with reprepro.
package_tools=(dpkg-dev binutils lintian)
test_extra=("${package_tools[@]}" reprepro "${mqtt_tools[@]}" evemu-tools busybox-static kmod cpio qemu-system-x86 systemd shellcheck python3 python3-jsonschema python3-prometheus-client
            "${photo_tools[@]}" "${text_tools[@]}" "${window_tools[@]}" "${signage_tools[@]}" "${audio_tools[@]}" "${web_tools[@]}")
# The VM tests run on x86-64 hosts only (see scripts/test.sh).
if [[ "$(dpkg --print-architecture)" == amd64 ]]; then test_extra+=(linux-image-amd64); else test_extra=("${package_tools[@]}" reprepro python3 python3-jsonschema shellcheck "${mqtt_tools[@]}" "${photo_tools[@]}" "${text_tools[@]}" "${window_tools[@]}" "${signage_tools[@]}" "${audio_tools[@]}" "${web_tools[@]}"); fi

packages=("${build[@]}")
case "${1:-}" in
  --test) packages+=("${test_extra[@]}") ;;
  --package) packages+=("${package_tools[@]}") ;;
  --bench) packages+=(libsdl2-tests gcc libegl-dev python3-matplotlib libsdl2-dev libsdl2-image-dev libcjson-dev pkg-config mosquitto python3-paho-mqtt heaptrack) ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
