#!/usr/bin/env bash
# The command line a new user meets in the first hour (issue 24, items 8–12), run against the
# real binary: every check here failed before the fix it covers.
#
#   --version        VERSION+git<count>.<hash>[.dirty], as scripts/package-deb.sh computes it
#   snapshot         --out x.jpg refused; --size 0x0 says why; nodir/x.png named, not a temp file;
#                    a rotated portrait board comes out upright at its size, --panel turned at the
#                    panel's; --rotation without --panel is one line (it would change nothing)
#   demo --export    an edited board kept (status 2, nothing written) unless --force
#   calibrate        --display window refused at parse time (status 2, one line)
#   run              a relative board reported absolute by `ctl state`; a headless run without
#                    /dev/input says so in at most one line; --help says page and action events
#   ctl              --timeout after the command; a bad value is one line with status 2;
#                    `video GADGET ACTION` reaches the kiosk (a gadget it lacks: status 1);
#                    `display off|auto` reaches the kiosk (its reply printed), `display of` is
#                    one line; `set G text '{…}'` sends a text object, a broken one is one line;
#                    `subscribe` exits 1 with a message when the kiosk goes away
#   --dump-frames-limit  N frames written of more presented, said in one line; 0 refused
#   paths            one rule: a board with "../x.png" and a symlinked image passes `check` and
#                    `snapshot`, and a board with a missing font is drawn by `snapshot` (warning)
#                    while `check` refuses it
#   check            each mistake one line (issue 36, item 7): a refused source URL, a bad text
#                    field under a binding, a JPEG named .mp4; text cut by its box is a warning
#                    with the height needed, and still ok
#   check sounds     (issue 37) a text file named .ogg, an 11 s sound, volume 1.5 and an unknown
#                    tapSound are one line each with exit 2; a good sound is ok
#
# No outcome waits on a clock: the one wait is for the kiosk's control socket to appear (a hang
# guard of 60 s, far above what a loaded machine needs).
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build --product gadgetboard >/dev/null
bin="$(swift build --show-bin-path)/gadgetboard"

work=$(mktemp -d)
# The demo board's art is cached in $XDG_CACHE_HOME/gadgetboard: this run's, never the user's.
export XDG_CACHE_HOME=$work/cache
unset CACHE_DIRECTORY
kiosk_pid="" sub_pid=""
cleanup() {
  if [[ -n $sub_pid ]]; then kill "$sub_pid" 2>/dev/null || true; fi
  if [[ -n $kiosk_pid ]]; then kill "$kiosk_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "cli test: FAILED: $*" >&2; exit 1; }
pass() { echo "cli test: ok: $*"; }
# Runs the binary; stdout+stderr in $out, status in $rc.
gb() { set +e; out=$("$bin" "$@" 2>&1); rc=$?; set -e; }

# --- --version: the package's formula (scripts/package-deb.sh).
want=$(tr -d '[:space:]' <VERSION)
if git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  want+="+git$(git rev-list --count HEAD).$(git rev-parse --short=7 HEAD)"
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then want+=.dirty; fi
fi
gb --version
[[ $rc == 0 && $out == "$want" ]] || fail "--version printed '$out' (status $rc), expected '$want'"
pass "--version: $out"

# --- snapshot's arguments.
cd "$work"
gb snapshot --out x.jpg
[[ $rc == 2 && $out == *"--out: writes PNG only"* && ! -e x.jpg ]] || fail "snapshot --out x.jpg: status $rc: $out"
gb snapshot --out x.png --size 0x0
[[ $rc == 2 && $out == *"width and height must each be 1…16384"* && $(wc -l <<<"$out") == 1 ]] || fail "--size 0x0: status $rc: $out"
printf '{"size":[100,160],"rotation":90,"gadgets":[{"id":"b","color":"#ff0000","center":[20,20],"size":[20,20]}]}\n' >portrait.json
gb snapshot portrait.json --out upright.png
[[ $rc == 0 && $out == *"wrote upright.png (100x160,"* ]] || fail "snapshot of a rotated portrait board is not upright at its size: status $rc: $out"
gb snapshot portrait.json --out panel.png --panel
[[ $rc == 0 && $out == *"wrote panel.png (160x100,"* ]] || fail "snapshot --panel of a rotated board: status $rc: $out"
gb snapshot portrait.json --out x.png --rotation 90
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"--rotation: only with --panel"* ]] || fail "snapshot --rotation without --panel: status $rc: $out"
gb snapshot --out nodir/x.png
[[ $rc == 2 && $out == *"open(nodir/x.png) failed: No such file or directory"* && $out != *".tmp."* ]] || fail "--out nodir/x.png: status $rc: $out"
pass "snapshot: .jpg refused, 0x0 explained, nodir/x.png named"

# --- demo --export keeps an edited board.
gb demo --export board
[[ $rc == 0 && -f board/board.json ]] || fail "demo --export: status $rc: $out"
gb demo --export board
[[ $rc == 0 ]] || fail "demo --export over its own export: status $rc: $out"
printf '{"size":[100,100],"gadgets":[]}\n' >board/board.json
gb demo --export board
[[ $rc == 2 && $out == *"board/board.json differs from the demo board"* ]] || fail "demo --export over an edit: status $rc: $out"
grep -q '"size":\[100,100\]' board/board.json || fail "demo --export overwrote the edited board"
gb demo --export board --force
[[ $rc == 0 ]] || fail "demo --export --force: status $rc: $out"
if grep -q '"size":\[100,100\]' board/board.json; then fail "demo --export --force kept the edited board"; fi
pass "demo --export: an edited board is kept without --force"

# --- calibrate --display window: one line at parse time.
gb calibrate --display window
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"calibrate needs the panel"* ]] || fail "calibrate --display window: status $rc: $out"
gb run --help
[[ $out == *"page and action events"* ]] || fail "run --help does not say --events writes page and action events"
pass "calibrate refuses window; run --help describes --events"

# --- ctl without a kiosk: values are one line, status 2; --timeout after the command.
gb ctl "$work/none.sock" state --timeout 0
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"--timeout: must be a number of seconds greater than 0"* ]] || fail "ctl --timeout 0: status $rc: $out"
gb ctl "$work/none.sock" set x opacity half
[[ $rc == 2 && $(wc -l <<<"$out") == 1 ]] || fail "ctl value error is not one line: status $rc: $out"
gb ctl "$work/none.sock" state --timout 3
[[ $rc == 2 && $out == *"unknown option --timout"* ]] || fail "ctl --timout: status $rc: $out"
gb ctl "$work/none.sock" video lobby seek soon
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'time: expected seconds'* ]] || fail "ctl video seek soon: status $rc: $out"
gb ctl "$work/none.sock" video lobby stop
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'expected play, pause, restart, seek S, volume L or captions on|off, got "stop"'* ]] || fail "ctl video stop: status $rc: $out"
gb ctl "$work/none.sock" display of
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'display takes on, off or auto, got "of"'* ]] || fail "ctl display of: status $rc: $out"
gb ctl "$work/none.sock" set note text '{"string": "Hi",}'
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'looks like a text object but is not JSON'*'use send'* ]] || fail "ctl set text with broken JSON: status $rc: $out"
pass "ctl: value errors are one line with status 2"

# --- A kiosk: relative board path reported absolute; options after the command; subscribe.
sock=$work/control.sock
(cd "$work/board" && exec "$bin" run board.json --display headless --duration 600 --control "$sock") >"$work/kiosk.log" 2>&1 &
kiosk_pid=$!
for _ in $(seq 600); do [[ -S $sock ]] && break; kill -0 "$kiosk_pid" 2>/dev/null || break; sleep 0.1; done
[[ -S $sock ]] || { cat "$work/kiosk.log" >&2; fail "the kiosk made no control socket"; }
gb ctl "$sock" state --timeout 20
[[ $rc == 0 && $out == *"\"board\":\"$work/board/board.json\""* ]] || fail "ctl state (options after the command): status $rc: $out"
pass "ctl state --timeout after the command; the board path is absolute"
gb ctl "$sock" video nope play --timeout 20
[[ $rc == 1 && $out == *'gadget: no gadget "nope"'* ]] || fail "ctl video on a gadget the board lacks: status $rc: $out"
pass "ctl video: the word reaches the kiosk, whose refusal is status 1"
gb ctl "$sock" display off --timeout 20
[[ $rc == 0 && $out == *'"display":{"on":false,"cause":"control"}'* ]] || fail "ctl display off: status $rc: $out"
gb ctl "$sock" display auto --timeout 20
[[ $rc == 0 && $out == *'"display":{"on":true,'* ]] || fail "ctl display auto: status $rc: $out"
pass "ctl display off/auto: the kiosk switches and the reply is printed"
gb ctl "$sock" set note text '{"string": "Hi", "size": 30}' --timeout 20
[[ $rc == 0 ]] || fail "ctl set text with a text object: status $rc: $out"
gb ctl "$sock" state --timeout 20
[[ $out == *'"id":"note"'*'"text":"Hi"'* ]] || fail "ctl set text '{…}' did not set the object's string: $out"
pass "ctl set GADGET text '{…}' sends a text object"
if [[ ! -e /dev/input ]]; then
  n=$(grep -c '/dev/input' "$work/kiosk.log" || true)
  [[ $n -le 1 ]] || { cat "$work/kiosk.log" >&2; fail "a headless run without /dev/input logged $n lines about it"; }
  ! grep -q 'ENOENT' "$work/kiosk.log" || { cat "$work/kiosk.log" >&2; fail "a headless run logged ENOENT"; }
  pass "no /dev/input: $n line about it"
fi
"$bin" ctl "$sock" subscribe >"$work/sub.out" 2>"$work/sub.err" &
sub_pid=$!
# The subscription is in place once an event reaches it: `load` of the same board sends every
# subscriber a reload event. Repeated until one arrives (the subscriber may not be connected yet).
for _ in $(seq 100); do
  gb ctl "$sock" load board.json --timeout 20
  [[ $rc == 0 ]] || fail "ctl load board.json: status $rc: $out"
  grep -q '"type":"reload"' "$work/sub.out" && break
  kill -0 "$sub_pid" 2>/dev/null || break
done
grep -q '"type":"reload"' "$work/sub.out" || fail "ctl subscribe saw no reload event: $(cat "$work/sub.err")"
kill -TERM "$kiosk_pid"
wait "$kiosk_pid" || true
kiosk_pid=""
set +e; wait "$sub_pid"; sub_rc=$?; set -e
sub_pid=""
[[ $sub_rc == 1 ]] || fail "ctl subscribe exited $sub_rc when the kiosk went away: $(cat "$work/sub.err")"
grep -q 'the kiosk closed' "$work/sub.err" || fail "ctl subscribe said nothing when the kiosk went away: $(cat "$work/sub.err")"
pass "ctl subscribe: status 1 and a message when the kiosk stops"

# --- --dump-frames-limit: 8 frames presented, 3 written (PNGs and frames.tsv), said once; 0 refused.
gb run board/board.json --display headless --frames 8 --dump-frames dump --dump-frames-limit 3
[[ $rc == 0 ]] || fail "run --dump-frames-limit 3: status $rc: $out"
pngs=$(find dump -name 'frame-*.png' | wc -l)
[[ $pngs == 3 && -f dump/frame-000003.png && ! -e dump/frame-000004.png ]] || fail "--dump-frames-limit 3 wrote $pngs frames: $(ls dump)"
[[ $(tail -n +2 dump/frames.tsv | cut -f1 | tr '\n' ' ') == "1 2 3 " ]] || fail "--dump-frames-limit 3: frames.tsv lists $(tail -n +2 dump/frames.tsv | cut -f1 | tr '\n' ' ')"
[[ $(grep -c 'dump-frames: 3 frames written to dump; no more are' <<<"$out") == 1 ]] || fail "--dump-frames-limit 3: the limit not said once: $out"
gb run board/board.json --display headless --frames 8 --dump-frames dump0 --dump-frames-limit 0
[[ $rc == 2 && $out == *"--dump-frames-limit: must be at least 1"* && ! -e dump0 ]] || fail "--dump-frames-limit 0: status $rc: $out"
pass "--dump-frames-limit: 3 of 8 presented frames written and the limit said once; 0 refused"

# --- One path rule for board files; fonts refused by check only.
mkdir -p paths/board paths/photos
cp board/sunset.png paths/photos/sunset.png
ln -s ../photos/sunset.png paths/board/linked.png
cat >paths/board/board.json <<'EOF'
{"size":[320,200],"gadgets":[
  {"id":"up","image":"../photos/sunset.png","center":[80,100],"size":[100,120]},
  {"id":"link","image":"linked.png","center":[240,100],"size":[100,120]}]}
EOF
gb check paths/board/board.json
[[ $rc == 0 ]] || fail "check of a board with ../ and a symlinked image: status $rc: $out"
gb snapshot paths/board/board.json --out paths.png
[[ $rc == 0 ]] || fail "snapshot of a board with ../ and a symlinked image: status $rc: $out"
cat >paths/board/fonts.json <<'EOF'
{"size":[320,200],"gadgets":[{"id":"sign","center":[160,100],"size":[300,80],"text":{"string":"Hi \uE000","font":"No Such Family"}}]}
EOF
gb check paths/board/fonts.json
[[ $rc == 2 && $out == *'gadgets[0] (sign).text.font: font "No Such Family" is not installed'* ]] || fail "check of a missing font: status $rc: $out"
gb snapshot paths/board/fonts.json --out fonts.png
[[ $rc == 0 && -f fonts.png ]] || fail "snapshot refused a board with a missing font: status $rc: $out"
[[ $out == *"cannot be used; drawn in sans-serif"* ]] || fail "snapshot drew a missing font without a warning: $out"
[[ $out == *"no installed font has U+E000; drawn as boxes"* ]] || fail "snapshot drew tofu without a warning: $out"
pass "paths: ../ and symlinks load every way; a missing font is drawn with warnings, refused by check only"

# --- check: one line per mistake; text cut by its box is a warning, and still ok.
mkdir -p once
cat >once/url.json <<'EOF'
{"size":[400,200],"sources":[{"id":"price","url":"ftp://x/y"}],
 "gadgets":[{"id":"p","center":[200,100],"size":[300,80],"text":"-","bind":{"text":"{price:/v}"}}]}
EOF
gb check once/url.json
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"sources[0].url: "* ]] || fail "check of a refused source URL is not one line: status $rc: $out"
cat >once/text.json <<'EOF'
{"size":[400,200],"sources":[{"id":"price","url":"http://example.com/p"}],
 "gadgets":[{"id":"p","center":[200,100],"size":[300,80],"text":{"string":"-","colr":"#ffffff"},"bind":{"text":"{price:/v}"}}]}
EOF
gb check once/text.json
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'text.colr: unknown field (did you mean "color"?)'* ]] || fail "check of a bad text field is not one line: status $rc: $out"
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=c=red:s=64x48 -frames:v 1 once/photo.jpg
cp once/photo.jpg once/photo.mp4
printf '{"size":[400,200],"gadgets":[{"id":"v","center":[200,100],"size":[300,80],"video":"photo.mp4"}]}\n' >once/video.json
gb check once/video.json
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"photo.mp4: a still image (jpeg), not a video"* ]] || fail "check of a JPEG named .mp4: status $rc: $out"
printf '{"size":[400,200],"gadgets":[{"id":"hello","center":[200,100],"size":[300,40],"text":{"string":"Good morning!","size":40}}]}\n' >once/cut.json
gb check once/cut.json
[[ $rc == 0 && $(wc -l <<<"$out") == 2 && $out == *"(hello).text: warning: text needs "*" px of height, the box has 40 px"* && $out == *ok ]] \
  || fail "check of text cut by its box: status $rc: $out"
pass "check: a refused URL, a bad text field and a JPEG as video are one line each; cut text is a warning with the height"

# --- check: a board's sounds (issue 37): each mistake one line, exit 2.
ffmpeg -nostdin -loglevel error -y -f lavfi -i sine=frequency=1000:duration=0.2 once/click.wav
ffmpeg -nostdin -loglevel error -y -f lavfi -i sine=frequency=500:duration=11 once/song.wav
printf 'not a sound\n' >once/notes.ogg
for case in 'notes.ogg|sounds.click: notes.ogg: not an audio file' 'song.wav|sounds.click: song.wav: longer than a sound may be (11 s; at most 10 s'; do
  printf '{"size":[400,200],"sounds":{"click":"%s"},"gadgets":[]}\n' "${case%%|*}" >once/sound.json
  gb check once/sound.json
  [[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"${case#*|}"* ]] || fail "check of a bad sound ${case%%|*}: status $rc: $out"
done
printf '{"size":[400,200],"volume":1.5,"sounds":{"click":"click.wav"},"gadgets":[]}\n' >once/sound.json
gb check once/sound.json
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"volume: 1.5 is out of range 0...1"* ]] || fail "check of volume 1.5: status $rc: $out"
printf '{"size":[400,200],"sounds":{"click":"click.wav"},"tapSound":"clik","gadgets":[]}\n' >once/sound.json
gb check once/sound.json
[[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *'tapSound: unknown sound "clik" (sounds: click)'* ]] || fail "check of an unknown tap sound: status $rc: $out"
printf '{"size":[400,200],"sounds":{"click":"click.wav"},"tapSound":"click","gadgets":[]}\n' >once/sound.json
gb check once/sound.json
[[ $rc == 0 && $out == ok ]] || fail "check of a good sound: status $rc: $out"
pass "check: a file that is not audio, one too long, volume 1.5 and an unknown sound name are one line each (exit 2); a good sound is ok"

# --- The demo art's cache (issue 35): $CACHE_DIRECTORY (systemd's CacheDirectory=), else
# $XDG_CACHE_HOME/gadgetboard, else ~/.cache/gadgetboard; nothing written anywhere else, so the
# tests, which set XDG_CACHE_HOME, never touch the user's ~/.cache.
mkdir -p "$work/home"
HOME=$work/home XDG_CACHE_HOME=$work/xdg gb snapshot --out "$work/c1.png"
[[ $rc == 0 && -n $(ls "$work"/xdg/gadgetboard/demo-art-*.rgba) && ! -e $work/home/.cache ]] ||
  fail "snapshot with XDG_CACHE_HOME did not cache the demo art there alone: status $rc: $(find "$work/home" "$work/xdg" -type f)"
HOME=$work/home CACHE_DIRECTORY=$work/unit XDG_CACHE_HOME=$work/xdg2 gb snapshot --out "$work/c2.png"
# (Mesa keeps its shader cache in $XDG_CACHE_HOME too: only gadgetboard's directory is checked there.)
[[ $rc == 0 && -n $(ls "$work"/unit/demo-art-*.rgba) && ! -e $work/xdg2/gadgetboard && ! -e $work/home/.cache ]] ||
  fail "snapshot with CACHE_DIRECTORY did not cache the demo art there alone: status $rc"
(unset XDG_CACHE_HOME; HOME=$work/home gb snapshot --out "$work/c3.png"
 [[ $rc == 0 && -n $(ls "$work"/home/.cache/gadgetboard/demo-art-*.rgba) ]] || fail "snapshot did not cache the demo art in ~/.cache/gadgetboard: status $rc")
cmp -s "$work/c1.png" "$work/c2.png" && cmp -s "$work/c1.png" "$work/c3.png" || fail "the demo snapshot differs with the art cached"
pass "the demo art's cache: CACHE_DIRECTORY, else XDG_CACHE_HOME, else ~/.cache, and only there"

# --- Libraries opened on first use (issue 35, item 5): neither --version nor the demo's snapshot
# maps FFmpeg, libcurl, SDL2, libmosquitto, libasound or libxkbcommon; a video board opens FFmpeg;
# without libavcodec (hidden in a private mount namespace) `check` of a video board says so in one
# line, without libasound `run --audio default` starts silent with one line saying why, and without
# libxkbcommon `check` of a board with keyboard layouts says so in one line.
lazy='lib(avformat|avcodec|avutil|swresample|curl|SDL2-2\.0|mosquitto|asound|xkbcommon)\.so'
for args in "--version" "snapshot --out $work/lazy.png"; do
  # shellcheck disable=SC2086 # args are words
  mapped=$(LD_DEBUG=files "$bin" $args 2>&1 >/dev/null | grep -E "file=$lazy" | sed -E 's/.*file=([^ ]*).*/\1/' | sort -u | tr '\n' ' ' || true)
  [[ -z $mapped ]] || fail "$args maps libraries it does not use: $mapped"
done
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=c=blue:s=64x48:d=0.2 -pix_fmt yuv420p once/clip.mp4
printf '{"size":[400,200],"gadgets":[{"id":"v","center":[200,100],"size":[300,80],"video":"clip.mp4"}]}\n' >once/clip.json
mapped=$(LD_DEBUG=files "$bin" check once/clip.json 2>&1 >/dev/null | grep -cE 'file=libavcodec\.so' || true)
[[ $mapped -ge 1 ]] || fail "check of a video board did not open libavcodec"
# awk reads ldconfig's whole list: exiting at the first match could close the pipe while ldconfig
# still writes, and pipefail would end the stage with SIGPIPE (141; seen once).
avcodec=$(ldconfig -p | awk '$1 ~ /^libavcodec\.so\.[0-9]+$/ && !found { print $NF; found = 1 }')
if unshare -m true 2>/dev/null; then
  set +e
  out=$(unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$(readlink -f "$avcodec")" "$bin" check once/clip.json 2>&1)
  rc=$?
  set -e
  [[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"video needs "*"libavcodec.so."*": file too short"* ]] ||
    fail "check of a video board without libavcodec: status $rc: $out"
  asound=$(ldconfig -p | awk '$1 == "libasound.so.2" && !found { print $NF; found = 1 }')
  set +e
  out=$(unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$(readlink -f "$asound")" \
        "$bin" run --display headless --duration 1 --audio default 2>&1)
  rc=$?
  set -e
  lines=$(grep -c 'libasound' <<<"$out" || true)
  [[ $rc == 0 && $lines == 1 && $out == *"no sound device (sound needs "*"libasound.so.2: file too short); running silent"* ]] ||
    fail "run --audio default without libasound: status $rc, $lines lines about it: $out"
  printf '{"size":[400,200],"keyboard":{"layouts":["de","us"]},"gadgets":[{"id":"f","center":[200,100],"size":[300,60],"field":{"kind":"text","name":"n"}}]}\n' >once/typing.json
  mapped=$(LD_DEBUG=files "$bin" check once/typing.json 2>&1 >/dev/null | grep -cE 'file=libxkbcommon\.so' || true)
  [[ $mapped -ge 1 ]] || fail "check of a board with keyboard layouts did not open libxkbcommon"
  xkb=$(ldconfig -p | awk '$1 == "libxkbcommon.so.0" && !found { print $NF; found = 1 }')
  set +e
  out=$(unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$(readlink -f "$xkb")" "$bin" check once/typing.json 2>&1)
  rc=$?
  set -e
  [[ $rc == 2 && $(wc -l <<<"$out") == 1 && $out == *"typing needs "*"libxkbcommon.so.0: file too short"* ]] ||
    fail "check of a board with keyboard layouts without libxkbcommon: status $rc: $out"
  pass "libraries on first use: --version and the demo's snapshot map none of FFmpeg, libcurl, SDL2, libmosquitto, libasound, libxkbcommon; without libavcodec a video board is one line, without libasound sound is one line, without libxkbcommon a typing board is one line"
else
  pass "libraries on first use: --version and the demo's snapshot map none of FFmpeg, libcurl, SDL2, libmosquitto, libasound, libxkbcommon"
  echo "cli test: skipped: a video board without libavcodec, sound without libasound, typing without libxkbcommon (unshare -m is not allowed here; it needs root)"
fi

# --- No network at all (the unit's PrivateNetwork=yes): an HTTP source's line names that cause,
# and with a network the same failure does not (the hint is not a guess added to every error).
printf '{"size":[400,200],"sources":[{"id":"w","url":"http://menu.example.invalid/now.json","every":60,"timeoutSeconds":5}],"gadgets":[{"id":"t","center":[200,100],"size":[300,60],"text":{"string":"-","size":20},"bind":{"text":"{w:/a}"}}]}\n' >once/source.json
if unshare -n true 2>/dev/null; then
  set +e
  out=$(unshare -n "$bin" run once/source.json --display headless --duration 2 2>&1)
  rc=$?
  set -e
  [[ $rc == 0 && $(grep -c 'source w:' <<<"$out") == 1 && $out == *"source w: Couldn't resolve host name; this process sees no network but loopback (under systemd: the unit's PrivateNetwork=yes"* ]] ||
    fail "an HTTP source without any network: status $rc: $out"
  gb run once/source.json --display headless --duration 2
  [[ $rc == 0 && $out == *"source w: Couldn't resolve host name"* && $out != *"sees no network"* ]] ||
    fail "an HTTP source with a network but no such host: status $rc: $out"
  pass "an HTTP source in a network namespace holding only loopback says so in its one line; with a network it does not"
else
  echo "cli test: skipped: an HTTP source without any network (unshare -n is not allowed here; it needs root)"
fi

echo "cli test: all passed"
