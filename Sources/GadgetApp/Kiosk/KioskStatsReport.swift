import GadgetCore
import GadgetDisplay

/// `--stats`: the run's figures as one JSON object, every key in this order (docs/cli.md; the
/// keys are the interface: none renamed, new ones added). Gathered from the owners that hold
/// them (the pacing's frame statistics, the drawer's damage figures, the service's metrics) when
/// the run ends; the loop only writes the file.
struct KioskStatsReport {
    let display: DisplayBackend
    let board: String
    let touches: Int
    let pacing: FramePacing
    let drawer: FrameDrawer
    let metrics: KioskMetrics
    let video: JSONValue
    let audio: JSONValue

    func json(now: Microseconds) -> JSONValue {
        let stats = pacing.stats
        let fields: [(String, JSONValue)] = [
            ("display", .string(display.summary)),
            ("frameTimeSource", .string(display.frameTimeSource)),
            ("board", .string(board)),
            ("framesPresented", .number(Double(stats.framesPresented))),
            ("missedVblanks", .number(Double(stats.missedVblanks))),
            ("frameTime", stats.frameTimeSummary),
            ("inputToFlip", stats.latencySummary),
            ("touches", .number(Double(touches))),
            ("displayDisconnects", .number(Double(metrics.displayDisconnects))),
            ("displayReconnects", .number(Double(metrics.displayReconnects))),
            ("redrawnFraction", .number(JSONWriter.rounded(stats.redrawnFraction, places: 4))),
        ] + drawer.statsFields + [
            ("firstFrameSeconds", pacing.firstFrameSeconds),
            ("imagesReadySeconds", pacing.imagesReadySeconds),
            ("video", video),
            ("audio", audio),
            ("durationSeconds", .number(pacing.seconds(since: pacing.startTime, at: now))),
        ]
        return .object(fields)
    }
}
