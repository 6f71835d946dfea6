/// Reach mode's state (docs/accessibility.md "Reach", EN 301 549 8.3): whether it is on, and
/// where each gadget it moved came from, so turning it off puts them back. The moves themselves
/// come from `ReachLayout`; the kiosk's live board (animated, through `apply`) and `replay` (at
/// once) carry them out, so both move the same gadgets to the same places. Pure.
public struct ReachMode: Sendable, Equatable {
    /// One gadget to move: from where it is now to its place.
    public struct Move: Sendable, Equatable {
        public var id: String
        public var from: Vector2
        public var to: Vector2
        public init(id: String, from: Vector2, to: Vector2) { self.id = id; self.from = from; self.to = to }
    }

    /// Why it cannot go on.
    public enum Refusal: Error, Equatable {
        /// The board has no `reachMode`, or no usable `reach` mounting.
        case notOffered
        /// The page's controls cannot all be placed within reach (nothing moved).
        case doesNotFit

        /// The one line a control request or a log gives.
        public var message: String {
            switch self {
            case .notOffered: "this board offers no reach mode (accessibility.reachMode and accessibility.reach)"
            case .doesNotFit: "the page's controls do not fit \(Int(ReachLayout.lowestMm))-\(Int(ReachLayout.highestMm)) mm above the floor"
            }
        }
    }

    /// Where each gadget moved so far was before it moved; nil: off.
    public private(set) var home: [String: Vector2]?
    public var isOn: Bool { home != nil }

    public init() {}

    /// The band within reach on `board`, when it offers reach mode; nil otherwise.
    public static func band(_ board: Board) -> ClosedRange<Double>? {
        guard board.accessibility.reachMode, let mounting = board.accessibility.reach else { return nil }
        return mounting.band(boardHeight: board.size.height)
    }

    /// Turns it on for the page shown: the moves to make (`at`: a gadget's centre now). Refused
    /// with nothing changed when the board does not offer it or the page's controls do not fit.
    /// On already: no moves.
    public mutating func turnOn(board: Board, page: String?, at: (String) -> Vector2?) -> Result<[Move], Refusal> {
        guard home == nil else { return .success([]) }
        guard let band = Self.band(board) else { return .failure(.notOffered) }
        guard let moves = Self.moves(board: board, page: page, band: band, home: [:], at: at) else { return .failure(.doesNotFit) }
        home = [:]
        remember(moves)
        return .success(moves)
    }

    /// A page was shown while it is on: its controls' moves (those moved already stay moved).
    /// Nil when they do not fit (left where they are); no moves when it is off.
    public mutating func pageShown(board: Board, page: String?, at: (String) -> Vector2?) -> [Move]? {
        guard let h = home, let band = Self.band(board) else { return [] }
        guard let moves = Self.moves(board: board, page: page, band: band, home: h, at: at) else { return nil }
        remember(moves)
        return moves
    }

    /// Turns it off: every moved gadget back where it was (by id, in order); none when off.
    public mutating func turnOff() -> [Move] {
        let back = (home ?? [:]).map { Move(id: $0.key, from: $0.value, to: $0.value) }.sorted { $0.id < $1.id }
        home = nil
        return back
    }

    /// A new board: it ends without moving anything (the new board's gadgets are where its file
    /// says). True when it was on.
    public mutating func end() -> Bool {
        defer { home = nil }
        return home != nil
    }

    private mutating func remember(_ moves: [Move]) {
        for m in moves where home?[m.id] == nil { home?[m.id] = m.from }
    }

    /// The page's interactive gadgets laid out from their home places (`home`: those moved
    /// already; the others where they are now): each gadget that must move. Nil when they
    /// cannot all be placed.
    static func moves(board: Board, page: String?, band: ClosedRange<Double>, home: [String: Vector2],
                      at: (String) -> Vector2?) -> [Move]? {
        var items = ReachLayout.items(board, page: page)
        var now: [String: Vector2] = [:]
        for k in items.indices {
            guard let c = at(items[k].id) else { continue }
            now[items[k].id] = c
            items[k].center = home[items[k].id] ?? c
        }
        guard let placed = ReachLayout.layout(items, band: band) else { return nil }
        return items.compactMap { item in
            let to = placed[item.id] ?? item.center, from = now[item.id] ?? item.center
            return from == to ? nil : Move(id: item.id, from: from, to: to)
        }
    }
}
