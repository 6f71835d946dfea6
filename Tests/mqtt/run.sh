#!/usr/bin/env bash
# The fleet over a real broker (issue 15): Debian's mosquitto on a free loopback port with a
# password file, three headless kiosks (k1, k2, k3) on it, driven and watched with
# mosquitto_pub/mosquitto_sub. Checks, in order:
#   presence   retained `online` for each kiosk; retained health JSON with its fields; k1's Home
#              Assistant discovery configs (and none from k2)
#   commands   a `set` to `all` changes all three, one to k2 only k2 (each kiosk's `state` reply,
#              asked for after them, says so; kiosks answer in arrival order)
#   malformed  garbage, truncated JSON, binary bytes, an empty and an oversized request, and one
#              left retained before k1 started, each get an error reply; every kiosk is still running and still answers
#   events     a tap written into k1's FIFO touch screen arrives on gadgetboard/k1/event
#   metrics    k1's Prometheus textfile says the broker connection is up
#   tls        k4 joins over mqtts with the test CA (--mqtt-ca); k5, trusting another CA, is refused
#   broker     stopped and started again: the kiosks keep running, come back `online` and answer
#              a request sent after the restart (they resubscribed)
#   will       k3 killed with SIGKILL is reported `offline` by the broker (its last will)
#   stop       k2 stopped with SIGTERM says `offline` itself and exits 0
#   secrets    the kiosks' password is in no process's arguments (ps -eo args) and in no log line
#   forms      k6's form submits to a topic: published at QoS 1, it arrives exactly once; with the
#              broker stopped it stays in the spool across a SIGKILL and arrives after; k7, without
#              --mqtt, keeps it and says to run with --mqtt
# Every wait is for a message or a state, with a generous hang guard (HANG seconds): nothing here
# is decided by a sleep.
#
# Environment: GADGETBOARD_BIN=path (default: swift build --product gadgetboard, debug).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
HANG=${HANG:-120}
fail() { echo "mqtt test: FAIL: $*" >&2; exit 1; }
note() { echo "mqtt test: $*"; }

for tool in mosquitto mosquitto_sub mosquitto_pub mosquitto_passwd python3 openssl; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/install-deps.sh --test installs mosquitto and mosquitto-clients)"
done
BIN=${GADGETBOARD_BIN:-}
if [[ -z $BIN ]]; then
    (cd "$REPO" && swift build --product gadgetboard >/dev/null) || fail "swift build --product gadgetboard failed"
    BIN=$(cd "$REPO" && swift build --show-bin-path)/gadgetboard
fi
[[ -x $BIN ]] || fail "no gadgetboard binary at $BIN"

WORK=$(mktemp -d /tmp/gadgetboard-mqtt-test.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [[ ${KEEP:-0} == 1 ]]; then echo "mqtt test: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# A free loopback port: bound by the kernel, released, then given to the broker.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A password that would be noticed anywhere it leaked; generated, so no run reuses another's.
SECRET="kiosk-pw-$(python3 -c 'import secrets; print(secrets.token_hex(12))')"
OBSERVER_SECRET="observer-pw-$(python3 -c 'import secrets; print(secrets.token_hex(6))')"

# TLS: a throw-away CA and a server certificate for localhost, and a second CA that signed nothing.
TLS_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
( cd "$WORK"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=gadgetboard test CA"
  openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=localhost"
  printf 'subjectAltName=DNS:localhost\n' > san.cnf
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.cnf
  openssl req -x509 -newkey rsa:2048 -nodes -keyout other.key -out other-ca.pem -days 2 -subj "/CN=another CA"
) >"$WORK/openssl.log" 2>&1 || { cat "$WORK/openssl.log" >&2; fail "openssl could not make the test certificates"; }

# Kiosks log in as `kiosk`; the test's own clients as `observer` (their -P is in their argv, which
# is why the `ps` check looks for the kiosks' password only).
printf 'kiosk:%s\nobserver:%s\n' "$SECRET" "$OBSERVER_SECRET" > "$WORK/passwd"
mosquitto_passwd -U "$WORK/passwd" >/dev/null
printf '# test credentials\nusername=kiosk\npassword=%s\n' "$SECRET" > "$WORK/credentials"
chmod 600 "$WORK/credentials"
# `user`: run as root, mosquitto would otherwise switch to the `mosquitto` user, which cannot
# read this private directory.
cat > "$WORK/mosquitto.conf" <<EOF
user $(id -un)
listener $PORT 127.0.0.1
allow_anonymous false
password_file $WORK/passwd
persistence false
log_dest file $WORK/broker.log
log_type all
listener $TLS_PORT 127.0.0.1
cafile $WORK/ca.pem
certfile $WORK/server.pem
keyfile $WORK/server.key
EOF

broker_pid=""
start_broker() {
    mosquitto -c "$WORK/mosquitto.conf" >>"$WORK/broker.out" 2>&1 &
    broker_pid=$!
    pids+=("$broker_pid")
    # Ready when a client can connect (a retained-free topic, one message we publish ourselves).
    local deadline=$((SECONDS + HANG))
    until mosquitto_pub -h 127.0.0.1 -p "$PORT" -u observer -P "$OBSERVER_SECRET" -t test/ping -m up 2>/dev/null; do
        kill -0 "$broker_pid" 2>/dev/null || { cat "$WORK/broker.out" "$WORK/broker.log" >&2 || true; fail "mosquitto did not start"; }
        (( SECONDS < deadline )) || fail "mosquitto not accepting connections after ${HANG}s"
        sleep 0.1
    done
}
sub() { mosquitto_sub -h 127.0.0.1 -p "$PORT" -u observer -P "$OBSERVER_SECRET" "$@"; }
pub() { mosquitto_pub -h 127.0.0.1 -p "$PORT" -u observer -P "$OBSERVER_SECRET" -q 1 "$@"; }

start_broker
note "broker on 127.0.0.1:$PORT"

# Everything the kiosks publish, in order, one `topic payload` a line (-v), for the whole test.
start_watch() {
    # Not through `sub`: a function run in the background is a subshell, and killing it would
    # leave mosquitto_sub running.
    mosquitto_sub -h 127.0.0.1 -p "$PORT" -u observer -P "$OBSERVER_SECRET" -v -t 'gadgetboard/#' >>"$WORK/watch.log" 2>>"$WORK/watch.err" &
    watch_pid=$!
    pids+=("$watch_pid")
}
: > "$WORK/watch.log"
start_watch

# Waits until `grep -c PATTERN watch.log` reaches N (default 1).
wait_for() {
    local pattern=$1 n=${2:-1} what=${3:-$1}
    local deadline=$((SECONDS + HANG))
    while (( $(grep -ac -- "$pattern" "$WORK/watch.log" || true) < n )); do
        (( SECONDS < deadline )) || { tail -40 "$WORK/watch.log" >&2; fail "no $what after ${HANG}s"; }
        sleep 0.1
    done
}
count() { grep -ac -- "$1" "$WORK/watch.log" || true; }

# A retained request waiting for k1 before it starts: delivered at its subscription with the
# retain flag, and refused (it would otherwise run again at every reconnect).
pub -t gadgetboard/k1/cmd -r -m '{"id":"retained","cmd":"state"}'

mkfifo "$WORK/touch1"
declare -A kiosk
for n in 1 2 3; do
    extra=()
    if [[ $n == 1 ]]; then extra=(--input-fifo "$WORK/touch1" --metrics "$WORK/k1.prom" --mqtt-discovery homeassistant); fi
    "$BIN" run --display headless --duration 3600 --mqtt "mqtt://127.0.0.1:$PORT" --node "k$n" \
        --mqtt-credentials "$WORK/credentials" --mqtt-health 1 --mqtt-keepalive 5 "${extra[@]}" \
        >"$WORK/k$n.out" 2>"$WORK/k$n.log" &
    kiosk[$n]=$!
    pids+=("${kiosk[$n]}")
done
alive() { for n in "$@"; do kill -0 "${kiosk[$n]}" 2>/dev/null || { cat "$WORK/k$n.log" >&2; fail "kiosk k$n is not running"; }; done; }

# --- presence and health
for n in 1 2 3; do wait_for "^gadgetboard/k$n/status online$" 1 "online from k$n"; done
for n in 1 2 3; do wait_for "^gadgetboard/k$n/health {" 1 "health from k$n"; done
wait_for '^gadgetboard/k1/reply .*retained' 1 "k1's refusal of the retained request"
pub -t gadgetboard/k1/cmd -r -n   # cleared: an empty retained message (k1 answers it with an error)
# Retained: a client arriving now is told at once.
retained=$(sub -C 3 -W "$HANG" -t 'gadgetboard/+/status' | sort | tr '\n' ' ')
[[ $retained == "online online online " ]] || fail "retained status: '$retained'"
sub -C 1 -W "$HANG" -t 'gadgetboard/k2/health' > "$WORK/health.json"
python3 - "$WORK/health.json" <<'EOF' || fail "health JSON"
import json, sys
h = json.load(open(sys.argv[1]))
need = ["node", "board", "fps", "framesPresented", "missedVblanks", "uptimeSeconds", "reloads", "displayConnected", "blanked"]
missing = [k for k in need if k not in h]
assert not missing, f"missing {missing} in {h}"
assert h["node"] == "k2" and h["displayConnected"] is True and h["framesPresented"] >= 1, h
EOF
# Home Assistant discovery (k1 only): retained configs pointing at k1's topics.
sub -C 1 -W "$HANG" -t 'homeassistant/text/gadgetboard_k1/page/config' > "$WORK/ha.json"
grep -q '"command_topic":"gadgetboard/k1/cmd"' "$WORK/ha.json" || fail "no Home Assistant page config for k1"
# None from k2: its retained configs, if any, would come before the marker's (the broker sends
# retained messages filter by filter, in the order subscribed). No timeout decides this.
pub -t test/marker -r -m marker
first=$(sub -C 1 -W "$HANG" -v -t 'homeassistant/+/gadgetboard_k2/#' -t test/marker)
[[ $first == "test/marker marker" ]] || fail "k2 published discovery configs without --mqtt-discovery: $first"
note "presence and health: ok"

# --- commands: one to `all` changes all three, one to k2 changes only k2 (checked through each
# kiosk's `state` reply). k1 has already answered the retained request and its clearing.
replies_of() { count "^gadgetboard/k$1/reply "; }
wait_for "^gadgetboard/k1/reply " 2 "k1's reply to the cleared retained request"
# The reply of node $1 to the request with id $2 (the last one, as JSON).
reply_to() { grep -a "^gadgetboard/k$1/reply {.*\"id\":\"$2\"" "$WORK/watch.log" | tail -1 | cut -d' ' -f2-; }
wait_reply() { wait_for "^gadgetboard/k$1/reply {.*\"id\":\"$2\"" 1 "k$1's reply to $2"; }
pub -t gadgetboard/all/cmd -m '{"id":"fade","cmd":"set","gadget":"alps","opacity":0.25}'
pub -t gadgetboard/k2/cmd -m '{"id":"hide","cmd":"set","gadget":"city","hidden":true}'
pub -t gadgetboard/all/cmd -m '{"id":"look","cmd":"state"}'
for n in 1 2 3; do wait_reply $n fade; wait_reply $n look; done
wait_reply 2 hide
for n in 1 2 3; do reply_to $n look > "$WORK/state$n.json"; done
python3 - "$WORK" <<'EOF2' || fail "the kiosks' states after the commands"
import json, sys
work = sys.argv[1]
for n in (1, 2, 3):
    r = json.load(open(f"{work}/state{n}.json"))
    assert r["ok"] is True, r
    g = {x["id"]: x for x in r["gadgets"]}
    assert g["alps"]["opacity"] == 0.25, f"k{n}: alps opacity {g['alps']['opacity']} (the request to all)"
    assert g["city"]["hidden"] is (n == 2), f"k{n}: city hidden {g['city']['hidden']} (the request to k2 only)"
EOF2
for n in 1 3; do [[ -z $(reply_to $n hide) ]] || fail "k$n answered a request for k2"; done
note "commands to all and to one node: ok"

# --- malformed requests (and an empty one): each gets an error reply, nothing crashes
before=$(count '^gadgetboard/k1/reply .*"ok":false')
pub -t gadgetboard/k1/cmd -m 'garbage'
pub -t gadgetboard/k1/cmd -m '{"op":'
printf '\xff\xfe\x00\x01' > "$WORK/binary"; pub -t gadgetboard/k1/cmd -f "$WORK/binary"
python3 -c 'print("{\"cmd\":\"state\",\"pad\":\"" + "x" * 70000 + "\"}")' > "$WORK/huge"; pub -t gadgetboard/k1/cmd -f "$WORK/huge"
pub -t gadgetboard/k1/cmd -m ''
wait_for '^gadgetboard/k1/reply .*"ok":false' $((before + 5)) "five error replies from k1"
grep -aq '^gadgetboard/k1/reply .*retained' "$WORK/watch.log" || fail "no reply naming the retained request"
grep -aq '^gadgetboard/k1/reply .*too large' "$WORK/watch.log" || fail "no reply naming the oversized request"
alive 1 2 3
pub -t gadgetboard/k1/cmd -m '{"id":"typo","cmd":"stat"}'
pub -t gadgetboard/k1/cmd -m '{"id":"still-there","cmd":"state"}'
wait_for '^gadgetboard/k1/reply {"id":"typo","ok":false' 1 "k1's error reply to an unknown command"
wait_for '^gadgetboard/k1/reply {"id":"still-there","ok":true' 1 "k1's reply after the malformed requests"
note "malformed requests: ok"

# --- a tap on k1's touch screen becomes an event (raw input_event records, CLOCK_MONOTONIC times)
python3 - "$WORK/touch1" <<'EOF'
import struct, sys, time
EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_X, ABS_MT_Y, ABS_MT_ID, BTN_TOUCH = 0, 1, 0x2f, 0x35, 0x36, 0x39, 0x14a
def ev(t, type_, code, value):
    return struct.pack("llHHi", int(t), int((t % 1) * 1e6), type_, code, value)
with open(sys.argv[1], "wb", buffering=0) as f:
    t = time.clock_gettime(time.CLOCK_MONOTONIC)
    down = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, 7), (EV_ABS, ABS_MT_X, 2048), (EV_ABS, ABS_MT_Y, 2048),
            (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, 2048), (EV_ABS, ABS_Y, 2048), (EV_SYN, 0, 0)]
    up = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_ID, -1), (EV_KEY, BTN_TOUCH, 0), (EV_SYN, 0, 0)]
    f.write(b"".join(ev(t, *e) for e in down))
    f.write(b"".join(ev(t + 0.05, *e) for e in up))
EOF
wait_for '^gadgetboard/k1/event .*"gesture":"tap"' 1 "a tap event from k1"
note "tap event: ok"

# --- metrics
deadline=$((SECONDS + HANG))
until grep -q '^gadgetboard_mqtt_connected 1$' "$WORK/k1.prom" 2>/dev/null; do
    (( SECONDS < deadline )) || fail "k1's metrics never said gadgetboard_mqtt_connected 1"
    sleep 0.2
done
note "metrics: ok"

# --- TLS: k4 trusts the test CA and joins over mqtts; k5 trusts another CA and must not
"$BIN" run --display headless --duration 3600 --mqtt "mqtts://localhost:$TLS_PORT" --node k4 --mqtt-ca "$WORK/ca.pem" \
    --mqtt-credentials "$WORK/credentials" >"$WORK/k4.out" 2>"$WORK/k4.log" &
kiosk[4]=$!; pids+=("${kiosk[4]}")
"$BIN" run --display headless --duration 3600 --mqtt "mqtts://localhost:$TLS_PORT" --node k5 --mqtt-ca "$WORK/other-ca.pem" \
    --mqtt-credentials "$WORK/credentials" >"$WORK/k5.out" 2>"$WORK/k5.log" &
kiosk[5]=$!; pids+=("${kiosk[5]}")
wait_for '^gadgetboard/k4/status online$' 1 "k4 online over TLS"
pub -t gadgetboard/k4/cmd -m '{"id":"tls","cmd":"state"}'
wait_for '^gadgetboard/k4/reply {"id":"tls","ok":true' 1 "k4's reply over TLS"
deadline=$((SECONDS + HANG))
until grep -q 'TLS error' "$WORK/k5.log"; do
    (( SECONDS < deadline )) || { cat "$WORK/k5.log" >&2; fail "k5 (the wrong CA) did not report a TLS error"; }
    sleep 0.1
done
[[ $(count '^gadgetboard/k5/') == 0 ]] || fail "k5 got through with a CA that did not sign the broker's certificate"
alive 5
kill -KILL "${kiosk[4]}" "${kiosk[5]}"
note "TLS: ok"

# --- the broker goes away and comes back; the kiosks stay up and resubscribe
kill -TERM "$broker_pid"; wait "$broker_pid" 2>/dev/null || true
# mosquitto_sub would keep retrying on its own; a fresh one subscribes once the broker is back.
kill -TERM "$watch_pid"; wait "$watch_pid" 2>/dev/null || true
online_before=$(count '/status online$')
start_broker
start_watch
alive 1 2 3
# Not persistent: the broker lost every retained message; the kiosks' reconnect publishes them anew.
for n in 1 2 3; do wait_for "^gadgetboard/k$n/status online$" 2 "k$n online again after the broker's restart"; done
pub -t gadgetboard/all/cmd -m '{"id":"after-restart","cmd":"state"}'
for n in 1 2 3; do wait_reply $n after-restart; done
note "broker restart: ok ($online_before online messages before)"

# --- last will: SIGKILL k3
kill -KILL "${kiosk[3]}"; wait "${kiosk[3]}" 2>/dev/null || true
wait_for '^gadgetboard/k3/status offline$' 1 "k3's will (offline)"
note "last will: ok"

# --- clean stop: SIGTERM k2 says offline itself and exits 0
kill -TERM "${kiosk[2]}"
rc=0; wait "${kiosk[2]}" || rc=$?
[[ $rc == 0 ]] || { cat "$WORK/k2.log" >&2; fail "k2 exited $rc on SIGTERM"; }
wait_for '^gadgetboard/k2/status offline$' 1 "k2's offline on SIGTERM"
alive 1
note "clean stop: ok"

# --- secrets: not in any process's arguments, not in any kiosk's log or output
# What `ps` shows every user, captured before anything that carries the secret in its own
# arguments runs (the grep below does).
# shellcheck disable=SC2009  # the issue asks about `ps` output itself, not a process search
ps -eo args > "$WORK/ps.txt"
grep -qF -- "--node k1" "$WORK/ps.txt" || fail "k1's command line is not in ps (the check would prove nothing)"
if grep -qF -- "$SECRET" "$WORK/ps.txt"; then fail "the kiosks' password is in ps"; fi
for f in "$WORK"/k*.log "$WORK"/k*.out "$WORK/watch.log"; do
    if grep -qF -- "$SECRET" "$f"; then fail "the kiosks' password is in $(basename "$f")"; fi
done
grep -q 'user kiosk (password set)' "$WORK/k1.log" || fail "k1 did not log that it uses credentials"
note "secrets: ok"

kill -TERM "${kiosk[1]}"; wait "${kiosk[1]}" || fail "k1 exited non-zero on SIGTERM"

# --- forms to a topic (issue 38): k6's form submits to museum/guestbook. A submission is published
# at QoS 1 and leaves the spool only on the broker's PUBACK: it arrives exactly once; with the
# broker stopped it waits in the spool (the log says so), survives a SIGKILL, and arrives once the
# kiosk is back with the broker up. k7, without --mqtt, says to run with --mqtt.
cat > "$WORK/form-board.json" <<'EOF'
{"size": [320, 200], "background": "#203040",
 "forms": [{"id": "guestbook", "submit": {"topic": "museum/guestbook"}}],
 "gadgets": [{"id": "name", "center": [160, 60], "size": [280, 40], "text": "-",
              "field": {"kind": "text", "form": "guestbook", "name": "name", "required": true}}]}
EOF
"$BIN" check "$WORK/form-board.json" >/dev/null || fail "check refused the form board"
: > "$WORK/forms.log"
forms_pid=""
# Subscribed (QoS 1) before anything is published to the topic: the broker keeps nothing for a
# topic nobody reads. Ready when its own marker comes back through the same connection.
start_forms_watch() {
    mosquitto_sub -h 127.0.0.1 -p "$PORT" -u observer -P "$OBSERVER_SECRET" -q 1 -v -t museum/guestbook -t test/forms-ready \
        >>"$WORK/forms.log" 2>>"$WORK/forms.err" &
    forms_pid=$!
    pids+=("$forms_pid")
    local marks deadline=$((SECONDS + HANG))
    marks=$(grep -ac '^test/forms-ready' "$WORK/forms.log" || true)
    until (( $(grep -ac '^test/forms-ready' "$WORK/forms.log" || true) > marks )); do
        (( SECONDS < deadline )) || fail "the forms subscriber never saw its marker"
        pub -t test/forms-ready -m ready
        sleep 0.1
    done
}
start_k6() {
    rm -f "$WORK/k6.sock"
    "$BIN" run "$WORK/form-board.json" --display headless --duration 3600 --no-watch --audio none \
        --mqtt "mqtt://127.0.0.1:$PORT" --node k6 --mqtt-credentials "$WORK/credentials" \
        --control "$WORK/k6.sock" --state-dir "$WORK/k6-state" --form-retry-ms 50 >>"$WORK/k6.out" 2>>"$WORK/k6.log" &
    kiosk[6]=$!; pids+=("${kiosk[6]}")
    local deadline=$((SECONDS + HANG))
    until [[ -S $WORK/k6.sock ]]; do (( SECONDS < deadline )) || fail "k6 has no control socket"; sleep 0.1; done
}
k6() { "$BIN" ctl "$WORK/k6.sock" "$@"; }
# Submits the form with $1 in its field; the reply comes once the entry is on disk.
k6_submit() {
    k6 set name text "$1" >/dev/null || fail "k6: set name"
    k6 submit guestbook >/dev/null || fail "k6's submit of $1 was not saved"
}
pending6() { k6 state | python3 -c 'import json, sys; print(json.load(sys.stdin)["forms"]["pending"])'; }
wait_pending6() {
    local deadline=$((SECONDS + HANG))
    until [[ $(pending6) == "$1" ]]; do
        (( SECONDS < deadline )) || { tail -20 "$WORK/k6.log" >&2; fail "k6's spool never held $1"; }
        sleep 0.1
    done
}
arrived() { grep -ac "^museum/guestbook {.*\"name\":\"$1\"" "$WORK/forms.log" || true; }
wait_arrived() {
    local deadline=$((SECONDS + HANG))
    until (( $(arrived "$1") >= 1 )); do
        (( SECONDS < deadline )) || { tail -20 "$WORK/k6.log" >&2; fail "$1's submission never arrived on museum/guestbook"; }
        sleep 0.1
    done
}
start_forms_watch
start_k6
wait_for '^gadgetboard/k6/status online$' 1 "online from k6"
k6_submit "Ada Lovelace"
wait_arrived "Ada Lovelace"
wait_pending6 0
grep -aq '^museum/guestbook {.*"submission":"' "$WORK/forms.log" || fail "the published submission has no idempotency key"
note "form submitted to a topic: arrived"

# The broker stops: the next submission is saved, waits in the spool, and the log says why.
kill -TERM "$broker_pid"; wait "$broker_pid" 2>/dev/null || true
kill -TERM "$forms_pid" "$watch_pid"; wait "$forms_pid" "$watch_pid" 2>/dev/null || true
k6_submit "Grace Hopper"
deadline=$((SECONDS + HANG))
until grep -q 'topic museum/guestbook: waiting for the broker' "$WORK/k6.log"; do
    (( SECONDS < deadline )) || { tail -20 "$WORK/k6.log" >&2; fail "k6 did not say it waits for the broker"; }
    sleep 0.1
done
[[ $(pending6) == 1 ]] || fail "k6's spool does not hold the submission made while the broker was down"
kill -KILL "${kiosk[6]}"; wait "${kiosk[6]}" 2>/dev/null || true
[[ $(find "$WORK/k6-state/forms/spool" -type f | wc -l) == 1 ]] || fail "the spool on disk does not hold the waiting submission after the SIGKILL"
# The broker returns; k6 starts again and sends what it kept.
start_broker
start_watch
start_forms_watch
start_k6
wait_arrived "Grace Hopper"
wait_pending6 0
[[ $(find "$WORK/k6-state/forms/spool" -type f | wc -l) == 0 ]] || fail "spool files left after the broker acknowledged"
[[ $(arrived "Ada Lovelace") == 1 ]] || fail "Ada Lovelace's submission arrived $(arrived "Ada Lovelace") times"
[[ $(arrived "Grace Hopper") == 1 ]] || fail "Grace Hopper's submission arrived $(arrived "Grace Hopper") times"
kill -TERM "${kiosk[6]}"; wait "${kiosk[6]}" || fail "k6 exited non-zero on SIGTERM"
note "form to a topic with the broker down and the kiosk SIGKILLed: kept, then arrived exactly once"

# Without --mqtt: the entry waits, and the log says what to do.
"$BIN" run "$WORK/form-board.json" --display headless --duration 3600 --no-watch --audio none \
    --control "$WORK/k7.sock" --state-dir "$WORK/k7-state" >"$WORK/k7.out" 2>"$WORK/k7.log" &
kiosk[7]=$!; pids+=("${kiosk[7]}")
deadline=$((SECONDS + HANG))
until [[ -S $WORK/k7.sock ]]; do (( SECONDS < deadline )) || fail "k7 has no control socket"; sleep 0.1; done
"$BIN" ctl "$WORK/k7.sock" set name text "Alan Turing" >/dev/null || fail "k7: set name"
"$BIN" ctl "$WORK/k7.sock" submit guestbook >/dev/null || fail "k7's submit was not saved"
deadline=$((SECONDS + HANG))
until grep -q 'no MQTT link (run with --mqtt)' "$WORK/k7.log"; do
    (( SECONDS < deadline )) || { cat "$WORK/k7.log" >&2; fail "k7 (no --mqtt) did not say to run with --mqtt"; }
    sleep 0.1
done
kill -TERM "${kiosk[7]}"; wait "${kiosk[7]}" 2>/dev/null || true
note "form to a topic without --mqtt: kept, the log says to run with --mqtt"
note "all checks passed"
