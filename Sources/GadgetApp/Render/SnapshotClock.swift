import GadgetCore
import GadgetRender

/// The board's clock in a snapshot: every bound text that reads only the clock (`{time|…}`,
/// `{date|…}`, docs/live-data.md) shows the moment given, in the board's zone and locale, as the
/// kiosk would at that moment, instead of the board's placeholder (`--:--`). Texts that read a
/// source keep the board's own text: a snapshot polls nothing.
enum SnapshotClock {
    /// `loaded` with its clock texts at Unix time `unixSeconds`.
    static func apply(_ loaded: LoadedBoard, at unixSeconds: Int64, environment: [String: String]) -> LoadedBoard {
        var evaluator = BindingEvaluator(board: loaded.board, start: 0)
        guard evaluator.readsClock else { return loaded }
        let (zone, problem) = BoardZones.zone(for: loaded.board, environment: environment)
        if let problem { Loggers.data.warning("\(problem); clocks show UTC") }
        let (names, warning) = BoardDataCheck.names(loaded.board)
        if let warning { Loggers.data.warning("\(warning)") }
        var out = loaded
        for change in evaluator.evaluate(now: 0, clock: ClockReading(unixSeconds: unixSeconds, zone: zone), names: names) {
            guard case .text(let s) = change.value, let i = out.board.gadgets.firstIndex(where: { $0.id == change.gadget }) else { continue }
            out.board.gadgets[i].text?.style.string = s
        }
        return out
    }

    /// `--time`: `YYYY-MM-DDTHH:MM[:SS]`, a wall-clock time in the board's zone, as Unix seconds;
    /// or the one line saying what is wrong. A time the zone's clock skips (the spring-forward
    /// hour) is refused rather than moved.
    static func instant(_ text: String, zone: BoardTimeZone) -> Result<Int64, SnapshotTimeProblem> {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = CivilDate(iso: String(parts[0])), let second = TimeOfDay.parse(String(parts[1])) else {
            return .failure(SnapshotTimeProblem(description: "--time \(text): expected YYYY-MM-DDTHH:MM[:SS], a local time in the board's zone (\(zone.name))"))
        }
        switch zone.resolve(LocalDateTime(date: date, secondOfDay: second)) {
        case .unique(let t), .repeated(let t, _): return .success(t)
        case .skipped:
            return .failure(SnapshotTimeProblem(description: "--time \(text): the clock in \(zone.name) skips this time (daylight saving)"))
        }
    }
}

/// `snapshot --time` that is not a time the board's clock shows.
public struct SnapshotTimeProblem: Error, CustomStringConvertible {
    public var description: String
}
