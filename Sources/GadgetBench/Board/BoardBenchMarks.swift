import GadgetCore
import Synchronization

/// What the board benchmark's two sides tell each other across threads: the writer notes when
/// it sent each phase's first report (and the script's end); the kiosk loop's recorder says when
/// the drag has been measured long enough. Thread: any.
final class BoardBenchMarks: Sendable {
    /// Per mark (`BoardBenchPhase.rawValue`, then `endMark`): when it was sent, µs.
    private let times = Mutex<[Microseconds?]>(Array(repeating: nil, count: BoardBenchPhase.endMark + 1))
    private let dragDone = Atomic<Bool>(false)

    func mark(_ index: Int, at time: Microseconds) {
        times.withLock { if $0.indices.contains(index) { $0[index] = time } }
    }

    func time(_ phase: BoardBenchPhase) -> Microseconds? { times.withLock { $0[phase.rawValue] } }
    var endTime: Microseconds? { times.withLock { $0[BoardBenchPhase.endMark] } }

    func finishDrag() { dragDone.store(true, ordering: .releasing) }
    var dragIsDone: Bool { dragDone.load(ordering: .acquiring) }
}
