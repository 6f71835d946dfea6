#!/bin/sh
# The web scenario of the VM test (guest side, as root, in the VM; issue 40's "The VM: a page drawn
# on KMS"). Needs GB_BIN, GB_WEB (the built gadgetboard-web) and GB_VM. Serves ./web/site/page.html
# (a page of known colours) with Python's http.server on the guest's loopback, plays
# ./web/board.json (one web gadget showing it, turned 15 degrees) with `gadgetboard run --display
# kms` (GB_DISPLAY=headless: the same script on a host, to try it without a VM), scales the gadget 1.25 over the control socket, waits for the page's `web` `loaded` event
# on --events and then for a control snapshot that shows the page's colours (a frame painted after
# the load: WebKit sends blank frames around its end), and stops the kiosk with SIGTERM, whose
# --screenshot reads back the KMS frame. check-web.py judges ./web/.
# Every wait is for something to appear, bounded by a deadline on the guest's uptime that only
# stops a hang: nothing depends on emulation speed.
set -u
log() { echo "guest-web: $*"; }
elapsed() { cut -d' ' -f1 /proc/uptime; }
now_s() { cut -d. -f1 /proc/uptime; }
mark() { echo "$1 $(elapsed) s" >> timeline.txt; log "$1 at $(elapsed) s"; }
# wait_for FILE DEADLINE_UPTIME_S PATTERN
wait_for() {
    while ! grep -q "$3" "$1" 2>/dev/null; do
        [ "$(now_s)" -ge "$2" ] && return 1; sleep 0.1
    done
}
cd web || { log "no ./web (run-web.sh did not make it)"; exit 1; }
: > timeline.txt
mark "web scenario"

# The guest has no network but loopback, and loopback starts down.
ip link set lo up || log "ip link set lo up failed"
# /dev here is the initramfs's bare devtmpfs; a real system (systemd) mounts a tmpfs on /dev/shm,
# which WebKit may use for shared memory.
if ! grep -q ' /dev/shm ' /proc/mounts; then mkdir -p /dev/shm && mount -t tmpfs -o mode=1777 shm /dev/shm; fi

# This VM boots the build machine's own root, here a Docker container's with its /.dockerenv, and
# WebKit turns its bubblewrap sandbox off where that file exists (libWPEWebKit tests for it). A
# device has no such file: it goes from the guest's overlay (the host's stays), so the page runs
# as on a device, sandboxed where bubblewrap can run (check-web.py says which happened).
# Only in the VM (/vm-out is its results share): never on a host trying this script headless.
if [ -d /vm-out ] && [ -e /.dockerenv ]; then rm -f /.dockerenv && mark "hid /.dockerenv"; fi

python3 -u -m http.server 8040 --bind 127.0.0.1 --directory site > server.log 2>&1 &
server=$!
wait_for server.log $(($(now_s) + 120)) 'Serving HTTP' || log "the page server did not start"
mark "server up"

sock=/run/gadgetboard-web.sock
# The helper's timeouts are lengthened for software emulation (docs/web.md): WebKit's first start
# reads libWPEWebKit over 9p and runs its WebProcess under TCG. timeline.txt says what it took.
# GB_WEB_TIMEOUTS=default: the kiosk's own (10 s to ready, 20 s to load), to see whether they hold here.
if [ "${GB_WEB_TIMEOUTS:-vm}" = default ]; then
    export GADGETBOARD_WEB_HELPER="$GB_WEB"
else
    export GADGETBOARD_WEB_HELPER="$GB_WEB" GADGETBOARD_WEB_READY_TIMEOUT_MS=300000 GADGETBOARD_WEB_LOAD_TIMEOUT_S=300
fi
mark "timeouts ${GB_WEB_TIMEOUTS:-vm}"
# When the helper and WebKit's WebProcess appear (the helper says ready before it makes the
# page, so helper → WebProcess bounds its time to ready), polled beside the waits below.
watch_until=$(($(now_s) + 420))
(
    for name in gadgetboard-web WPEWebProcess; do
        while ! pidof $name > /dev/null 2>&1; do
            [ "$(now_s)" -ge $watch_until ] && exit 0
            sleep 0.1
        done
        mark "$name running"
    done
) &
watcher=$!
"$GB_BIN" run board.json --display "${GB_DISPLAY:-kms}" --duration 900 --events --control "$sock" \
    --stats stats.json --screenshot screenshot.png > run.log 2>&1 &
pid=$!
mark "kiosk started"
deadline=$(($(now_s) + 420))
wait_for run.log $deadline 'service: ready: first frame' && mark "first frame" || log "no first frame"
wait_for run.log $deadline '"type": *"web".*"event": *"loaded"' && mark "loaded" || log "no loaded event"
# `shown`: the first frame with the page's pixels presented (the kiosk's own "a frame after it").
wait_for run.log $(($(now_s) + 240)) '"type": *"web".*"event": *"shown"' && mark "shown" || log "no shown event"
"$GB_BIN" ctl "$sock" set page scale 1.25 > scale.json 2> scale.err || log "ctl set scale failed: $(cat scale.err)"
"$GB_BIN" ctl "$sock" state --timeout 60 > state.json 2> state.err || log "ctl state failed: $(cat state.err)"
# What the page costs here and whether WebKit's sandbox (bwrap) runs.
ps -eo pid,ppid,rss,args | cut -c1-160 > ps.txt 2>&1
# Two pids on NSpid: the WebProcess runs in a pid namespace of its own (bubblewrap's sandbox).
for p in $(pidof WPEWebProcess WPENetworkProcess); do echo "$p $(grep NSpid /proc/$p/status)"; done > nspid.txt 2>&1
free -m > free.txt 2>&1

# A painted frame after the load: snapshots until one shows the page's colours at the gadget's
# pose (check-web.py --probe). The final verdict is the KMS screenshot's, not these.
deadline=$(($(now_s) + 240))
n=0
while [ "$(now_s)" -lt "$deadline" ]; do
    n=$((n + 1))
    if "$GB_BIN" ctl "$sock" snapshot "snapshot.png" --timeout 120 > snapshot.log 2>&1 &&
        python3 "$GB_VM/check-web.py" --probe snapshot.png state.json > probe.log 2>&1; then
        mark "colours (snapshot $n)"
        break
    fi
    log "snapshot $n: $(tail -n 1 probe.log 2>/dev/null) $(tail -n 1 snapshot.log)"
    sleep 1
done
"$GB_BIN" ctl "$sock" state --timeout 60 > state.json 2> state.err || log "ctl state failed: $(cat state.err)"
kill -TERM $pid
wait $pid
echo $? > run.status
mark "kiosk exited $(cat run.status)"
kill $server $watcher 2>/dev/null
wait $server $watcher 2>/dev/null
exit 0
