#!/usr/bin/env bash
# Runs inside the boot test's VM, as a unit started at boot (gadgetboard-boot-test.service),
# against gadgetboard.service as the Debian package installed it (install-package.sh, from the
# initramfs). Writes its findings to the results share (9p tag "results"), then powers the VM
# off. Checks:
#   0. the package: installed by install.sh --deb, the unit enabled from /lib/systemd/system, the
#      user in video/input/render, the user's board and defaults kept (conffiles)
#   1. systemd reports the service active after READY; it runs as gadgetboard, not root
#   2. it draws: frames presented in its metrics file increase
#   3. SIGHUP (systemctl reload) with a changed board takes effect, same process
#   4. a broken board is rejected, logged at error priority, the old board keeps running
#   5. a stalled main loop (test-only trigger) is killed by the watchdog and restarted
#   5b. a hung display (test-only double: flips stop completing) stops the pings while the loop
#       runs on, and is restarted the same way
#   7. an upgrade (install.sh --deb, a newer version): restarted by postinst, no reboot; the
#      user's board kept
#   9. web pages through the web package (gadgetboard-web.socket): the socket refuses users outside
#      the kiosk's group; the page on the kiosk's board runs in a gadgetboard-web@ instance as user
#      gadgetboard-web, in a cgroup whose memory.max and cpu.weight are the unit's MemoryMax and
#      CPUWeight, WebKit sandboxed; the kiosk's `state` says loaded; the page's colours on the KMS screen at the gadget
#      (check-web.py's probe); the instance killed (systemctl kill -s KILL): one kiosk line, the
#      page loaded again; the instance hung (SIGSTOP): systemd's watchdog kills it, one kiosk
#      line, the page loaded again; the web package upgraded: the socket restarted, its helper replaced
#   6. systemctl stop: a clean exit (SIGTERM handled, status 0)
#   8. apt-get remove stops it and keeps the configuration (the web package goes with it: socket
#      stopped); purge removes the configuration, the enablement and the kiosk's user (the web
#      package's user stays, as Debian keeps them; its cache goes)
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BOARDS=$HERE/fixtures
EXPECT_DISPLAY=$(cat "$HERE/expect-display")  # kms, or headless while the tree has no KMS backend
OUT=/run/boot-test-results
METRICS=/run/gadgetboard/metrics.prom
UNIT=gadgetboard.service
WEB_SOCKET_UNIT=gadgetboard-web.socket
WEB_SOCK=/run/gadgetboard-web/helper.sock
FAILED=0

mkdir -p "$OUT"
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 results "$OUT" || { echo "boot-test: cannot mount results share" >/dev/console; systemctl poweroff -ff; }

log() { printf "[%6.1f s] %s\n" "$(uptime_s)" "$*" | tee -a "$OUT/result.txt" >/dev/console; }
ok() { log "ok: $*"; }
bad() { log "FAIL: $*"; FAILED=1; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }
prop() { systemctl show -P "$1" "$UNIT"; }
metric() { awk -v k="$1" '$1 == k { print $2 }' "$METRICS" 2>/dev/null; }
frames() { metric gadgetboard_frames_presented_total; }

# Polls CONDITION (a command) every 0.5 s for up to SECONDS; true if it held. SECONDS is a hang
# guard, far above what a slow emulated boot needs: no check depends on how fast the VM runs.
wait_for() {
    local seconds=$1; shift
    local end=$(( $(date +%s) + seconds ))
    while ! "$@"; do
        [ "$(date +%s)" -ge "$end" ] && return 1
        sleep 0.5
    done
}

# KDGETMODE / KDSETMODE on /dev/tty1 (1 = KD_GRAPHICS, 0 = KD_TEXT); root may set it.
vt_mode() { python3 -c 'import fcntl, struct; fd = open("/dev/tty1", "wb", buffering=0); print(struct.unpack("i", fcntl.ioctl(fd, 0x4B3B, b"\0" * 4))[0])'; }
set_vt_graphics() { python3 -c 'import fcntl; fd = open("/dev/tty1", "wb", buffering=0); fcntl.ioctl(fd, 0x4B3A, 1)'; }
is_active() { [ "$(prop ActiveState)" = active ]; }
frames_above() { local f; f=$(frames); [ -n "$f" ] && [ "$f" -gt "$1" ]; }
metric_is() { [ "$(metric "$1")" = "$2" ]; }
# At least: the unit watches /etc/gadgetboard, so copying a board there reloads it too (issue 14),
# besides the SIGHUP the test sends.
metric_at_least() { local v; v=$(metric "$1"); [ -n "$v" ] && awk -v a="$v" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

finish() {
    # Evidence for a failure, kept small: the full journal takes a minute to print under emulation.
    journalctl -b --no-pager -u "$UNIT" -o short-monotonic >"$OUT/journal-gadgetboard.txt" 2>&1
    if [ "$FAILED" = 1 ]; then journalctl -b --no-pager -n 400 -o short-monotonic >"$OUT/journal-all.txt" 2>&1; fi
    systemctl status --no-pager "$UNIT" >"$OUT/status.txt" 2>&1
    systemd-analyze >"$OUT/systemd-analyze.txt" 2>&1
    cp "$METRICS" "$OUT/metrics.prom" 2>/dev/null
    log "done: $([ "$FAILED" = 0 ] && echo passed || echo FAILED) at $(uptime_s) s after boot"
    sync
    systemctl poweroff -ff
}

log "boot-test: driver started at $(uptime_s) s after boot"

# 0. The package, as the initramfs installed it before systemd started (install-package.sh).
{ read -r VERSION; read -r UPGRADE_VERSION; } <"$HERE/versions"
INSTALL_LOG=/var/log/gadgetboard-boot-test-install.log
cp "$INSTALL_LOG" "$OUT/install-package.log" 2>/dev/null
if grep -q '^exit status 0$' "$INSTALL_LOG" 2>/dev/null; then
    ok "install.sh --deb before boot: $(grep -c 'running:' "$INSTALL_LOG") changes, $(sed -n 's/^took //p' "$INSTALL_LOG") (chroot, emulated)"
else
    bad "install.sh --deb before boot failed: $(tail -n 3 "$INSTALL_LOG" 2>/dev/null | tr '\n' ' ')"
fi
installed=$(dpkg-query -W -f='${Status} ${Version}' gadgetboard 2>&1)
if [ "$installed" = "install ok installed $VERSION" ]; then ok "dpkg: gadgetboard $VERSION installed"; else bad "dpkg: '$installed', expected $VERSION"; fi
if [ "$(systemctl is-enabled "$UNIT")" = enabled ]; then ok "unit enabled by the package (deb-systemd-helper)"; else bad "unit: $(systemctl is-enabled "$UNIT")"; fi
case "$(prop FragmentPath)" in
    "/lib/systemd/system/$UNIT"|"/usr/lib/systemd/system/$UNIT") ok "unit from the package: $(prop FragmentPath)" ;;
    *) bad "unit file $(prop FragmentPath), not the package's /lib/systemd/system/$UNIT" ;;
esac
[[ "$(prop ExecStart)" == *"path=/usr/bin/gadgetboard "* ]] || bad "ExecStart does not run /usr/bin/gadgetboard: $(prop ExecStart)"
kiosk_groups=" $(id -nG gadgetboard 2>/dev/null) "
if [[ $kiosk_groups == *" video "* && $kiosk_groups == *" input "* && $kiosk_groups == *" render "* ]]; then
    ok "user gadgetboard (postinst) in$kiosk_groups"
else
    bad "user gadgetboard: groups '$kiosk_groups'"
fi
# The web package, installed after it (install-package.sh): its user and its socket, enabled.
installed=$(dpkg-query -W -f='${Status} ${Version}' gadgetboard-web 2>&1)
if [ "$installed" = "install ok installed $VERSION" ]; then ok "dpkg: gadgetboard-web $VERSION installed"; else bad "dpkg: gadgetboard-web '$installed', expected $VERSION"; fi
IFS=: read -r _ _ web_uid web_gid _ web_home web_shell < <(getent passwd gadgetboard-web)
if [ -n "${web_uid:-}" ] && [ "$web_uid" -lt 1000 ] && [ "$(getent group "$web_gid" | cut -d: -f1)" = gadgetboard-web ] &&
    [ "$web_home" = /nonexistent ] && [[ " $(id -nG gadgetboard-web) " == *" render "* ]]; then
    ok "user gadgetboard-web (web postinst): system uid $web_uid, group gadgetboard-web, home $web_home, shell $web_shell, groups $(id -nG gadgetboard-web)"
else
    bad "user gadgetboard-web: '$(getent passwd gadgetboard-web)', groups '$(id -nG gadgetboard-web 2>&1)'"
fi
if [ "$(systemctl is-enabled "$WEB_SOCKET_UNIT")" = enabled ]; then ok "$WEB_SOCKET_UNIT enabled by the web package"; else bad "$WEB_SOCKET_UNIT: $(systemctl is-enabled "$WEB_SOCKET_UNIT")"; fi
if cmp -s "$BOARDS/board-a/board.json" /etc/gadgetboard/board.json && [ -f /etc/gadgetboard/board.json.dpkg-dist ] &&
    grep -q -- '--frames' /etc/default/gadgetboard; then
    ok "conffiles: the user's board and defaults kept, the package's board beside them as board.json.dpkg-dist"
else
    bad "conffiles: /etc/gadgetboard: $(find /etc/gadgetboard -printf '%f '); defaults: $(grep OPTIONS /etc/default/gadgetboard)"
fi

# 1. Active after READY. Type=notify: "active" means READY=1 arrived (after the first frame).
if wait_for 300 is_active; then
    start=$(prop ExecMainStartTimestampMonotonic)
    ready=$(prop ActiveEnterTimestampMonotonic)
    ok "active after READY=1: kernel start to ready $(awk -v r="$ready" 'BEGIN { printf "%.1f", r / 1e6 }') s, exec to ready $(awk -v s="$start" -v r="$ready" 'BEGIN { printf "%.2f", (r - s) / 1e6 }') s (emulated VM: functional, not a Pi figure)"
else
    bad "gadgetboard.service not active within 300 s: $(prop ActiveState)/$(prop SubState), result $(prop Result)"
    finish
fi
if [ "$(prop Type)" != notify ] || [ "$(prop NotifyAccess)" != main ]; then bad "Type=$(prop Type) NotifyAccess=$(prop NotifyAccess)"; fi
[ "$(prop WatchdogUSec)" = 10s ] || bad "WatchdogUSec=$(prop WatchdogUSec)"
pid=$(prop MainPID)
user=$(ps -o user= -p "$pid" | tr -d ' ')
groups=$(ps -o supgrp= -p "$pid" | tr -d ' ')
if [ "$user" = gadgetboard ]; then ok "runs as $user (groups $groups), pid $pid"; else bad "runs as '$user', not gadgetboard"; fi
log "hardening: $(systemd-analyze security "$UNIT" 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: //p')"
display=$(sed -n 's/^gadgetboard_info{.*display="\([^"]*\)".*/\1/p' "$METRICS")
if [ "$(systemctl show -P ActiveState "$WEB_SOCKET_UNIT")" = active ] && [ -S "$WEB_SOCK" ] &&
    [ "$(stat -c '%a %U %G' "$WEB_SOCK")" = "660 root gadgetboard" ]; then
    ok "$WEB_SOCKET_UNIT listening: $WEB_SOCK $(stat -c '%a %U:%G' "$WEB_SOCK")"
else
    bad "$WEB_SOCKET_UNIT: $(systemctl show -P ActiveState "$WEB_SOCKET_UNIT"); $(stat -c '%n %F %a %U:%G' "$WEB_SOCK" 2>&1)"
fi
if [[ $display == "$EXPECT_DISPLAY"* ]]; then ok "display: $display"; else bad "display: '$display', expected $EXPECT_DISPLAY"; fi

# 2. It draws.
if wait_for 60 test -s "$METRICS"; then
    # Waits for the count to grow, however slowly the VM runs (the minute is a hang guard).
    f0=$(frames)
    if [ -n "$f0" ] && wait_for 60 frames_above "$f0"; then ok "draws: frames presented $f0 -> $(frames)"; else bad "frames presented did not increase: '$f0' -> '$(frames)'"; fi
else
    bad "no metrics file $METRICS"
fi
if journalctl -b -u "$UNIT" -p info --no-pager -o cat | grep -q '^service: ready: first frame presented'; then
    ok "journal: subsystem-prefixed lines (service: ready …)"
else
    bad "journal has no 'service: ready' line"
fi

# 3. SIGHUP with a changed board (1 gadget -> 2), the same process.
metric_is gadgetboard_board_gadgets 1 || bad "board before reload: gadgets $(metric gadgetboard_board_gadgets), expected 1"
# The VT the kiosk keeps in graphics mode must stay so through a reload: with the VT as the
# unit's terminal (TTYPath=, StandardInput=tty), systemd 252 switched it back to text whenever it
# started ExecReload (console over the board), even with TTYReset=no.
if [[ $display == kms* ]]; then
    if [ "$(vt_mode)" = 1 ]; then ok "the kiosk put /dev/tty1 in graphics mode"; else bad "/dev/tty1 is in mode $(vt_mode) under KMS, not graphics (1)"; fi
else
    set_vt_graphics  # headless: stand in for what the KMS backend does
fi
cp "$BOARDS/board-b/board.json" /etc/gadgetboard/board.json
systemctl reload "$UNIT"
if wait_for 60 metric_is gadgetboard_board_gadgets 2 && wait_for 60 metric_at_least 'gadgetboard_board_reloads_total{result="ok"}' 1; then
    ok "reload (SIGHUP and the directory watch): the changed board is on screen (gadgets 1 -> 2), $(metric 'gadgetboard_board_reloads_total{result="ok"}') ok reloads"
else
    bad "reload: gadgets $(metric gadgetboard_board_gadgets), ok reloads $(metric 'gadgetboard_board_reloads_total{result="ok"}')"
fi
[ "$(prop MainPID)" = "$pid" ] || bad "reload restarted the process ($pid -> $(prop MainPID))"
if [ "$(vt_mode)" = 1 ]; then ok "the VT stayed in graphics mode through the reload"; else bad "the reload switched /dev/tty1 to mode $(vt_mode) (0 = text: the console draws over the board)"; fi
f=$(frames)
wait_for 60 frames_above "$f" || bad "no frames after the reload"

# 3b. The control socket (issue 14): under the runtime directory, mode 0660, answering `state`
# through the unit's sandbox (AF_UNIX, seccomp).
sock=/run/gadgetboard/control.sock
# The package's binary (/usr/bin), as an integrator's script on the kiosk would call it.
reply=$(/usr/bin/gadgetboard ctl "$sock" state 2>&1 | head -c 300)
if [ -S "$sock" ] && [ "$(stat -c %a "$sock")" = 660 ] && [[ $reply == *'"ok":true'* ]]; then
    ok "control socket: mode 660, 'ctl state' answered"
else
    bad "control socket: $(stat -c '%n %F %a %G' "$sock" 2>&1); ctl state: $reply"
fi

# 4. A broken board: rejected, every problem logged at error priority, the old one stays.
printf '{"size": [800, 480], "gadgets": [{"id": "x", "center": [1, 1]}]}\n' >/etc/gadgetboard/board.json
systemctl reload "$UNIT"
if wait_for 60 metric_at_least 'gadgetboard_board_reloads_total{result="failed"}' 1; then
    if metric_is gadgetboard_board_gadgets 2 && is_active && [ "$(prop MainPID)" = "$pid" ]; then
        ok "broken board rejected; the running board (2 gadgets) stays, same process"
    else
        bad "after a broken board: gadgets $(metric gadgetboard_board_gadgets), $(prop ActiveState), pid $(prop MainPID)"
    fi
else
    bad "broken board: failed reloads $(metric 'gadgetboard_board_reloads_total{result="failed"}')"
fi
errors=$(journalctl -b -u "$UNIT" -p err --no-pager -o cat | grep -c '^board: ')
if [ "$errors" -ge 2 ]; then ok "journal: $errors 'board:' lines at priority err (sd-daemon <3> prefix parsed)"; else bad "journal: $errors board errors at priority err"; fi
f=$(frames)
wait_for 60 frames_above "$f" || bad "no frames after the rejected board"

# The running board again, so the restarted process (which reads the file afresh) can start.
cp "$BOARDS/board-b/board.json" /etc/gadgetboard/board.json

# Touches the trigger file $2 and expects systemd's watchdog to restart the service; $1 names
# the case, $3 is the journal line that says why. /run/gadgetboard goes with the old process,
# and the trigger with it.
expect_watchdog_restart() {
    local what=$1 trigger=$2 why=$3 restarts pid started took
    restarts=$(prop NRestarts)
    pid=$(prop MainPID)
    started=$(uptime_s)
    touch "$trigger"
    if wait_for 120 bash -c "[ \"\$(systemctl show -P NRestarts $UNIT)\" -gt $restarts ] && [ \"\$(systemctl show -P ActiveState $UNIT)\" = active ]"; then
        took=$(awk -v a="$started" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }')
        ok "watchdog: $what restarted (NRestarts $restarts -> $(prop NRestarts), pid $pid -> $(prop MainPID), $took s from the trigger to active again)"
        if journalctl -b -u "$UNIT" --no-pager -o cat | grep -q "$why"; then ok "journal: '$why'"; else bad "no '$why' in the journal"; fi
        if wait_for 60 frames_above 1; then ok "draws again after the restart: frames $(frames)"; else bad "no frames after the $what restart"; fi
    else
        bad "watchdog: $what not restarted within 120 s (NRestarts $(prop NRestarts), $(prop ActiveState)/$(prop SubState))"
    fi
}

# 5. A hung loop (test-only trigger, GADGETBOARD_TEST_STALL_FILE in a drop-in): no pings at all.
expect_watchdog_restart "stalled loop" /run/gadgetboard/stall 'Watchdog timeout'

# 5b. A hung display (test-only double, GADGETBOARD_TEST_HANG_FLIPS_FILE): the loop runs on (its
#     metrics file keeps being written) but no flip completes, so after FlipWatch's 2 s the pings
#     stop and systemd restarts the service.
expect_watchdog_restart "hung display" /run/gadgetboard/hang-flips 'the display looks hung; no longer pinging systemd'

# 7. An upgrade without a reboot, as a fleet gets one: install.sh --deb with a newer package.
#    postinst restarts the service (dh_installsystemd's restart-after-upgrade); the board in
#    /etc/gadgetboard (board-b now, changed by the user) is a conffile and stays.
pid=$(prop MainPID)
if "$HERE/deploy/install.sh" --deb "$HERE/gadgetboard-upgrade.deb" --no-boot-config --no-packages >"$OUT/upgrade.log" 2>&1; then
    installed=$(dpkg-query -W -f='${Version}' gadgetboard)
    if [ "$installed" = "$UPGRADE_VERSION" ] && wait_for 120 is_active && [ "$(prop MainPID)" != "$pid" ]; then
        ok "upgrade $VERSION -> $installed: restarted by postinst (pid $pid -> $(prop MainPID)), no reboot"
    else
        bad "upgrade: version $installed, $(prop ActiveState), pid $pid -> $(prop MainPID)"
    fi
    if cmp -s "$BOARDS/board-b/board.json" /etc/gadgetboard/board.json; then ok "upgrade kept the user's board"; else bad "upgrade replaced the user's board"; fi
    if wait_for 60 frames_above 1 && metric_is gadgetboard_board_gadgets 2; then ok "draws after the upgrade (board-b, 2 gadgets)"; else bad "after the upgrade: frames $(frames), gadgets $(metric gadgetboard_board_gadgets)"; fi
else
    bad "install.sh --deb (upgrade) failed: $(tail -n 3 "$OUT/upgrade.log" | tr '\n' ' ')"
fi

# 9. Web pages through the web package's socket (docs/web.md, "Packaged"). The page is the VM web
#    stage's (Tests/vm/web: red, blue and green at known places), served on the guest's loopback,
#    which the helper reaches and the kiosk's own sandbox (PrivateNetwork) would not.
web_started=$(uptime_s)
python3 -u -m http.server 8040 --bind 127.0.0.1 --directory "$HERE/web/site" >"$OUT/web-server.log" 2>&1 &
web_server=$!
wait_for 120 grep -q 'Serving HTTP' "$OUT/web-server.log" || bad "the page server did not start: $(cat "$OUT/web-server.log")"
web_instances() { systemctl list-units --type=service --state=running --plain --no-legend 'gadgetboard-web@*.service' | awk '{ print $1 }'; }
one_web_instance() { [ "$(web_instances | wc -l)" = 1 ]; }
no_web_instance() { [ -z "$(web_instances)" ]; }
present() { local f; for f in "$@"; do if [ -e "$f" ]; then printf '%s ' "$f"; fi; done; }
# The instance $1 (asked for by $2): its user, and its cgroup's files against the unit's values.
check_web_instance() {
    local unit=$1 who=$2 pid user cgroup want_memory want_weight memory weight
    pid=$(systemctl show -P MainPID "$unit")
    user=$(ps -o user= -p "$pid" | tr -d ' ')
    cgroup=/sys/fs/cgroup$(systemctl show -P ControlGroup "$unit")
    want_memory=$(systemctl show -P MemoryMax "$unit")
    want_weight=$(systemctl show -P CPUWeight "$unit")
    memory=$(cat "$cgroup/memory.max" 2>&1)
    weight=$(cat "$cgroup/cpu.weight" 2>&1)
    if [ "$user" = gadgetboard-web ]; then ok "$who: $unit runs as gadgetboard-web (pid $pid)"; else bad "$who: $unit runs as '$user' (pid $pid)"; fi
    if [ "$memory" = "$want_memory" ] && [ "$weight" = "$want_weight" ] && [ "$want_memory" != infinity ]; then
        ok "$who: its cgroup's memory.max $memory (the unit's MemoryMax) and cpu.weight $weight (CPUWeight)"
    else
        bad "$who: cgroup $cgroup: memory.max '$memory' (MemoryMax $want_memory), cpu.weight '$weight' (CPUWeight $want_weight)"
    fi
    # WebKit's processes of this instance: in its cgroup, in a pid namespace of their own when
    # bubblewrap ran (two pids on NSpid). Reported: the helper's own line says when it could not.
    log "$who: the instance's processes (NSpid): $(while read -r p; do printf '%s(%s) ' "$(cat /proc/"$p"/comm 2>/dev/null)" "$(awk '/^NSpid/ { $1 = ""; print substr($0, 2) }' /proc/"$p"/status 2>/dev/null)"; done <"$cgroup/cgroup.procs")"
}

# 9a. Only the kiosk's group may ask for a page: a connection from another user is refused.
connect_as() { runuser -u "$1" -- python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
try:
    s.connect(sys.argv[1])
except OSError as error:
    sys.exit(error.strerror)' "$WEB_SOCK" 2>&1; }
if refused=$(connect_as nobody); then
    bad "the socket accepted a connection from user nobody"
elif [ "$refused" = "Permission denied" ]; then
    ok "the socket refuses a user outside group gadgetboard ($refused)"
else
    bad "user nobody's connection: '$refused'"
fi
wait_for 60 no_web_instance || bad "instances after the refused connection: $(web_instances | tr '\n' ' ')"

# 9b. The kiosk's board with a web gadget (Tests/vm/web/board.json: 320x200, turned 15 degrees).
state_file=/run/boot-test-web-state.json
# True when `state` says the gadget's page is loaded with N crashes ($1, default any).
web_state_loaded() {
    /usr/bin/gadgetboard ctl "$sock" state >"$state_file" 2>/dev/null &&
        python3 -c 'import json, sys
g = next(g for g in json.load(open(sys.argv[1]))["gadgets"] if g["id"] == "page")
w = g.get("web") or {}
sys.exit(0 if w.get("loaded") is True and (sys.argv[2] == "" or w.get("crashes") == int(sys.argv[2])) else 1)' "$state_file" "${1:-}"
}
web_state() { python3 -c 'import json, sys; print(json.dumps(next(g for g in json.load(open(sys.argv[1]))["gadgets"] if g["id"] == "page").get("web")))' "$state_file" 2>&1; }
# A control snapshot (the next presented frame, read back from the KMS framebuffer) showing the
# page's colours at the gadget's pose: check-web.py's probe, as the VM web stage uses it.
web_pixels() {
    /usr/bin/gadgetboard ctl "$sock" snapshot /run/boot-test-web.png --timeout 120 >/dev/null 2>&1 &&
        python3 "$HERE/web/check-web.py" --probe /run/boot-test-web.png "$state_file" >/run/boot-test-web-probe.txt 2>&1
}
kiosk_web_lines() { journalctl -b -u "$UNIT" --no-pager -o cat | grep '^web: '; }
cp "$HERE/web/board.json" /etc/gadgetboard/board.json
systemctl reload "$UNIT"
if wait_for 420 web_state_loaded; then
    ok "the kiosk's state: the page loaded, $(web_state)"
    # The helper's engine line says whether WebKit's bubblewrap sandbox runs (as the kiosk's
    # child it cannot: the kiosk's unit forbids namespaces).
    if [[ $(web_state) == *", sandboxed"* ]]; then ok "WebKit's bubblewrap sandbox runs under the unit"; else bad "WebKit is not sandboxed under the unit: $(web_state); $(journalctl -b -u 'gadgetboard-web@*' -o cat | grep -m1 bubblewrap)"; fi
    if kiosk_web_lines | grep -qF "web: page helpers come from $WEB_SOCK (gadgetboard-web.socket)"; then
        ok "the kiosk said once: $(kiosk_web_lines | grep -F 'page helpers come from' | head -n 1) ($(kiosk_web_lines | grep -cF 'page helpers come from') line)"
    else
        bad "no 'page helpers come from $WEB_SOCK' line from the kiosk: $(kiosk_web_lines | head -n 3 | tr '\n' ' ')"
    fi
    if one_web_instance; then check_web_instance "$(web_instances)" "the kiosk's page"; else bad "running instances: '$(web_instances | tr '\n' ' ')', expected one"; fi
    if wait_for 240 web_pixels; then
        ok "the page's colours on the KMS screen at the gadget, turned 15 degrees ($(cat /run/boot-test-web-probe.txt))"
    else
        bad "the page's colours are not on the KMS screen at the gadget: $(cat /run/boot-test-web-probe.txt 2>&1)"
    fi
    cp /run/boot-test-web.png "$OUT/web-snapshot.png" 2>/dev/null

    # 9c. The instance killed: the kiosk logs one line, connects again, the page is loaded again.
    killed=$(web_instances)
    lines_before=$(kiosk_web_lines | wc -l)
    crashes_before=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1]).get("crashes", 0))' "$(web_state)")
    systemctl kill -s KILL "$killed"
    if wait_for 420 web_state_loaded $((crashes_before + 1)) && one_web_instance && [ "$(web_instances)" != "$killed" ]; then
        new_lines=$(kiosk_web_lines | tail -n +$((lines_before + 1)))
        if [ "$(grep -c . <<<"$new_lines")" = 1 ]; then
            ok "systemctl kill -s KILL $killed: the kiosk logged one line ($new_lines); the page loaded again in $(web_instances) ($(web_state))"
        else
            bad "after the kill the kiosk logged $(grep -c . <<<"$new_lines") lines: $(tr '\n' '|' <<<"$new_lines")"
        fi
    else
        bad "after systemctl kill -s KILL $killed: $(web_state); instances $(web_instances | tr '\n' ' ')"
    fi

    # 9c'. The instance hung (SIGSTOP: its GLib loop stops pinging WATCHDOG=1): systemd's watchdog
    #      (WatchdogSec=30s) kills it, its connection ends, and the kiosk's crash path brings the page
    #      back: one line, a new instance. The kiosk cannot signal the other user's process itself.
    hung=$(web_instances)
    lines_before=$(kiosk_web_lines | wc -l)
    crashes_before=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1]).get("crashes", 0))' "$(web_state)")
    hang_started=$(uptime_s)
    systemctl kill -s STOP --kill-whom=main "$hung"
    if wait_for 420 web_state_loaded $((crashes_before + 1)) && one_web_instance && [ "$(web_instances)" != "$hung" ]; then
        new_lines=$(kiosk_web_lines | tail -n +$((lines_before + 1)))
        watchdog_line=$(journalctl -b --no-pager -o cat -u "$hung" | grep -m1 -i 'watchdog timeout')
        if [ -n "$watchdog_line" ] && [ "$(grep -c . <<<"$new_lines")" = 1 ]; then
            ok "$hung stopped (SIGSTOP): systemd said '$watchdog_line'; the kiosk logged one line ($new_lines); the page loaded again in $(web_instances) after $(awk -v a="$hang_started" -v b="$(uptime_s)" 'BEGIN { printf "%.0f", b - a }') s"
        else
            bad "after SIGSTOP of $hung: systemd's watchdog line '$watchdog_line'; the kiosk logged $(grep -c . <<<"$new_lines") lines: $(tr '\n' '|' <<<"$new_lines")"
        fi
    else
        bad "after SIGSTOP of $hung: $(web_state); instances $(web_instances | tr '\n' ' '); $(journalctl -b --no-pager -o cat -u "$hung" | tail -n 3 | tr '\n' '|')"
    fi

    # 9d. The web package upgraded while the page shows (a newer version, dpkg -i): its postinst
    #     restarts the socket and stops the old program's helpers; the kiosk connects again (the
    #     new instance is enough: the page's load after a lost helper is 9c's check).
    old_instance=$(web_instances)
    new_web_instance() { one_web_instance && [ "$(web_instances)" != "$old_instance" ]; }
    if DEBIAN_FRONTEND=noninteractive dpkg -i "$HERE/gadgetboard-web-upgrade.deb" >"$OUT/web-upgrade.log" 2>&1; then
        installed=$(dpkg-query -W -f='${Version}' gadgetboard-web)
        if [ "$installed" = "$UPGRADE_VERSION" ] && [ "$(systemctl show -P ActiveState "$WEB_SOCKET_UNIT")" = active ] &&
            wait_for 120 new_web_instance; then
            ok "gadgetboard-web upgraded to $installed: socket restarted, $old_instance stopped, the kiosk connected again ($(web_instances))"
        else
            bad "web upgrade: version $installed, socket $(systemctl show -P ActiveState "$WEB_SOCKET_UNIT"), $(web_state), instances $(web_instances | tr '\n' ' ') (was $old_instance)"
        fi
    else
        bad "dpkg -i of the web upgrade failed: $(tail -n 3 "$OUT/web-upgrade.log" | tr '\n' ' ')"
    fi
else
    bad "the kiosk's page not loaded within 420 s: $(web_state); kiosk: $(kiosk_web_lines | tail -n 3 | tr '\n' ' ')"
fi
# The board without the page: the kiosk lets its helper go, and the instance ends.
cp "$BOARDS/board-b/board.json" /etc/gadgetboard/board.json
systemctl reload "$UNIT"
if wait_for 120 no_web_instance; then ok "the page gone from the board: its instance ended"; else bad "instances left after the page went: $(web_instances | tr '\n' ' ')"; fi
kill "$web_server" 2>/dev/null
journalctl -b --no-pager -o short-monotonic -u 'gadgetboard-web@*' >"$OUT/journal-web.txt" 2>&1
log "web checks took $(awk -v a="$web_started" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s"

# 6. A clean stop: SIGTERM handled, exit status 0, and (KMS) the console back in text mode.
systemctl stop "$UNIT"
if [ "$(prop Result)" = success ] && [ "$(prop ExecMainStatus)" = 0 ]; then
    ok "systemctl stop: clean exit (status 0)"
else
    bad "stop: result $(prop Result), status $(prop ExecMainStatus)"
fi
if [[ $display == kms* ]]; then
    if [ "$(vt_mode)" = 0 ]; then ok "the console is back in text mode after the stop"; else bad "after the stop /dev/tty1 is in mode $(vt_mode), not text (0)"; fi
fi

# 8. Remove (prerm stops the running kiosk; the configuration stays), then purge (postrm: the
#    conffiles, the enablement, the user).
systemctl start "$UNIT" || bad "start before the removal failed"
if apt-get remove -y gadgetboard >"$OUT/remove.log" 2>&1; then
    if ! is_active && [ ! -e /usr/bin/gadgetboard ] && [ -f /etc/gadgetboard/board.json ]; then
        ok "apt-get remove: stopped ($(prop ActiveState)), binary gone, /etc/gadgetboard kept"
    else
        bad "apt-get remove: $(prop ActiveState), binary $(ls /usr/bin/gadgetboard 2>&1), board $(ls /etc/gadgetboard/board.json 2>&1)"
    fi
    # The web package depends on the kiosk's: removed with it, its socket stopped and gone.
    if [ "$(systemctl show -P ActiveState "$WEB_SOCKET_UNIT")" != active ] && [ ! -e "$WEB_SOCK" ] &&
        [ ! -e /usr/libexec/gadgetboard/gadgetboard-web ] && no_web_instance; then
        ok "apt-get remove took gadgetboard-web too: socket $(systemctl show -P ActiveState "$WEB_SOCKET_UNIT"), $WEB_SOCK and the helper gone"
    else
        bad "after remove: $WEB_SOCKET_UNIT $(systemctl show -P ActiveState "$WEB_SOCKET_UNIT"), left: $(present "$WEB_SOCK" /usr/libexec/gadgetboard/gadgetboard-web)"
    fi
else
    bad "apt-get remove failed: $(tail -n 3 "$OUT/remove.log" | tr '\n' ' ')"
fi
if apt-get purge -y gadgetboard gadgetboard-web >"$OUT/purge.log" 2>&1; then
    if [ ! -e /etc/gadgetboard ] && ! getent passwd gadgetboard >/dev/null && ! getent group gadgetboard >/dev/null &&
        [ ! -e /etc/systemd/system/multi-user.target.wants/$UNIT ] && ! dpkg-query -W -f='${Status}' gadgetboard 2>/dev/null | grep -qv not-installed; then
        ok "apt-get purge: /etc/gadgetboard, the user and group, the enablement gone"
    else
        bad "purge left: $(ls -d /etc/gadgetboard 2>/dev/null) $(getent passwd gadgetboard) $(getent group gadgetboard) $(ls /etc/systemd/system/multi-user.target.wants/$UNIT 2>/dev/null)"
    fi
    if [ ! -e /var/cache/gadgetboard-web ] && [ ! -e "/etc/systemd/system/sockets.target.wants/$WEB_SOCKET_UNIT" ] && getent passwd gadgetboard-web >/dev/null; then
        ok "apt-get purge gadgetboard-web: its cache and the socket's enablement gone, its user kept (as Debian does)"
    else
        bad "purge gadgetboard-web: left: $(present /var/cache/gadgetboard-web "/etc/systemd/system/sockets.target.wants/$WEB_SOCKET_UNIT") user '$(getent passwd gadgetboard-web)'"
    fi
else
    bad "apt-get purge failed: $(tail -n 3 "$OUT/purge.log" | tr '\n' ' ')"
fi

finish
