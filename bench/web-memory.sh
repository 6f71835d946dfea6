#!/usr/bin/env bash
# Where one web page's memory goes (issue 40's helper RSS target): the helper and WebKit's
# processes, each with RSS, PSS and its largest mappings, on Tests/web/server.py's colours page.
#   bench/web-memory.sh [HELPER] [TOP]   (defaults: the release build, 6 mappings a process)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
helper=${1:-$here/../.build/release/gadgetboard-web}
top=${2:-6}
work=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
server=""
trap '[[ -n $server ]] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
. "$here/conditions.sh"
bench_conditions web-memory "$helper"
echo "# packages (web): $(dpkg-query -W -f='${Package} ${Version}, ' libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 libgl1-mesa-dri 2>/dev/null | sed 's/, $//')"
python3 "$here/../Tests/web/server.py" "$port" "$work/reports.log" &
server=$!
for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
python3 "$here/web_memory.py" "$helper" "$port" "$work" "$top"
