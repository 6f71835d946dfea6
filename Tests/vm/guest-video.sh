#!/bin/sh
# The video scenario of the VM test (guest side, as root, in the VM; issue 25). Needs GB_BIN and
# GB_VM; plays ./video/board.json (made on the host by video/make-clip.sh: a lobby-like board,
# text and a card beside a looping 1 s H.264 clip) with `gadgetboard run --display kms`, waits
# for the clip's `looped` event on --events, asks the control socket for `state`, pauses the
# clip over the socket, and stops the kiosk with SIGTERM. check-video.py judges ./video/.
# Every wait is for a line to appear (hang guards only), so nothing depends on emulation speed.
set -u
log() { echo "guest-video: $*"; }
elapsed() { cut -d' ' -f1 /proc/uptime; }
wait_for() {
    i=0
    while ! grep -q "$3" "$1" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt $(($2 * 20)) ] && return 1; sleep 0.05
    done
}
cd video || { log "no ./video (make-clip.sh did not run)"; exit 1; }
sock=/run/gadgetboard-video.sock
log "video scenario at $(elapsed) s"
"$GB_BIN" run board.json --display kms --duration 600 --events --control "$sock" \
    --stats stats.json --screenshot screenshot.png > run.log 2>&1 &
pid=$!
wait_for run.log 300 'kms: first frame' || log "no first frame"
# Each pass of the 1 s clip ends in a `looped` event (the decoder seeks back: one decoder).
wait_for run.log 300 '"event": *"looped"' || log "no looped event"
log "looped at $(elapsed) s"
"$GB_BIN" ctl "$sock" state > state.json 2> state.err
echo $? > state.status
"$GB_BIN" ctl "$sock" send '{"cmd":"video","gadget":"clip","action":"pause"}' > pause.json 2> pause.err
echo $? > pause.status
kill -TERM $pid
wait $pid
echo $? > run.status
log "kiosk exited $(cat run.status) at $(elapsed) s"
