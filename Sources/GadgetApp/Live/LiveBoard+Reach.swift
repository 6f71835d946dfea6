import GadgetCore

/// Reach mode in the running kiosk (docs/accessibility.md "Reach", EN 301 549 8.3): the shown
/// page's interactive gadgets move, from where they are, to where `ReachLayout` puts them
/// (animated over `reachSeconds`), through the one way gadgets change (`apply`), so taps, hit
/// testing and the accessibility tree follow them; off, they go back to where they were. A page
/// shown while it is on has its gadgets moved too. The idle return turns it off (as it does the
/// display modes); a new board ends it. What moves where is `ReachMode`'s (pure, shared with
/// `replay`). Thread: the loop's.
extension LiveBoard {
    static let reachSeconds = 0.3

    /// Whether reach mode is on.
    public var reachModeOn: Bool { reachMode.isOn }

    /// Turns reach mode on or off; the observer hears a change (`cause`: `control`, `key`,
    /// `panel`, `idleReturn`). Refused, with nothing moved, when the board does not offer reach
    /// mode or the page's controls cannot all be placed within reach. Off on a board without it:
    /// nothing to do.
    @discardableResult
    func setReachMode(_ on: Bool, cause: String, now: Microseconds, animated: Bool = true) -> Result<Void, ControlFailure> {
        guard on != reachModeOn else { return .success(()) }
        if on {
            switch reachMode.turnOn(board: board, page: session.currentPage, at: reachCenter) {
            case .failure(let refusal): return .failure(ControlFailure(field: "reach", message: refusal.message))
            case .success(let moves): for m in moves { reachPut(m.id, at: m.to, now: now, animated: animated) }
            }
        } else {
            for m in reachMode.turnOff() { reachPut(m.id, at: m.to, now: now, animated: animated) }
        }
        drawAgain(.boardChanged)
        observer?.liveBoard(self, reach: on, cause: cause, now: now)
        return .success(())
    }

    /// A page was shown while reach mode is on: its interactive gadgets move too (those moved
    /// already stay moved, and go back with the rest when the mode ends).
    func reachPageShown(now: Microseconds) {
        guard let moves = reachMode.pageShown(board: board, page: session.currentPage, at: reachCenter) else {
            Loggers.board.info("reach mode: page \(session.currentPage ?? "?")'s controls do not fit within reach; left where they are")
            return
        }
        for m in moves { reachPut(m.id, at: m.to, now: now, animated: true) }
    }

    /// Where gadget `id` is now (its pose's centre).
    private func reachCenter(_ id: String) -> Vector2? {
        index(of: id).map { session.world.pose($0).center }
    }

    private func reachPut(_ id: String, at center: Vector2, now: Microseconds, animated: Bool) {
        var change = GadgetChange(gadget: id)
        change.center = center
        change.duration = animated ? Self.reachSeconds : nil
        if case .failure(let f) = apply(change, now: now) { Loggers.board.error("reach mode: \(id): \(f.message)") }
    }
}
