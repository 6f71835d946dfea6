#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GadgetApp
import GadgetSystem
import GadgetCore

/// The exposition text as node_exporter's textfile collector parses it, and the atomic
/// write-then-rename it relies on.
@Suite struct PrometheusTextfileTests {
    @Test func countersGaugesAndHistogramsInTextFormat() {
        var h = PrometheusHistogram(upperBounds: [0.01, 0.02, 0.05])
        for v in [0.005, 0.01, 0.015, 0.03, 2.0] { h.observe(v) }
        var p = PrometheusExposition()
        p.counter("demo_frames_total", help: "Frames.", value: 42)
        p.gauge("demo_uptime_seconds", help: "Up.", value: 1.5)
        p.histogram("demo_frame_seconds", help: "Frame time.", h)
        #expect(p.text == """
            # HELP demo_frames_total Frames.
            # TYPE demo_frames_total counter
            demo_frames_total 42
            # HELP demo_uptime_seconds Up.
            # TYPE demo_uptime_seconds gauge
            demo_uptime_seconds 1.5
            # HELP demo_frame_seconds Frame time.
            # TYPE demo_frame_seconds histogram
            demo_frame_seconds_bucket{le="0.01"} 2
            demo_frame_seconds_bucket{le="0.02"} 3
            demo_frame_seconds_bucket{le="0.05"} 4
            demo_frame_seconds_bucket{le="+Inf"} 5
            demo_frame_seconds_sum 2.06
            demo_frame_seconds_count 5

            """)
    }

    @Test func escapesHelpAndLabelValues() {
        var p = PrometheusExposition()
        p.gauge("x", help: "a\\b\nc", value: 1, labels: [("board", "say \"hi\"\\\n")])
        #expect(p.text == "# HELP x a\\\\b\\nc\n# TYPE x gauge\nx{board=\"say \\\"hi\\\"\\\\\\n\"} 1\n")
    }

    @Test func numbersPrometheusCanParse() {
        #expect(PrometheusExposition.number(3) == "3")
        #expect(PrometheusExposition.number(0.0125) == "0.0125")
        #expect(PrometheusExposition.number(.infinity) == "+Inf")
        #expect(PrometheusExposition.number(-.infinity) == "-Inf")
        #expect(PrometheusExposition.number(.nan) == "NaN")
        #expect(Double(PrometheusExposition.number(1e-5)) == 1e-5)
    }

    @Test func histogramIgnoresNaNAndMergesBounds() {
        var h = PrometheusHistogram(upperBounds: [0.2, 0.1, 0.1, .infinity])
        #expect(h.upperBounds == [0.1, 0.2])
        h.observe(.nan)
        h.observe(0.1)
        #expect(h.count == 1 && h.cumulativeCounts == [1, 1, 1])
    }

    @Test func kioskMetricsNamesAndLabels() {
        var m = KioskMetrics(startTime: 1_000_000, boardName: "demo", display: "headless 800x480")
        m.framesPresented = 600
        m.missedVblanks = 3
        m.frameTime.observe(0.0167)
        m.inputLatency.observe(0.024)
        m.touches = 5
        m.boardGadgets = 12
        m.lastFlip = 10_750_000
        m.inputQueueOverflows = 4
        m.inputMovesCoalesced = 9
        m.lateInputFrames = 2
        m.droppedSimulationTime = 1_500_000
        m.record(GestureEvent(time: 0, kind: .tap, state: .recognized, gadget: nil, location: .zero))
        m.record(GestureEvent(time: 0, kind: .pan, state: .began, gadget: nil, location: .zero))
        m.record(GestureEvent(time: 0, kind: .pan, state: .changed, gadget: nil, location: .zero))
        let text = m.exposition(now: 11_000_000)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for expected in [
            "gadgetboard_info{board=\"demo\",display=\"headless 800x480\"} 1",
            "gadgetboard_uptime_seconds 10",
            "gadgetboard_frames_presented_total 600",
            "gadgetboard_missed_vblanks_total 3",
            "gadgetboard_frame_time_seconds_bucket{le=\"0.0175\"} 1",
            "gadgetboard_frame_time_seconds_count 1",
            "gadgetboard_input_latency_seconds_bucket{le=\"0.02\"} 0",
            "gadgetboard_input_latency_seconds_bucket{le=\"0.025\"} 1",
            "gadgetboard_touches_total 5",
            "gadgetboard_gestures_total{kind=\"tap\"} 1",
            "gadgetboard_gestures_total{kind=\"pan\"} 1",
            "gadgetboard_board_reloads_total{result=\"failed\"} 0",
            "gadgetboard_blanked 0",
            "gadgetboard_board_gadgets 12",
            "gadgetboard_display_connected 1",
            "gadgetboard_display_disconnects_total 0",
            "gadgetboard_display_reconnects_total 0",
            "gadgetboard_last_flip_age_seconds 0.25",
            "gadgetboard_input_queue_overflows_total 4",
            "gadgetboard_input_moves_coalesced_total 9",
            "gadgetboard_input_contacts_lost_total 0",
            "gadgetboard_late_input_frames_total 2",
            "gadgetboard_dropped_simulation_seconds_total 1.5",
            "# TYPE gadgetboard_frame_time_seconds histogram",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
    }

    @Test func writesAtomicallyByRename() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/gadgetboard.prom"
        let file = PrometheusTextfile(path: path, pid: 4242)
        #expect(file.temporaryPath == path + ".tmp.4242")
        try file.write("a 1\n")
        #expect(try readFile(path) == "a 1\n")

        // A reader that opened the old file keeps reading the old, whole content: the new text
        // arrived as a different inode renamed over the name, never by truncating in place.
        let reader = open(path, O_RDONLY)
        defer { close(reader) }
        var before = stat(); fstat(reader, &before)
        try file.write("a 2\n")
        var after = stat(); stat(path, &after)
        #expect(before.st_ino != after.st_ino)
        #expect(readAll(reader) == "a 1\n")
        #expect(try readFile(path) == "a 2\n")
        #expect(access(file.temporaryPath, F_OK) != 0)  // no temporary left behind
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/gone/metrics.prom"
        // Named by the path the user gave, not the temporary beside it.
        #expect(throws: ServiceError.system(SystemError("open", path, code: ENOENT))) {
            try PrometheusTextfile(path: path, pid: 7).write("x 1\n")
        }
        // rename onto a directory fails: the temporary must be removed.
        let blocker = dir.path + "/dir.prom"
        mkdir(blocker, 0o755)
        #expect(throws: ServiceError.self) { try PrometheusTextfile(path: blocker, pid: 7).write("x 1\n") }
        #expect(access(blocker + ".tmp.7", F_OK) != 0)
    }
}
