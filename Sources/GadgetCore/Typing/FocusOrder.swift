/// The order Tab moves through fields: reading order, rows top to bottom and, within a row, left
/// to right — right to left on a right-to-left board (`"lang"` ar, he…). Fields whose boxes
/// overlap by more than half the first one's height read as one row, so a slightly lower field
/// beside another is not sent to the next line.
public struct FocusOrder: Sendable, Equatable {
    /// One field's place on the board (canvas pixels, axis-aligned box at its home pose).
    public struct Field: Sendable, Equatable {
        public var id: String
        public var center: Vector2
        public var size: Size2
        public init(id: String, center: Vector2, size: Size2) { self.id = id; self.center = center; self.size = size }
        var minX: Double { center.x - size.width / 2 }
        var maxX: Double { center.x + size.width / 2 }
        var minY: Double { center.y - size.height / 2 }
    }

    /// Field ids in the order Tab visits them.
    public let ids: [String]

    public init(fields: [Field], rightToLeft: Bool) {
        // A stable sort by top, then rows grown while the next field starts above the row's
        // first field's middle.
        let byTop = fields.enumerated().sorted { a, b in
            a.element.minY != b.element.minY ? a.element.minY < b.element.minY : a.offset < b.offset
        }.map(\.element)
        var rows: [[Field]] = []
        for field in byTop {
            if let first = rows.last?.first, field.minY < first.center.y {
                rows[rows.count - 1].append(field)
            } else {
                rows.append([field])
            }
        }
        ids = rows.flatMap { row in
            row.enumerated().sorted { a, b in
                if rightToLeft {
                    return a.element.maxX != b.element.maxX ? a.element.maxX > b.element.maxX : a.offset < b.offset
                }
                return a.element.minX != b.element.minX ? a.element.minX < b.element.minX : a.offset < b.offset
            }.map(\.element.id)
        }
    }

    /// The field Tab goes to from `id` (nil or unknown: the first), wrapping after the last.
    public func next(after id: String?) -> String? {
        guard !ids.isEmpty else { return nil }
        guard let id, let i = ids.firstIndex(of: id) else { return ids.first }
        return ids[(i + 1) % ids.count]
    }

    /// The field Shift-Tab goes to from `id` (nil or unknown: the last), wrapping before the first.
    public func previous(before id: String?) -> String? {
        guard !ids.isEmpty else { return nil }
        guard let id, let i = ids.firstIndex(of: id) else { return ids.last }
        return ids[(i + ids.count - 1) % ids.count]
    }
}
