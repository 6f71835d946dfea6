/// Where a field's caret goes in its laid-out text, and which caret position a tap means: built
/// from the shaped glyphs (HarfBuzz clusters at the character level, each glyph knowing the
/// scalar it starts at and whether its bidi run goes right to left, FriBidi's levels) and the
/// character boundaries of the string (Swift's `Character`: extended grapheme clusters).
///
/// The caret between two characters is the *strong* caret of Pango and Chromium: inside a run,
/// the leading edge of the character after it; at a boundary between runs of two directions,
/// the edge of the character whose run goes the paragraph's way. So in "abc אבג" with the caret
/// after "abc ", it is drawn at the left of the Hebrew run (where the next letter typed, א,
/// appears), and at the end it is drawn at the run's left edge (after ג, its last letter).
///
/// Units: whatever the glyphs were given in (the scene gives board pixels of the field's text
/// box, unscrolled). Pure and deterministic: no fonts here.
public struct CaretLayout: Sendable, Equatable {
    /// One glyph as laid out: its pen position and advance, the first scalar (of the string) it
    /// draws, its run's direction.
    public struct Glyph: Sendable, Equatable {
        public var scalarIndex: Int
        public var x: Double
        public var advance: Double
        public var rightToLeft: Bool
        public init(scalarIndex: Int, x: Double, advance: Double, rightToLeft: Bool) {
            self.scalarIndex = scalarIndex; self.x = x; self.advance = advance; self.rightToLeft = rightToLeft
        }
    }

    /// One line: glyphs left to right on screen, the line box's top and bottom, the paragraph's
    /// direction, and where an empty line's caret would stand.
    public struct Line: Sendable, Equatable {
        public var glyphs: [Glyph]
        public var top: Double
        public var bottom: Double
        public var isRightToLeft: Bool
        /// The x of the line's start edge (left for a left-to-right paragraph, right otherwise).
        public var startX: Double
        public init(glyphs: [Glyph], top: Double, bottom: Double, isRightToLeft: Bool, startX: Double) {
            self.glyphs = glyphs; self.top = top; self.bottom = bottom; self.isRightToLeft = isRightToLeft; self.startX = startX
        }
    }

    /// Where the caret is drawn: a vertical bar at `x` from `top` to `bottom`, on line `line`.
    public struct Position: Sendable, Equatable {
        public var x: Double
        public var top: Double
        public var bottom: Double
        public var line: Int
        public init(x: Double, top: Double, bottom: Double, line: Int) { self.x = x; self.top = top; self.bottom = bottom; self.line = line }
    }

    public let lines: [Line]
    /// Positions for caret offsets 0…characterCount, computed once.
    public let positions: [Position]
    public var characterCount: Int { positions.count - 1 }

    /// The box one character covers (the union of its glyphs), and its direction.
    private struct Box { var line: Int; var left: Double; var right: Double; var rightToLeft: Bool
        var leading: Double { rightToLeft ? right : left }
        var trailing: Double { rightToLeft ? left : right }
    }

    /// `string`: the text laid out (its `Character`s are the caret stops); `lines`: its glyphs.
    public init(string: String, lines: [Line]) {
        self.lines = lines
        // Scalar index at which each Character starts, and whether it is a line break.
        var starts: [Int] = []
        var isBreak: [Bool] = []
        var scalar = 0
        for ch in string {
            starts.append(scalar)
            isBreak.append(ch == "\n" || ch == "\r\n" || ch == "\r")
            scalar += ch.unicodeScalars.count
        }
        let count = starts.count
        func character(ofScalar s: Int) -> Int? {
            // The last start ≤ s (binary search: starts are increasing).
            var lo = 0, hi = count
            while lo < hi { let mid = (lo + hi) / 2; if starts[mid] <= s { lo = mid + 1 } else { hi = mid } }
            return lo == 0 ? nil : lo - 1
        }
        var boxes = [Box?](repeating: nil, count: count)
        for (n, line) in lines.enumerated() {
            for g in line.glyphs {
                guard let k = character(ofScalar: g.scalarIndex) else { continue }
                let l = min(g.x, g.x + g.advance), r = max(g.x, g.x + g.advance)
                if var b = boxes[k], b.line == n {
                    b.left = min(b.left, l); b.right = max(b.right, r); boxes[k] = b
                } else if boxes[k] == nil {
                    boxes[k] = Box(line: n, left: l, right: r, rightToLeft: g.rightToLeft)
                }
            }
        }
        // Characters without a glyph of their own: a line break sits at its line's end; the
        // characters a ligature swallowed (HarfBuzz gave the ligature the first one's cluster)
        // share its box equally, as Chromium does; unplaced characters at the very start sit at
        // the first line's start. (The renderer lists a line's trimmed trailing spaces as glyphs
        // past its end, so they are not taken for a ligature.)
        var k = 0
        while k < count {
            guard boxes[k] == nil else { k += 1; continue }
            if isBreak[k] {
                let n = k > 0 ? (boxes[k - 1]?.line ?? 0) : 0
                let x = Self.endX(of: lines, line: n)
                boxes[k] = Box(line: n, left: x, right: x, rightToLeft: lines.indices.contains(n) ? lines[n].isRightToLeft : false)
                k += 1
                continue
            }
            var end = k
            while end < count, boxes[end] == nil, !isBreak[end] { end += 1 }
            if k > 0, let owner = boxes[k - 1], !isBreak[k - 1] {
                let width = (owner.right - owner.left) / Double(end - k + 1)
                for j in (k - 1)..<end {
                    let step = Double(j - (k - 1))
                    let left = owner.rightToLeft ? owner.right - width * (step + 1) : owner.left + width * step
                    boxes[j] = Box(line: owner.line, left: left, right: left + width, rightToLeft: owner.rightToLeft)
                }
            } else {
                let x = lines.first?.startX ?? 0
                for j in k..<end { boxes[j] = Box(line: 0, left: x, right: x, rightToLeft: lines.first?.isRightToLeft ?? false) }
            }
            k = end
        }

        var positions: [Position] = []
        positions.reserveCapacity(count + 1)
        func at(_ x: Double, line n: Int) -> Position {
            let line = lines.indices.contains(n) ? lines[n] : nil
            return Position(x: x, top: line?.top ?? 0, bottom: line?.bottom ?? 0, line: n)
        }
        for c in 0...count {
            if count == 0 {
                positions.append(at(lines.first?.startX ?? 0, line: 0))
            } else if c == 0 {
                let b = boxes[0]!
                positions.append(at(b.leading, line: b.line))
            } else if c == count {
                let b = boxes[c - 1]!
                if isBreak[c - 1] {
                    // After a final line break: the start of the line below.
                    let n = b.line + 1
                    if lines.indices.contains(n) {
                        positions.append(at(lines[n].startX, line: n))
                    } else {
                        let last = lines.indices.contains(b.line) ? lines[b.line] : Line(glyphs: [], top: 0, bottom: 0, isRightToLeft: false, startX: 0)
                        let first = lines.first?.startX ?? 0
                        positions.append(Position(x: first, top: last.bottom, bottom: last.bottom + (last.bottom - last.top), line: n))
                    }
                } else {
                    positions.append(at(b.trailing, line: b.line))
                }
            } else {
                let prev = boxes[c - 1]!, next = boxes[c]!
                if isBreak[c - 1] || prev.line != next.line {
                    // The start of a line (after a break, or where the text wrapped).
                    positions.append(at(next.leading, line: next.line))
                } else if prev.rightToLeft == next.rightToLeft {
                    positions.append(at(next.leading, line: next.line))
                } else {
                    let paragraphRTL = lines.indices.contains(next.line) ? lines[next.line].isRightToLeft : false
                    positions.append(prev.rightToLeft == paragraphRTL ? at(prev.trailing, line: prev.line) : at(next.leading, line: next.line))
                }
            }
        }
        self.positions = positions
    }

    /// The x where line `n` ends in its paragraph's direction.
    private static func endX(of lines: [Line], line n: Int) -> Double {
        guard lines.indices.contains(n) else { return 0 }
        let line = lines[n]
        guard !line.glyphs.isEmpty else { return line.startX }
        if line.isRightToLeft { return line.glyphs.map { min($0.x, $0.x + $0.advance) }.min() ?? line.startX }
        return line.glyphs.map { max($0.x, $0.x + $0.advance) }.max() ?? line.startX
    }

    /// The caret for offset `c` (clamped to 0…characterCount).
    public func position(atCharacter c: Int) -> Position { positions[min(max(c, 0), positions.count - 1)] }

    /// The caret offset nearest to a tap at (`x`, `y`): on the line under it (the nearest line
    /// when above or below every line), the offset whose caret is closest in x. Ties go to the
    /// lower offset, so the result is the same on every run.
    public func characterOffset(nearestX x: Double, y: Double) -> Int {
        guard !lines.isEmpty else { return 0 }
        var lineIndex = 0
        var best = Double.infinity
        for (n, line) in lines.enumerated() {
            let d = y < line.top ? line.top - y : (y >= line.bottom ? y - line.bottom : 0)
            if d < best { best = d; lineIndex = n }
        }
        return nearest(x: x, onLine: lineIndex) ?? 0
    }

    private func nearest(x: Double, onLine n: Int) -> Int? {
        var found: Int?
        var best = Double.infinity
        for (c, p) in positions.enumerated() where p.line == n {
            let d = abs(p.x - x)
            if d < best { best = d; found = c }
        }
        return found
    }

    /// Where an arrow key takes the caret from offset `c`: visually (Pango's
    /// `move_cursor_visually`), to the nearest caret position on the same line further in that
    /// direction; past a line's visual end, to the next line in reading order (the one above or
    /// below). Nil when there is nowhere to go (the caret stays).
    public func visualMove(from c: Int, right: Bool) -> Int? {
        let here = position(atCharacter: c)
        var found: Int?
        var best = Double.infinity
        for (k, p) in positions.enumerated() where p.line == here.line && k != c {
            let d = right ? p.x - here.x : here.x - p.x
            guard d > 1e-6 else { continue }
            if d < best || (d == best && abs(k - c) < abs((found ?? k) - c)) { best = d; found = k }
        }
        if let found { return found }
        // Off the line's visual end: forward in reading order when moving with the paragraph.
        let rtl = lines.indices.contains(here.line) ? lines[here.line].isRightToLeft : false
        let forward = right != rtl
        let target = here.line + (forward ? 1 : -1)
        guard positions.contains(where: { $0.line == target }) else { return nil }
        // The line's start (forward) or end (backward) in reading order.
        let onTarget = positions.enumerated().filter { $0.element.line == target }.map(\.offset)
        return forward ? onTarget.min() : onTarget.max()
    }

    /// The caret offset on the line above (`up`) or below at the caret's x, nil at the first or
    /// last line (a multiline field's Up and Down between wrapped lines).
    public func verticalMove(from c: Int, up: Bool) -> Int? {
        let here = position(atCharacter: c)
        let target = here.line + (up ? -1 : 1)
        guard positions.contains(where: { $0.line == target }) else { return nil }
        return nearest(x: here.x, onLine: target)
    }

    /// The height of the content: the last line's bottom (0 without lines).
    public var contentBottom: Double { max(lines.last?.bottom ?? 0, positions.last?.bottom ?? 0) }
}
