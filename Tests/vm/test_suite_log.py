#!/usr/bin/env python3
"""Checks suite_log.py's judgements on sample logs (run: python3 Tests/vm/test_suite_log.py).

The samples are real Swift Testing output: docs/benchmarks/vm-dmabuf/run3-pass.log (the VM's
dma-buf suite with its known issues) and Tests/vm/samples/ (a suite that skipped itself, taken
from `swift test --filter KMSHardwareTests` with no card). Variants of them stand for what the
VM cannot be made to produce on demand: a quadrant drawn right, a missing status file."""
import pathlib
import re
import sys
import unittest

here = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from suite_log import declared_tests, judge_dmabuf, judge_suite, results, yuv_quadrants  # noqa: E402

DMABUF_LOG = (here / "../../docs/benchmarks/vm-dmabuf/run3-pass.log").read_text(errors="replace")
DMABUF_TESTS = declared_tests((here / "../GadgetKMSTests/DMABufHardwareTests.swift").read_text())
KMS_TESTS = declared_tests((here / "../GadgetKMSTests/KMSHardwareTests.swift").read_text())
KMS_SKIPPED_LOG = (here / "samples/kms-tests-skipped.log").read_text(errors="replace")
CEC_SKIPPED_LOG = (here / "samples/cec-tests-skipped.log").read_text(errors="replace")
CEC_TESTS = declared_tests((here / "../GadgetPowerTests/CECHardwareTests.swift").read_text())


def one_quadrant_right(log):
    """The log as a driver that draws NV12 BT.601 linear's quadrant 0 right would leave it: that
    quadrant's known issue unrecorded (and the test failed for it)."""
    log = re.sub(r"━ Test aLinearPictureIsImportedAndDrawnInItsColours\(\) recorded a known issue[^\n]*\n"
                 r"↳ NV12 BT\.601 linear modifier: quadrant 0 is[^\n]*\n", "", log, count=1)
    return log.replace("Test aLinearPictureIsImportedAndDrawnInItsColours() passed after",
                       "Test aLinearPictureIsImportedAndDrawnInItsColours() failed after")


class Counting(unittest.TestCase):
    def test_the_declared_tests_are_read_from_the_source(self):
        self.assertEqual(DMABUF_TESTS, ["aLinearPictureIsImportedAndDrawnInItsColours", "aRefusedImportIsOneLineAndThePictureStays"])
        self.assertEqual(len(KMS_TESTS), 8)

    def test_a_passing_run_counts_its_tests(self):
        self.assertEqual(sorted(results(DMABUF_LOG)["passed"]), sorted(DMABUF_TESTS))

    def test_a_skipped_suite_is_not_a_pass(self):
        # Exit status 0 and a summary "with 8 tests … passed": still nothing ran.
        ok, detail = judge_suite("0\n", KMS_SKIPPED_LOG, KMS_TESTS, "KMSHardwareTests")
        self.assertFalse(ok)
        self.assertIn("0 of 8 declared tests executed and passed", detail)
        self.assertIn("skipped", detail)
        ok, detail = judge_suite("0\n", CEC_SKIPPED_LOG, CEC_TESTS, "CECHardwareTests")
        self.assertFalse(ok, detail)

    def test_the_old_cec_regex_took_the_skipped_suite_for_a_pass(self):
        # What check-cec.py asked before: it matches the skipped run.
        self.assertTrue(re.search(r"Test run with [1-9][0-9]* tests? .*passed", re.sub(r"\x1b\[[0-9;]*m", "", CEC_SKIPPED_LOG)))

    def test_a_missing_status_file_fails_by_name(self):
        ok, detail = judge_suite(None, "", KMS_TESTS, "KMSHardwareTests")
        self.assertFalse(ok)
        self.assertEqual(detail, "KMSHardwareTests: no status file: the suite did not run")
        ok, line, detail = judge_dmabuf(None, "", DMABUF_TESTS)
        self.assertFalse(ok)
        self.assertIn("DMABufHardwareTests: no status file", detail)


class KnownIssues(unittest.TestCase):
    def test_the_vm_run_says_rgb_checked_and_yuv_a_known_issue_n_of_n(self):
        checked, known = yuv_quadrants(DMABUF_LOG)
        self.assertEqual(len(checked), 16)
        self.assertEqual(known, checked)
        ok, line, detail = judge_dmabuf("0\n", DMABUF_LOG, DMABUF_TESTS)
        self.assertTrue(ok, detail)
        self.assertEqual(line, "zero copy: RGB import checked; YUV colours: a known Mesa issue (16 of 16)")
        self.assertNotIn("drawn in their colours", line)

    def test_n_is_what_ran(self):
        # Only the first YUV case ran (the suite stopped after it): 4 of 4, not a fixed 16.
        cut = DMABUF_LOG[:DMABUF_LOG.index("dma-buf test: NV12 BT.709 linear modifier quadrant 0")]
        ok, line, _ = judge_dmabuf("1\n", cut, DMABUF_TESTS)
        self.assertFalse(ok)
        self.assertEqual(line, "zero copy: RGB import checked; YUV colours: a known Mesa issue (4 of 4)")

    def test_a_quadrant_drawn_right_fails_and_is_counted(self):
        ok, line, detail = judge_dmabuf("1\n", one_quadrant_right(DMABUF_LOG), DMABUF_TESTS)
        self.assertFalse(ok)
        self.assertEqual(line, "zero copy: RGB import checked; YUV colours: a known Mesa issue (15 of 16)")
        self.assertIn("failed: aLinearPictureIsImportedAndDrawnInItsColours", detail)
        # Even with exit status 0 (were the test to pass anyway), 15 of 16 is not a pass.
        ok, _, _ = judge_dmabuf("0\n", one_quadrant_right(DMABUF_LOG).replace(") failed after", ") passed after"), DMABUF_TESTS)
        self.assertFalse(ok)

    def test_colours_right_everywhere_say_so(self):
        plain = re.sub(r"━ Test \w+\(\) recorded a known issue[^\n]*\n(↳[^\n]*\n)*", "", DMABUF_LOG)
        ok, line, detail = judge_dmabuf("0\n", plain, DMABUF_TESTS)
        self.assertTrue(ok, detail)
        self.assertEqual(line, "zero copy: dma-buf pictures imported and drawn in their colours in the VM")

    def test_no_yuv_quadrant_checked_fails(self):
        ok, _, detail = judge_dmabuf("0\n", KMS_SKIPPED_LOG, DMABUF_TESTS)
        self.assertFalse(ok)
        self.assertIn("no YUV quadrant was checked", detail)


if __name__ == "__main__":
    unittest.main(verbosity=2)
