#!/bin/bash
# Old tree (1fcd978 + tracer 1bb436f + 930da5e): the whole test binary until a deadline;
# keeps the log of any run that prints a counted render-thread allocation or fails.
tag=$1; cd /tmp/old   # git worktree add /tmp/old 1fcd978; cherry-pick -n 1bb436f; apply 930da5e; swift build --build-tests
end=$(( $(date +%s) + ${2:-2400} ))
i=0
while [ $(date +%s) -lt $end ]; do
  i=$((i+1))
  .build/debug/GadgetboardPackageTests.xctest --testing-library swift-testing > /tmp/oldruns/$tag-run.log 2>&1
  rc=$?
  n=$(grep -c "render-thread allocation" /tmp/oldruns/$tag-run.log)
  f=$(grep -c "✘" /tmp/oldruns/$tag-run.log)
  echo "$tag run $i $(date -u +%T) rc $rc allocations-printed $n failed-lines $f load $(cut -d' ' -f1 /proc/loadavg)" >> /tmp/oldruns/loop-$tag.txt
  if [ $n -gt 0 ] || [ $rc -ne 0 ]; then cp /tmp/oldruns/$tag-run.log /tmp/oldruns/$tag-run-$i.log; fi
done
