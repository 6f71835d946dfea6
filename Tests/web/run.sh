#!/usr/bin/env bash
# Web pages as gadgets (issue 40), end to end: the helper program gadgetboard-web against a
# loopback server's pages (server.py) with known colours, touch reporting, an allow list, a
# 500, a page that never answers and one that allocates without end; the kiosk with it spawned
# and with it from a socket as another user (socket_checks.py). One PASS/FAIL line each;
# exit 1 if any failed. Needs WPE WebKit (scripts/install-deps.sh --test) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product gadgetboard-web >/dev/null
swift build --product gadgetboard >/dev/null
bin="$(swift build --show-bin-path)"
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server=""
cleanup() { [[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
echo "web: commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Tests/web/server.py "$port" "$work/reports.log" &
server=$!
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
status=0
python3 Tests/web/helper_checks.py "$bin/gadgetboard-web" "$port" "$work/reports.log" "$work" || status=1
if [[ $status -ne 0 ]]; then echo "web: the helper's log:"; tail -n 30 "$work/helper.log" || true; fi
python3 Tests/web/kiosk_checks.py "$bin/gadgetboard" "$bin/gadgetboard-web" "$port" "$work/reports.log" "$work" || status=1
# The package's way: helpers from a socket, one per connection, as their own user (gadgetboard-web.socket).
python3 Tests/web/socket_checks.py "$bin/gadgetboard" "$bin/gadgetboard-web" "$port" "$work/reports.log" "$work" || status=1
exit $status
