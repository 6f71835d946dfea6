#!/bin/bash
# The whole test binary (every suite in parallel, as `swift test` runs it) until a deadline;
# keeps the log of any run that prints a render-thread allocation or fails.
cd /work/main
end=$(( $(date +%s) + ${1:-1800} ))
i=0
while [ $(date +%s) -lt $end ]; do
  i=$((i+1))
  /tmp/stray/tests.xctest --testing-library swift-testing > /tmp/stray/suite-run.log 2>&1
  rc=$?
  n=$(grep -c "render-thread allocation" /tmp/stray/suite-run.log)
  f=$(grep -c "✘" /tmp/stray/suite-run.log)
  echo "run $i $(date -u +%T) rc $rc allocations-printed $n failed-lines $f load $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/stray/suite-loop.txt
  if [ $n -gt 0 ] || [ $rc -ne 0 ]; then cp /tmp/stray/suite-run.log /tmp/stray/suite-run-$i.log; fi
done
