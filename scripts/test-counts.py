#!/usr/bin/env python3
"""Counts what every stage of scripts/test.sh ran, from the xUnit files its Swift tests wrote.

usage: test-counts.py [--expect-elsewhere STAGE] STAGE=FILE[,FILE…] …

Each STAGE=FILE names a stage and the xUnit XML files its test runs wrote (`swift test
--xunit-output`, or the test binary's `--xunit-output` inside the VM). A file that is missing is
a stage that did not report: that is a failure, never a silent pass.

Prints, per stage, how many tests passed, failed and were skipped there; then every test that a
stage skipped, with the stage that ran it instead; then one closing line with the totals over
distinct tests:

    tests: N passed, N failed, N skipped

A test passes when it passed in some stage and failed in none; it is skipped when no stage ran
it. Exit status 1 when any test failed, any test was skipped everywhere, or a stage's file is
missing or unreadable (Swift Testing's own summary counts a skipped test as passed: this does not).

--expect-elsewhere STAGE: a stage that did not run on this machine (the VM stages on a host that
is not x86-64). Tests only it would run are listed as skipped with that reason, and still fail
the count: the suite did not run everything.
"""
import signal
import sys
import xml.etree.ElementTree as ET

# Piped into `head`, a closed stdout ends the listing quietly instead of a BrokenPipeError trace.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def read_cases(path):
    """(test id, outcome, reason) for every <testcase> in an xUnit file."""
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        test = f"{case.get('classname', '')}.{case.get('name', '')}"
        if case.find("failure") is not None or case.find("error") is not None:
            yield test, "failed", ""
        elif (skip := case.find("skipped")) is not None:
            yield test, "skipped", (skip.text or skip.get("message") or "").strip()
        else:
            yield test, "passed", ""


def main(argv):
    stages, absent, problems = [], [], []
    args = iter(argv)
    for a in args:
        if a == "--expect-elsewhere":
            absent.append(next(args, ""))
            continue
        name, _, files = a.partition("=")
        if not files:
            print(f"test-counts: '{a}' is not STAGE=FILE", file=sys.stderr)
            return 2
        stages.append((name, [f for f in files.split(",") if f]))

    # test id → {stage: (outcome, reason)}
    results = {}
    order = []
    for name, files in stages:
        counts = {"passed": 0, "failed": 0, "skipped": 0}
        for path in files:
            try:
                cases = list(read_cases(path))
            except (OSError, ET.ParseError) as e:
                problems.append(f"{name}: no test report at {path} ({e.__class__.__name__}: {e})")
                continue
            for test, outcome, reason in cases:
                counts[outcome] += 1
                if test not in results:
                    results[test] = {}
                    order.append(test)
                # A test run twice in one stage (two filters) keeps its worst outcome.
                prev = results[test].get(name)
                rank = {"failed": 2, "passed": 1, "skipped": 0}
                if prev is None or rank[outcome] > rank[prev[0]]:
                    results[test][name] = (outcome, reason)
        print(f"tests in {name}: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")

    passed = failed = skipped = 0
    lines = []
    for test in order:
        by_stage = results[test]
        outcomes = {o for o, _ in by_stage.values()}
        ran = [s for s, (o, _) in by_stage.items() if o != "skipped"]
        if "failed" in outcomes:
            failed += 1
            where = ", ".join(s for s, (o, _) in by_stage.items() if o == "failed")
            lines.append(f"  FAILED {test} (in {where})")
        elif ran:
            passed += 1
        else:
            skipped += 1
        for s, (o, reason) in by_stage.items():
            if o != "skipped":
                continue
            why = f": {reason}" if reason else ""
            if ran:
                lines.append(f"  skipped in {s}, ran in {', '.join(ran)}: {test}{why}")
            elif absent:
                lines.append(f"  SKIPPED EVERYWHERE (its stage did not run here: {', '.join(absent)}): {test}{why}")
            else:
                lines.append(f"  SKIPPED EVERYWHERE: {test}{why}")
    for line in lines:
        print(line)
    for p in problems:
        print(f"  FAILED {p}")
    print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or skipped or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
