#!/bin/sh
# The calibrate scenario of the VM test (guest side, as root, in the VM). Needs GB_BIN
# (gadgetboard) and GB_VM (this directory). Writes into ./calibrate/ under the current directory
# (the results share); check-calibrate.py judges it on the host. Standalone: run-calibrate.sh;
# from guest-kiosk.sh: sh "$GB_VM/guest-calibrate.sh".
#
# A touchscreen is made with evemu-device from a real panel's description (0..1279 x 0..767).
# The "panel" is wrong in a known way: the matrix that corrects it (raw → panel space) is
# TRUE_MATRIX, swapped axes with skew, scale and offset, so every touch for a target at panel
# point q is played at raw = TRUE_MATRIX⁻¹(q). `gadgetboard calibrate` must find TRUE_MATRIX.
# The guest waits for each "target N of 5 at …" line before it plays touch N (60 s guard per
# wait), so nothing depends on emulation speed. Target 1 is first touched with a slide, which
# must be refused and asked for again. Then: SIGTERM mid-calibration and a missing device must
# each end with a clear line, a non-zero status and the --write board untouched.
set -u
TRUE_MATRIX="0.06 1.12 -0.09 0.94 -0.05 0.04"
XMAX=1279
YMAX=767
log() { echo "guest-calibrate: $*"; }
elapsed() { cut -d' ' -f1 /proc/uptime; }
# Waits up to $3 seconds until the file $1 has at least $4 lines matching $2.
wait_count() {
    i=0
    # A log the kiosk has not created yet counts 0 lines: grep then prints nothing, and an empty
    # count in the test below was an error that ended the wait as if it had succeeded. The count
    # is lines_seen, not n: a function shares its caller's variables, and the loop below uses n.
    while lines_seen=$(grep -c -e "$2" "$1" 2>/dev/null) || lines_seen=0; [ "${lines_seen:-0}" -lt "$4" ]; do
        i=$((i + 1)); [ $i -gt $(($3 * 10)) ] && return 1; sleep 0.1
    done
}
# An evemu file for one touch at panel point ($1, $2) through TRUE_MATRIX⁻¹: 12 frames 10 ms
# apart with a ±1-unit wobble, then the lift. $3 = tracking id, $4 = slide in device units
# over the touch (0 for a still finger), $5 = file to append "x y" (the unwobbled device
# point) to, for the checker.
touch_file() {
    awk -v pu="$1" -v pv="$2" -v id="$3" -v slide="$4" -v record="$5" -v m="$TRUE_MATRIX" -v xmax=$XMAX -v ymax=$YMAX '
    BEGIN {
        split(m, c, " ")
        # raw = M⁻¹(q): solve [a b; d e]·r = q − (c, f).
        det = c[1] * c[5] - c[2] * c[4]
        qu = pu - c[3]; qv = pv - c[6]
        ru = (c[5] * qu - c[2] * qv) / det
        rv = (c[1] * qv - c[4] * qu) / det
        x = int(ru * xmax + 0.5); y = int(rv * ymax + 0.5)
        print x, y >> record
        print "# EVEMU 1.3"
        t = 0.000001
        for (k = 0; k < 12; k++) {
            dx = (k % 2 == 0 ? 1 : -1) + int(slide * k / 11); dy = (k % 3 == 0 ? 1 : -1)
            if (k == 0) printf "E: %.6f 0003 0039 %04d\n", t, id
            printf "E: %.6f 0003 0035 %04d\n", t, x + dx
            printf "E: %.6f 0003 0036 %04d\n", t, y + dy
            if (k == 0) printf "E: %.6f 0001 014a 0001\n", t
            printf "E: %.6f 0003 0000 %04d\n", t, x + dx
            printf "E: %.6f 0003 0001 %04d\n", t, y + dy
            printf "E: %.6f 0000 0000 0000\n", t
            t += 0.01
        }
        printf "E: %.6f 0003 0039 -001\n", t
        printf "E: %.6f 0001 014a 0000\n", t
        printf "E: %.6f 0000 0000 0000\n", t
    }'
}
# The panel point of the latest "target $2 of 5 at …: panel (u, v)" line of log $1, as "u v".
panel_point() {
    grep -e "target $2 of 5 at" "$1" | tail -n 1 | sed -e 's/.*panel (\([^,]*\), \([^)]*\)).*/\1 \2/'
}

mkdir -p calibrate
cd calibrate || exit 1
rm -f played.txt slide.txt ok.txt
log "start at $(elapsed) s"
evemu-device "$GB_VM/touch/edt-ep0430m09.desc" > evemu-device.log 2>&1 &
evemu_pid=$!
i=0
while ! grep -q /dev/input/event evemu-device.log 2>/dev/null; do
    i=$((i + 1)); [ $i -gt 1200 ] && { log "evemu-device made no device"; cat evemu-device.log; exit 1; }; sleep 0.1
done
node=$(grep -o '/dev/input/event[0-9]*' evemu-device.log | head -n 1)
log "touchscreen $node"
cp "$GB_VM/board/board.json" board-original.json
cp board-original.json board-copy.json
cp board-original.json board-sigterm.json

# 1. The calibration, with a refused slide on target 1, then a tap on the check screen's OK box
# (viewer (0.63, 0.76) of the screen: CalibrationLayout.acceptBox), 60 s before it would
# accept by itself.
"$GB_BIN" calibrate "$GB_VM/board/board.json" --display kms --input "$node" --write board-copy.json --check-seconds 60 \
    --screenshot last-frame.png > calibrate.out 2> calibrate.log &
cal_pid=$!
( sleep 400; kill -KILL $cal_pid 2>/dev/null ) &
guard_pid=$!
tracking=1
wait_count calibrate.log "target 1 of 5 at" 60 1 || log "no target 1"
set -- $(panel_point calibrate.log 1)
touch_file "$1" "$2" $tracking 60 slide.txt > slide.evemu
evemu-play "$node" < slide.evemu
tracking=$((tracking + 1))
expect=2
for n in 1 2 3 4 5; do
    [ $n -gt 1 ] && expect=1
    wait_count calibrate.log "target $n of 5 at" 60 $expect || { log "no target $n (line $expect) within 60 s"; break; }
    set -- $(panel_point calibrate.log $n)
    log "target $n at panel ($1, $2) at $(elapsed) s"
    touch_file "$1" "$2" $tracking 0 played.txt > touch-$n.evemu
    evemu-play "$node" < touch-$n.evemu
    tracking=$((tracking + 1))
done
if wait_count calibrate.log "check: a dot follows" 60 1; then
    sleep 0.5   # only so the screenshot a person looks at shows the check screen; nothing checks it
    touch_file 0.63 0.76 $tracking 0 ok.txt > ok.evemu
    evemu-play "$node" < ok.evemu
else
    log "no check screen"
fi
wait $cal_pid
echo $? > calibrate.status
kill $guard_pid 2>/dev/null
log "calibrate exited $(cat calibrate.status) at $(elapsed) s"

# 2. SIGTERM while target 1 waits: non-zero, one line, the board untouched.
"$GB_BIN" calibrate --display kms --input "$node" --write board-sigterm.json > sigterm.out 2> sigterm.log &
term_pid=$!
wait_count sigterm.log "target 1 of 5 at" 60 1 || log "sigterm run: no target 1"
kill -TERM $term_pid
wait $term_pid
echo $? > sigterm.status

# 3. No such touch device.
"$GB_BIN" calibrate --display kms --input /dev/input/event99 --write board-sigterm.json > nodevice.out 2> nodevice.log
echo $? > nodevice.status

kill $evemu_pid 2>/dev/null
log "done at $(elapsed) s"
