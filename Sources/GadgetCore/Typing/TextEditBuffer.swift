/// The text of one field and its caret, edited by `KeyInput`s: caret steps and forward delete go
/// by grapheme cluster (Swift's `Character`), Backspace by `BackspaceRule`, and `maxLength`
/// counts characters (what a visitor counts). A value: the live board owns one per field and
/// the renderer reads it; nothing here knows about fonts, bidi or time.
///
/// The caret is an offset in `Character`s from the start of `text` (0…text.count): an index that
/// survives edits and crosses module boundaries as a plain number.
public struct TextEditBuffer: Sendable, Equatable {
    public private(set) var text: String
    /// Characters before the caret, 0…`text.count`.
    public private(set) var caret: Int
    /// The most characters the field holds; nil: no limit. Insertions past it are cut.
    public var maxLength: Int?
    /// Whether a line break may be typed (`enter` inserts one; `up`/`down` move between lines).
    public var multiline: Bool

    public init(text: String = "", maxLength: Int? = nil, multiline: Bool = false) {
        self.maxLength = maxLength
        self.multiline = multiline
        self.text = ""
        self.caret = 0
        setText(text)
    }

    /// Replaces the whole text (control `set`, a clear after submit), cleaned and cut like typed
    /// text, and puts the caret at its end.
    public mutating func setText(_ newText: String) {
        text = ""
        caret = 0
        _ = insert(newText)
        checkInvariants()
    }

    /// Puts the caret before the character at `offset`, clamped to the text.
    public mutating func placeCaret(atCharacterOffset offset: Int) {
        caret = min(max(offset, 0), text.count)
    }

    /// Applies one key; true when the text or the caret changed. `tab`, `backTab`, `escape` and
    /// (single-line) `enter` belong to the focus owner and change nothing here.
    @discardableResult
    public mutating func apply(_ key: KeyInput) -> Bool {
        let before = (text, caret)
        switch key {
        case .text(let s): _ = insert(s)
        case .backspace:
            let at = caretIndex
            let range = BackspaceRule.rangeToDelete(in: text, before: at)
            if !range.isEmpty { replace(range, with: "") }
        case .deleteForward:
            let at = caretIndex
            if at < text.endIndex { replace(at..<text.index(after: at), with: "") }
        case .left: caret = max(caret - 1, 0)
        case .right: caret = min(caret + 1, text.count)
        case .home: caret = multiline ? lineStart(ofCaret: caret) : 0
        case .end: caret = multiline ? lineEnd(ofCaret: caret) : text.count
        case .up: caret = multiline ? verticalMove(up: true) : 0
        case .down: caret = multiline ? verticalMove(up: false) : text.count
        case .enter: if multiline { _ = insert("\n") }
        case .tab, .backTab, .escape: break
        }
        checkInvariants()
        return before.0 != text || before.1 != caret
    }

    /// Where the caret is, as an index into `text`.
    public var caretIndex: String.Index { text.index(text.startIndex, offsetBy: caret) }

    // MARK: - Editing

    /// Inserts cleaned text at the caret, cut to `maxLength`; returns whether anything went in.
    private mutating func insert(_ raw: String) -> Bool {
        var s = cleaned(raw)
        guard !s.isEmpty else { return false }
        let at = caretIndex
        if let limit = maxLength {
            // Characters may merge across the seam (a combining mark after a base), so measure
            // the joined text, not the pieces.
            while !s.isEmpty && (String(text[..<at]) + s + String(text[at...])).count > limit { s.removeLast() }
            guard !s.isEmpty else { return false }
        }
        replace(at..<at, with: s)
        return true
    }

    /// Replaces `range` and puts the caret after the replacement, rounded up to a character
    /// boundary (removing a scalar can let what is left merge with the next character).
    private mutating func replace(_ range: Range<String.Index>, with s: String) {
        let utf8End = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + s.utf8.count
        text.replaceSubrange(range, with: s)
        var offset = 0
        var i = text.startIndex
        while i < text.endIndex && text.utf8.distance(from: text.startIndex, to: i) < utf8End {
            i = text.index(after: i)
            offset += 1
        }
        caret = offset
    }

    /// Drops control characters a visitor cannot mean (a scanner's CR, a stray ESC); a multiline
    /// field keeps line breaks, as "\n".
    private func cleaned(_ raw: String) -> String {
        var out = ""
        for ch in raw {
            if ch == "\r\n" || ch == "\n" || ch == "\r" {
                if multiline { out.append("\n") }
                continue
            }
            if ch == "\t" { out.append(" "); continue }
            if ch.unicodeScalars.count == 1, let s = ch.unicodeScalars.first, s.value < 0x20 || (0x7F...0x9F).contains(s.value) { continue }
            out.append(ch)
        }
        return out
    }

    // MARK: - Lines (multiline)

    private var characters: [Character] { Array(text) }

    private func lineStart(ofCaret c: Int) -> Int {
        let chars = characters
        var i = c
        while i > 0 && chars[i - 1] != "\n" { i -= 1 }
        return i
    }

    private func lineEnd(ofCaret c: Int) -> Int {
        let chars = characters
        var i = c
        while i < chars.count && chars[i] != "\n" { i += 1 }
        return i
    }

    private func verticalMove(up: Bool) -> Int {
        let start = lineStart(ofCaret: caret)
        let column = caret - start
        if up {
            guard start > 0 else { return 0 }
            let previousStart = lineStart(ofCaret: start - 1)
            return min(previousStart + column, start - 1)
        }
        let end = lineEnd(ofCaret: caret)
        guard end < text.count else { return text.count }
        let nextStart = end + 1
        return min(nextStart + column, lineEnd(ofCaret: nextStart))
    }

    private func checkInvariants() {
        assert(caret >= 0 && caret <= text.count, "caret \(caret) outside 0…\(text.count)")
        assert(maxLength.map { text.count <= $0 } ?? true, "text longer than maxLength")
    }
}
