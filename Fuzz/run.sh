#!/bin/sh
# Builds the evemu fuzz target with libFuzzer + AddressSanitizer and runs it.
#
#   Fuzz/run.sh                       # 180 seconds
#   Fuzz/run.sh -runs=100000          # a number of executions
#   Fuzz/run.sh -max_total_time=300   # any libFuzzer options
#
# The corpus (seeded from the real recordings) is kept in .build/fuzz/corpus, so later runs
# continue where earlier ones stopped; crashes are written to .build/fuzz/crash-*.
set -eu
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"

# One module: the GadgetCore sources and the target. Optimised for throughput, with assertions
# (-assert-config Debug) and the core's #if DEBUG invariant checks kept on.
rm -f "$out/evemu-fuzz"
find Sources/GadgetCore -name '*.swift' | sort > "$out/sources.txt"
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -O -assert-config Debug -D DEBUG -parse-as-library \
    -module-name EvemuFuzz Fuzz/EvemuFuzz/EvemuFuzz.swift $(cat "$out/sources.txt") \
    -o "$out/evemu-fuzz" 2>&1 | grep -v "Cannot export local symbol" || true
test -x "$out/evemu-fuzz"

# Seeds: the recordings, large ones cut to their first 16 KiB (header and some frames).
for f in Tests/GadgetInputTests/Fixtures/recordings/*.evemu; do
    head -c 16384 "$f" > "$out/corpus/seed-$(basename "$f")"
done

if [ "$#" -eq 0 ]; then set -- -max_total_time=180; fi
# libFuzzer reports a crash and saves its input; Swift's own crash backtracer would take the
# signal first and (under ASan) hang instead.
SWIFT_BACKTRACE=enable=no
export SWIFT_BACKTRACE
exec "$out/evemu-fuzz" "$out/corpus" -dict=Fuzz/evemu.dict -max_len=65536 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@"
