#!/usr/bin/env bash
# Drives the lobby board (examples/lobby/board.json) from a shell script, as an integrator would:
# the clock every second, the breakfast price from a file (or any other source), and the guests'
# "order" taps read from the kiosk's events. Run the kiosk with `--control SOCKET` first.
#   examples/lobby/feed.sh /run/gadgetboard/control.sock [PRICE_FILE]
set -euo pipefail
sock=${1:?usage: feed.sh SOCKET [PRICE_FILE]}
price_file=${2:-}
ctl() { gadgetboard ctl "$sock" "$@"; }

# Orders: every "order-breakfast" action event, as JSON Lines, until the kiosk goes away.
ctl subscribe | while read -r event; do
  case $event in *'"name":"order-breakfast"'*) echo "order: $event" ;; esac
done &
trap 'kill $! 2>/dev/null' EXIT

last_price=""
while true; do
  ctl set clock text "$(date +%H:%M)" >/dev/null
  if [[ -n $price_file && -r $price_file ]]; then
    price=$(head -n1 "$price_file")
    if [[ $price != "$last_price" ]]; then ctl set price text "$price" >/dev/null && last_price=$price; fi
  fi
  sleep 1
done
