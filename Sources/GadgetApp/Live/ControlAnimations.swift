import GadgetCore

/// The first `LiveFeature`: a `set` with a `duration` eases a gadget's pose, opacity and colour
/// over that time (`ControlAnimation`, pure). At most one animation per gadget: a new change of
/// that gadget finishes it first (at its end values). Animations follow their gadget by id, so a
/// restack (`z`) does not disturb them; a new board ends them.
public final class ControlAnimations: LiveFeature {
    struct Running {
        var gadget: String
        var animation: ControlAnimation
    }

    private(set) var running: [Running] = []

    public init() {}

    public var isEmpty: Bool { running.isEmpty }
    public var isAnimating: Bool { !running.isEmpty }
    /// Ends of the running animations: the loop must draw every frame until then anyway.
    public var nextDeadline: Microseconds? { nil }

    func begin(_ animation: ControlAnimation, gadget id: String) {
        running.append(Running(gadget: id, animation: animation))
    }

    public func update(now: Microseconds, board: LiveBoard) {
        guard !running.isEmpty else { return }
        var still: [Running] = []
        for r in running {
            let s = r.animation.sample(at: now)
            board.write(sample: s, of: r.animation, gadget: r.gadget)
            if !s.finished { still.append(r) }
        }
        running = still
    }

    /// The animation of gadget `id`, if any, jumps to its end values and stops.
    func finish(gadget id: String, board: LiveBoard) {
        guard let k = running.firstIndex(where: { $0.gadget == id }) else { return }
        let r = running.remove(at: k)
        board.write(sample: r.animation.sample(at: r.animation.start + r.animation.duration), of: r.animation, gadget: id)
    }

    public func boardReplaced(_ board: LiveBoard) { running.removeAll() }
}
