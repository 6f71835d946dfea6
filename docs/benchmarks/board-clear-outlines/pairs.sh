#!/bin/bash
# Alternated pairs of short drag runs: A then B, B then A, ...; prints drag processCpuMsPerFrame per run.
A=$1; B=$2; N=${3:-20}; FR=${4:-300}; shift 4
for i in $(seq 1 $N); do
  if [ $((i % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
  for w in $order; do
    if [ $w = A ]; then bin=$A; else bin=$B; fi
    v=$($bin bench --workload board --size 1920x1080 --frames $FR --json "$@" 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin)['phases']['drag']; print(d['processCpuMsPerFrame'], d['fps'], d['redrawnFraction'])")
    echo "$i $w $v $(cut -d' ' -f1 /proc/loadavg)"
  done
done
