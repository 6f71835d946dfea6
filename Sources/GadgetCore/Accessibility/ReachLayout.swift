/// Reach mode (issue 39, EN 301 549 8.3): where the interactive gadgets go so a visitor in a
/// wheelchair, or of short stature, reaches every one. EN 8.3.2.x (forward reach, after the ADA):
/// unobstructed, the highest operable part at most 1220 mm above the floor and the lowest at
/// least 380 mm (interaction-notes §1.1, "Hardware (clause 8)"); the band used is 400–1220 mm, a
/// little inside the low limit. The board says where its screen is: the bottom edge's height
/// above the floor and millimetres per board pixel (`touch.ppi`, or `reach.mmPerPx`).
///
/// The interactive gadgets (an action, a long-press action or a field) keep their x and their
/// order from top to bottom; only their y changes:
/// - grouped into rows (boxes that overlap vertically are one row);
/// - if the rows' whole span fits in the band, it moves as one block by the least distance that
///   puts it inside (nothing moves when it is inside already): every gap is kept;
/// - else the rows are stacked in order inside the band with equal gaps (each row keeps its own
///   shape), which needs their heights to add up to at most the band's; when they do not,
///   `layout` gives nil (`check` says so: the board cannot be reached in that mounting).
/// Gadgets that do nothing (text, pictures) stay where they are. Pure.
public enum ReachLayout {
    /// EN 301 549 8.3.2 forward reach, mm above the floor (the low limit 380 mm, rounded in).
    public static let lowestMm = 400.0, highestMm = 1220.0

    /// Where the screen is: its bottom edge above the floor, and the size of a board pixel.
    public struct Mounting: Sendable, Equatable {
        public var floorToBottomMm: Double
        public var mmPerPixel: Double
        public init(floorToBottomMm: Double, mmPerPixel: Double) { self.floorToBottomMm = floorToBottomMm; self.mmPerPixel = mmPerPixel }

        /// The band within reach in board y (down from the top) on a board `height` high,
        /// clipped to the board; nil when none of the board is within reach.
        public func band(boardHeight height: Double) -> ClosedRange<Double>? {
            func y(_ mm: Double) -> Double { height - (mm - floorToBottomMm) / mmPerPixel }
            let top = max(0, y(ReachLayout.highestMm)), bottom = min(height, y(ReachLayout.lowestMm))
            return top < bottom ? top...bottom : nil
        }
    }

    /// One gadget to place: its id, centre and axis-aligned box height (board pixels).
    public struct Item: Sendable, Equatable {
        public var id: String
        public var center: Vector2
        public var height: Double
        public init(id: String, center: Vector2, height: Double) { self.id = id; self.center = center; self.height = height }
        var top: Double { center.y - height / 2 }
        var bottom: Double { center.y + height / 2 }
    }

    /// The new centre of every item that moves (items already where they go are left out);
    /// nil when the items cannot all be placed in `band`.
    public static func layout(_ items: [Item], band: ClosedRange<Double>) -> [String: Vector2]? {
        guard !items.isEmpty else { return [:] }
        // Rows, top to bottom: an item whose box starts above the current row's bottom joins it.
        let sorted = items.enumerated().sorted { ($0.element.top, $0.offset) < ($1.element.top, $1.offset) }.map(\.element)
        var rows: [(top: Double, bottom: Double, items: [Item])] = []
        for item in sorted {
            if let last = rows.last, item.top < last.bottom {
                rows[rows.count - 1].bottom = max(last.bottom, item.bottom)
                rows[rows.count - 1].items.append(item)
            } else {
                rows.append((item.top, item.bottom, [item]))
            }
        }
        let span = rows.last!.bottom - rows[0].top
        let room = band.upperBound - band.lowerBound
        var shifts: [Double]
        if span <= room {
            let shift = rows[0].top < band.lowerBound ? band.lowerBound - rows[0].top
                : rows.last!.bottom > band.upperBound ? band.upperBound - rows.last!.bottom : 0
            shifts = Array(repeating: shift, count: rows.count)
        } else {
            let heights = rows.map { $0.bottom - $0.top }
            let total = heights.reduce(0, +)
            guard total <= room else { return nil }
            let gap = rows.count > 1 ? (room - total) / Double(rows.count - 1) : 0
            var y = band.lowerBound
            shifts = []
            for (i, row) in rows.enumerated() {
                shifts.append(y - row.top)
                y += heights[i] + gap
            }
        }
        var out: [String: Vector2] = [:]
        for (row, shift) in zip(rows, shifts) where shift != 0 {
            for item in row.items { out[item.id] = Vector2(item.center.x, item.center.y + shift) }
        }
        return out
    }

    /// The interactive gadgets of `board` on `page` (nil: every page's shared gadgets and the
    /// first page's) as items, at their board positions.
    public static func items(_ board: Board, page: String?) -> [Item] {
        let shown = page ?? board.pages.first?.id
        return board.gadgets.compactMap { g in
            guard g.page == nil || g.page == shown, !g.hidden, g.action != nil || g.longPressAction != nil || g.field != nil else { return nil }
            // The accessibility panel's scrim and entries are not the board's controls: the scrim
            // spans the board (nothing could be placed with it) and the entries stay by the button.
            guard !AccessibilityPanel.isPanelID(g.id) else { return nil }
            let box = BoxBounds(around: g.shape)
            return Item(id: g.id, center: Vector2(g.center.x, box.midY), height: box.height)
        }
    }
}
