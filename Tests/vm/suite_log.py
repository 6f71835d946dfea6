"""Reads a Swift Testing console log for what ran (standard library only).

Used by check-results.py and check-cec.py: a suite's exit status 0 also covers a suite that
skipped itself (no card, no adapter), and its summary line ("Test run with 2 tests … passed")
counts skipped tests as run. So each judgement counts the tests that executed, by name.
Tests/vm/test_suite_log.py checks these functions on sample logs.
"""
import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# "✔ Test name() passed after 0.8 seconds.", "━ Test name() passed after … with 16 known issues.",
# "✘ Test name() failed after …", "➜ Test name() skipped: …"; parameterised names carry labels.
RESULT = re.compile(r"\bTest (\w+)\([^)]*\) (passed|failed|skipped)\b")
SUITE_SKIPPED = re.compile(r"\bSuite (\w+) skipped\b")
DECLARED = re.compile(r"@Test(?:\([^)]*\))? func (\w+)")


def clean(log):
    return ANSI.sub("", log or "")


def declared_tests(source):
    """The names of the tests a source file declares."""
    return DECLARED.findall(source)


def results(log):
    """{"passed": [names], "failed": [...], "skipped": [...], "skipped_suites": [...]}."""
    out = {"passed": [], "failed": [], "skipped": [], "skipped_suites": SUITE_SKIPPED.findall(clean(log))}
    for name, result in RESULT.findall(clean(log)):
        out[result].append(name)
    return out


def judge_suite(status, log, declared, suite):
    """(ok, detail) for one suite's run: `status` is the status file's text or None when it is
    missing. Ok only when it exited 0 and every declared test executed and passed."""
    if status is None:
        return False, f"{suite}: no status file: the suite did not run"
    found = results(log)
    ran = [n for n in declared if n in found["passed"]]
    detail = f"{suite}: status {status.strip()}, {len(ran)} of {len(declared)} declared tests executed and passed"
    if found["failed"]:
        detail += f"; failed: {', '.join(found['failed'])}"
    skipped = found["skipped"] + [f"suite {s}" for s in found["skipped_suites"]]
    if skipped:
        detail += f"; skipped: {', '.join(skipped)}"
    ok = status.strip() == "0" and len(declared) > 0 and len(ran) == len(declared) and not found["failed"] and not skipped
    return ok, detail


YUV_QUADRANT = re.compile(r"^dma-buf test: (.+) quadrant (\d): got ")
KNOWN = re.compile(r"recorded a known issue")
KNOWN_WHAT = re.compile(r"^↳ (.+): quadrant (\d) is ")


def yuv_quadrants(log):
    """(checked, known): the YUV quadrants DMABufHardwareTests compared (each "what quadrant i"
    line but the RGB ones) and those of them recorded as a known issue."""
    lines = clean(log).splitlines()
    checked = []
    for line in lines:
        m = YUV_QUADRANT.match(line.strip())
        if m and not m.group(1).startswith("XRGB8888"):
            checked.append((m.group(1), int(m.group(2))))
    known = set()
    for i, line in enumerate(lines):
        if KNOWN.search(line):
            for following in lines[i + 1:i + 4]:
                m = KNOWN_WHAT.match(following.strip())
                if m:
                    known.add((m.group(1), int(m.group(2))))
                    break
    return checked, [q for q in checked if q in known]


def judge_dmabuf(status, log, declared):
    """(ok, line, detail) for the zero-copy suite. The line says what was shown: RGB import
    checked, and the YUV colours either drawn right or a known Mesa issue (N of N)."""
    ok, detail = judge_suite(status, log, declared, "DMABufHardwareTests")
    checked, known = yuv_quadrants(log)
    if not checked:
        return False, "zero copy: dma-buf pictures imported and drawn", detail + "; no YUV quadrant was checked"
    if known:
        # Each quadrant is its own known issue: one drawn right fails the test (an unrecorded
        # known issue), so a passing suite has every checked quadrant known.
        line = f"zero copy: RGB import checked; YUV colours: a known Mesa issue ({len(known)} of {len(checked)})"
        return ok and len(known) == len(checked), line, detail
    return ok, "zero copy: dma-buf pictures imported and drawn in their colours in the VM", detail
