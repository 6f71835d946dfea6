/// A line of a broken paragraph: the characters it shows (trailing spaces included, newlines not),
/// and whether text after it was cut (then the renderer ends it with an ellipsis).
public struct BrokenLine: Hashable, Sendable {
    public var range: Range<Int>
    public var truncated: Bool
    public init(range: Range<Int>, truncated: Bool = false) { self.range = range; self.truncated = truncated }
}

/// Greedy line breaking: each line takes as many characters as fit in `width`, ending at the last
/// break opportunity; a word wider than the whole line is split between characters (rather than
/// overflowing the box). With `maxLines`, the last allowed line is shortened until it and an
/// ellipsis fit. Greedy rather than optimal (Knuth–Plass): kiosk labels are a few lines, and a
/// greedy break never moves earlier lines when text is appended.
public enum LineBreaker {
    public static func breakLines(
        _ items: [LineBreakItem], width: Double, maxLines: Int? = nil, ellipsisAdvance: Double = 0
    ) -> [BrokenLine] {
        var lines: [BrokenLine] = []
        var start = 0
        var lineWidth = 0.0           // including trailing spaces
        var lastBreak: Int? = nil     // index after which the current line may end
        var i = 0
        while i < items.count {
            let item = items[i]
            if item.isNewline {
                lines.append(BrokenLine(range: start..<i))
                start = i + 1; lineWidth = 0; lastBreak = nil; i += 1
                continue
            }
            if !item.isSpace, i > start, lineWidth + item.advance > width {
                let end = lastBreak.map { $0 + 1 } ?? i
                lines.append(BrokenLine(range: start..<end))
                start = end; lineWidth = 0; lastBreak = nil
                i = end
                continue
            }
            lineWidth += item.advance
            if item.breakAfter { lastBreak = i }
            i += 1
        }
        if start < items.count || lines.isEmpty || items.last?.isNewline == true {
            lines.append(BrokenLine(range: start..<items.count))
        }
        guard let maxLines, maxLines >= 1, lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        var last = kept[maxLines - 1].range
        while !last.isEmpty, visibleWidth(items, last) + ellipsisAdvance > width
            || last.upperBound > last.lowerBound && items[last.upperBound - 1].isSpace {
            last = last.lowerBound..<(last.upperBound - 1)
        }
        kept[maxLines - 1] = BrokenLine(range: last, truncated: true)
        return kept
    }

    /// The width of `range` without its trailing spaces (which hang past the line's end).
    public static func visibleWidth(_ items: [LineBreakItem], _ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, items[end - 1].isSpace { end -= 1 }
        return items[range.lowerBound..<end].reduce(0) { $0 + $1.advance }
    }
}
