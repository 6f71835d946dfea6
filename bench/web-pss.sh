#!/usr/bin/env bash
# What one more web page costs in memory (issue 40): 1…MAXPAGES helpers at once, each showing
# Tests/web/server.py's colours page at 800x480, their PSS (/proc/PID/smaps_rollup: shared pages
# split among the processes mapping them) summed over each helper and its WebKit processes.
#   bench/web-pss.sh [HELPER] [MAXPAGES]   (defaults: the debug build, 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
helper=${1:-$here/../.build/debug/gadgetboard-web}
most=${2:-3}
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server=""
trap '[[ -n $server ]] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
. "$here/conditions.sh"
bench_conditions web-pss "$helper"
echo "# packages (web): $(dpkg-query -W -f='${Package} ${Version}, ' libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 2>/dev/null | sed 's/, $//')"
echo "# other WebKit processes on the machine at the start (PSS shares pages with them too): $(pgrep -c -f 'WPEWebProcess|WPENetworkProcess' || true)"
python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
server=$!
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
python3 "$here/web_pss.py" "$helper" "$port" "$most" "$work"
