#!/bin/bash
# GadgetBenchTests (its suites in parallel, the sprite bench traced) over and over until a deadline.
cd /work/main
end=$(( $(date +%s) + ${1:-1800} ))
i=0
while [ $(date +%s) -lt $end ]; do
  i=$((i+1))
  /tmp/stray/tests.xctest --testing-library swift-testing --filter GadgetBenchTests > /tmp/stray/bench-run.log 2>&1
  rc=$?
  n=$(grep -c "render-thread allocation" /tmp/stray/bench-run.log)
  echo "run $i $(date -u +%T) rc $rc allocations-printed $n load $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/stray/bench-loop.txt
  if [ $n -gt 0 ] || [ $rc -ne 0 ]; then cp /tmp/stray/bench-run.log /tmp/stray/bench-run-$i.log; fi
done
