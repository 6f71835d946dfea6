/// The visual order of a line's runs from their bidi embedding levels (rule L2 of the Unicode
/// Bidirectional Algorithm): from the highest level down to the lowest odd one, reverse every
/// maximal sequence of runs at that level or higher. Each run's own glyphs are already in visual
/// order (HarfBuzz shapes a right-to-left run right to left), so only the runs move.
public enum BidiRunOrder {
    /// Indices into `levels` (one per run, logical order), left to right on screen.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = levels.filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
