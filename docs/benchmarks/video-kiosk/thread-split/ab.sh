#!/bin/bash
# ab.sh BIN NAME: 25 s tiny 720p run, per-thread CPU at the end
bin=$1 name=$2
"$bin" run /tmp/vab/board.json --display headless --no-watch --duration 25 --stats /tmp/vab/$name.stats.json > /dev/null 2> /tmp/vab/$name.log &
pid=$!
sleep 23
for t in /proc/$pid/task/*; do s=$(cat $t/stat); rest=${s##*) }; read -r _ _ _ _ _ _ _ _ _ _ _ u st _ <<< "$rest"; echo "$(cat $t/comm) $(( (u+st) ))"; done > /tmp/vab/$name.threads
wait $pid
