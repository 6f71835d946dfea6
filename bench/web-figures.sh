#!/usr/bin/env bash
# Issue 40's figures for the web helper (gadgetboard-web), driven alone by Tests/web/helper_client.py
# as the kiosk drives it (fd 3, frames answered with frameDone) against Tests/web/server.py's pages:
#   start → first page pixels (spawn to the first frame of a loaded page; target ≤ 1.5 s),
#   helper RSS for a simple page and after RELOADS reloads, counting WebKit's WebProcess and
#   NetworkProcess (target ≤ 150 MB and flat),
#   helper crash → page back (SIGKILL to a new helper's first frame; target ≤ 3 s).
#   bench/web-figures.sh [HELPER] [RELOADS] [STARTS]   (defaults: the debug build, 1000, 10)
# and, with the kiosk, start → first page pixels ON SCREEN (kiosk exec → its `web` event `shown`,
# headless display; web_kiosk_start.py says how the time splits between the kiosk and WebKit):
#   bench/web-figures.sh --kiosk-start [KIOSK] [HELPER] [STARTS]   (defaults: the debug build's, 10)
# and helper crash → page back ON SCREEN (SIGKILL → the kiosk's next `shown`; a helper spawned by the
# kiosk, or one per connection from a socket as gadgetboard-web.socket makes them; web_kiosk_crash.py):
#   bench/web-figures.sh --kiosk-crash [KIOSK] [HELPER] [KILLS] [spawn|socket]   (defaults: debug, 5, spawn)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [[ ${1:-} == --kiosk-crash ]]; then
    kiosk=${2:-$here/../.build/debug/gadgetboard}
    helper=${3:-$(dirname "$kiosk")/gadgetboard-web}
    kills=${4:-5}
    mode=${5:-spawn}
    work=$(mktemp -d)
    port=$((20000 + RANDOM % 20000))
    server=""
    trap '[[ -n $server ]] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
    . "$here/conditions.sh"
    bench_conditions "web-kiosk-crash-$mode" "$kiosk" "$helper"
    echo "# packages (web): $(dpkg-query -W -f='${Package} ${Version}, ' libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 bubblewrap systemd 2>/dev/null | sed 's/, $//')"
    python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
    server=$!
    for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
    python3 "$here/web_kiosk_crash.py" "$kiosk" "$helper" "$port" "$kills" "$mode" "$work"
    exit 0
fi
if [[ ${1:-} == --kiosk-start ]]; then
    kiosk=${2:-$here/../.build/debug/gadgetboard}
    helper=${3:-$(dirname "$kiosk")/gadgetboard-web}
    starts=${4:-10}
    work=$(mktemp -d)
    port=$((20000 + RANDOM % 20000))
    server=""
    trap '[[ -n $server ]] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
    . "$here/conditions.sh"
    bench_conditions web-kiosk-start "$kiosk" "$helper"
    echo "# packages (web): $(dpkg-query -W -f='${Package} ${Version}, ' libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 bubblewrap 2>/dev/null | sed 's/, $//')"
    python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
    server=$!
    for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
    python3 "$here/web_kiosk_start.py" "$kiosk" "$helper" "$port" "$starts" "$work"
    exit 0
fi
helper=${1:-$here/../.build/debug/gadgetboard-web}
reloads=${2:-1000}
starts=${3:-10}
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server=""
trap '[[ -n $server ]] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
. "$here/conditions.sh"
bench_conditions web-figures "$helper"
echo "# packages (web): $(dpkg-query -W -f='${Package} ${Version}, ' libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 bubblewrap 2>/dev/null | sed 's/, $//')"
python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
server=$!
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
python3 "$here/web_figures.py" "$helper" "$port" "$reloads" "$starts" "$work"
