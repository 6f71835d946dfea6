/// The stretches of `bench --workload board`, in the order the touch script plays them.
public enum BoardBenchPhase: Int, CaseIterable, Sendable {
    /// One finger drags the first image gadget round a circle (bench/sdl-board.c's path).
    case drag
    /// One gadget is flicked and glides to a stop.
    case flick
    /// No touches: an idle board should draw nothing.
    case idle

    public var name: String {
        switch self {
        case .drag: "drag"
        case .flick: "flick"
        case .idle: "idle"
        }
    }

    /// The script's mark for its end (after the idle phase): not a phase, the run stops there.
    static let endMark = BoardBenchPhase.allCases.count
}
