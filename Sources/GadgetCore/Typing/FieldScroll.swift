/// How far a field's text is scrolled so the caret stays in view: a single-line field scrolls
/// sideways, a multiline one up and down; the same rule on either axis. Like a browser's text
/// input, the text moves only when the caret would leave the view (by `margin`, so a few
/// pixels of what comes next show), and never further than its content needs.
public enum FieldScroll {
    /// The scroll offset (0…content − view) after the caret moved to span `low…high` (in the
    /// content's coordinates), starting from `offset`.
    public static func keepVisible(low: Double, high: Double, offset: Double, view: Double, content: Double, margin: Double) -> Double {
        let limit = max(0, content - view)
        let m = max(0, min(margin, (view - (high - low)) / 2))
        var o = offset
        if low - m < o { o = low - m }
        if high + m > o + view { o = high + m - view }
        return min(max(o, 0), limit)
    }
}
