import GadgetCore

/// Reach mode in the running kiosk (docs/accessibility.md "Reach", EN 301 549 8.3): the shown
/// page's interactive gadgets move, from where they are, to where `ReachLayout` puts them
/// (animated over `reachSeconds`), through the one way gadgets change (`apply`), so taps, hit
/// testing and the accessibility tree follow them; off, they go back to where they were. A page
/// shown while it is on has its gadgets moved too. The idle return turns it off (as it does the
/// display modes); a new board ends it. Thread: the loop's.
extension LiveBoard {
    static let reachSeconds = 0.3

    /// Whether reach mode is on.
    public var reachModeOn: Bool { reachHome != nil }

    /// Turns reach mode on or off; the observer hears a change (`cause`: `control`,
    /// `idleReturn`). Refused, with nothing moved, when the board does not offer reach mode or
    /// the page's controls cannot all be placed within reach. Off on a board without it: nothing to do.
    @discardableResult
    func setReachMode(_ on: Bool, cause: String, now: Microseconds, animated: Bool = true) -> Result<Void, ControlFailure> {
        guard on != reachModeOn else { return .success(()) }
        if on {
            guard board.accessibility.reachMode, let mounting = board.accessibility.reach,
                  let band = mounting.band(boardHeight: board.size.height) else {
                return .failure(ControlFailure(field: "reach", message: "this board offers no reach mode (accessibility.reachMode and accessibility.reach)"))
            }
            guard let moves = reachMoves(band: band, home: [:]) else {
                return .failure(ControlFailure(field: "reach", message: "the page's controls do not fit \(Int(ReachLayout.lowestMm))-\(Int(ReachLayout.highestMm)) mm above the floor"))
            }
            reachHome = [:]
            move(moves, now: now, animated: animated)
        } else {
            let back = (reachHome ?? [:]).map { (id: $0.key, from: $0.value, to: $0.value) }
            reachHome = nil
            for m in back.sorted(by: { $0.id < $1.id }) { reachPut(m.id, at: m.to, now: now, animated: animated) }
        }
        drawAgain(.boardChanged)
        observer?.liveBoard(self, reach: on, cause: cause, now: now)
        return .success(())
    }

    /// A page was shown while reach mode is on: its interactive gadgets move too (those moved
    /// already stay moved, and go back with the rest when the mode ends).
    func reachPageShown(now: Microseconds) {
        guard let home = reachHome, let band = board.accessibility.reach?.band(boardHeight: board.size.height) else { return }
        guard let moves = reachMoves(band: band, home: home) else {
            Loggers.board.info("reach mode: page \(session.currentPage ?? "?")'s controls do not fit within reach; left where they are")
            return
        }
        move(moves, now: now, animated: true)
    }

    /// The shown page's interactive gadgets laid out from their home places (`home`: those moved
    /// already; the others where they are now): each gadget that must move, from where it is
    /// now to its place. Nil when they cannot all be placed.
    private func reachMoves(band: ClosedRange<Double>, home: [String: Vector2]) -> [(id: String, from: Vector2, to: Vector2)]? {
        var items = ReachLayout.items(board, page: session.currentPage)
        var now: [String: Vector2] = [:]
        for k in items.indices {
            guard let index = index(of: items[k].id) else { continue }
            let at = session.world.pose(index).center
            now[items[k].id] = at
            items[k].center = home[items[k].id] ?? at
        }
        guard let placed = ReachLayout.layout(items, band: band) else { return nil }
        return items.compactMap { item in
            let to = placed[item.id] ?? item.center, from = now[item.id] ?? item.center
            return from == to ? nil : (item.id, from, to)
        }
    }

    /// Moves each gadget, remembering where the ones not moved before came from.
    private func move(_ moves: [(id: String, from: Vector2, to: Vector2)], now: Microseconds, animated: Bool) {
        for m in moves {
            if reachHome?[m.id] == nil { reachHome?[m.id] = m.from }
            reachPut(m.id, at: m.to, now: now, animated: animated)
        }
    }

    private func reachPut(_ id: String, at center: Vector2, now: Microseconds, animated: Bool) {
        var change = GadgetChange(gadget: id)
        change.center = center
        change.duration = animated ? Self.reachSeconds : nil
        if case .failure(let f) = apply(change, now: now) { Loggers.board.error("reach mode: \(id): \(f.message)") }
    }
}
