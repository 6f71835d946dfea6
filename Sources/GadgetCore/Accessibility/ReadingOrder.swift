/// The order a visitor hears a page in when the board gives no `"focusOrder"`: rows from top to
/// bottom, each row in the board's writing direction (left to right, or right to left for an
/// Arabic or Hebrew board), as a sighted reader of that script scans it. Pure.
///
/// Two boxes are in one row when they overlap vertically by at least half of the shorter one's
/// height (a button beside a taller picture is beside it, not after it); a row starts at its
/// topmost box. Ties keep the board's order, so the result is deterministic.
public enum ReadingOrder {
    /// The share of the shorter box's height two boxes must overlap by to be in one row.
    public static let rowOverlap = 0.5

    /// `frames` in reading order, as indices into `frames`.
    public static func order(_ frames: [BoxBounds], rightToLeft: Bool) -> [Int] {
        let byTop = frames.indices.sorted { a, b in
            frames[a].minY != frames[b].minY ? frames[a].minY < frames[b].minY : a < b
        }
        var rows: [[Int]] = []
        for i in byTop {
            if let first = rows.last?.first, sameRow(frames[first], frames[i]) {
                rows[rows.count - 1].append(i)
            } else {
                rows.append([i])
            }
        }
        return rows.flatMap { row in
            row.sorted { a, b in
                let fa = frames[a], fb = frames[b]
                if rightToLeft { return fa.maxX != fb.maxX ? fa.maxX > fb.maxX : a < b }
                return fa.minX != fb.minX ? fa.minX < fb.minX : a < b
            }
        }
    }

    static func sameRow(_ a: BoxBounds, _ b: BoxBounds) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap > 0 && overlap >= rowOverlap * min(a.height, b.height)
    }
}
