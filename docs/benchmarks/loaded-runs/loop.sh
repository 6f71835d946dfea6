#!/bin/bash
# Full Swift suite, repeatedly, on the machine loaded by the other agents' builds (issue 35, 3).
cd /work/wt-lead
for i in $(seq 1 20); do
  [ -e /work/coord/stop-loop ] && break
  log=/work/coord/loaded-runs/run-$i.log
  { echo "# run $i: $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) load $(cut -d' ' -f1-3 /proc/loadavg)"
    swift test --skip-build --xunit-output /work/coord/loaded-runs/run-$i.xml 2>&1 | grep -E "✘|Test run with|error:|Fatal|signal"
    echo "# exit ${PIPESTATUS[0]} at $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"; } > $log 2>&1
done
