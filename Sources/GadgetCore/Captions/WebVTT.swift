/// Parses WebVTT caption files (W3C "WebVTT: The Web Video Text Tracks Format", §4 syntax and
/// §6 parsing) into a `CaptionTrack`: the `WEBVTT` header, cue blocks with an optional
/// identifier and a timing line `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`, multi-line cue
/// text. Cue settings (position, line, align…) are accepted and ignored: captions are drawn at
/// the bottom of their video. NOTE, STYLE and REGION blocks are skipped. Cue text keeps its words:
/// tags (`<i>`, `<b>`, `<u>`, `<c.x>`, `<v Name>`, `<lang>`, `<ruby>`, timestamps) are dropped
/// and the entities `&amp; &lt; &gt; &nbsp; &lrm; &rlm;` and `&#…;` decoded.
///
/// Stricter than a browser, which drops what it cannot read: a board author wants to hear about
/// a cue that would never show, so the first one is one problem naming its line. Pure; any
/// bytes give a track or one problem (never a crash): invalid UTF-8 is replaced, numbers are
/// bounded before they are multiplied.
public enum WebVTT {
    /// The first problem of a file that is not good WebVTT.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// 1-based; 0: the file as a whole.
        public var line: Int
        public var message: String
        public init(line: Int, _ message: String) { self.line = line; self.message = message }
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// Larger files are refused (the reader stops there): hours of dense captions are ~200 KiB.
    public static let maximumBytes = 4 << 20
    /// More cues than this are refused: a ten-hour clip with a cue every 4 s has 9,000.
    public static let maximumCues = 20_000

    public static func parse(_ bytes: [UInt8]) -> Result<CaptionTrack, Problem> {
        guard bytes.count <= maximumBytes else { return .failure(Problem(line: 0, "larger than \(maximumBytes >> 20) MiB")) }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    public static func parse(_ text: String) -> Result<CaptionTrack, Problem> {
        var lines = splitLines(text)
        if let first = lines.first, first.first == "\u{FEFF}" { lines[0].removeFirst() }
        // §6.1: the signature is "WEBVTT" alone or followed by a space or tab and anything.
        guard let first = lines.first, first == "WEBVTT" || first.hasPrefix("WEBVTT ") || first.hasPrefix("WEBVTT\t") else {
            return .failure(Problem(line: 1, "not a WebVTT file (the first line must be WEBVTT)"))
        }
        var i = 1
        // The header's other lines, up to the first blank line. A timing line there starts the
        // first cue (a file that forgot the blank line), as the spec's parser does.
        while i < lines.count, !lines[i].isEmpty, !lines[i].contains("-->") { i += 1 }
        var cues: [CaptionTrack.Cue] = []
        while i < lines.count {
            if lines[i].isEmpty { i += 1; continue }
            let blockStart = i
            var blockEnd = i
            while blockEnd < lines.count, !lines[blockEnd].isEmpty { blockEnd += 1 }
            let first = lines[blockStart]
            if isBlock(first, "NOTE") || isBlock(first, "STYLE") || isBlock(first, "REGION") {
                i = blockEnd
                continue
            }
            // A cue: its timing on the first line, or on the second after an identifier.
            var timing = blockStart
            if !first.contains("-->") {
                guard blockStart + 1 < blockEnd, lines[blockStart + 1].contains("-->") else {
                    return .failure(Problem(line: blockStart + 1, "not a cue (no timing line \"start --> end\" here or on the next line) nor a NOTE, STYLE or REGION block"))
                }
                timing = blockStart + 1
            }
            // Its text runs to the blank line, or to a line with "-->", which starts another cue.
            while timing < blockEnd {
                guard cues.count < maximumCues else { return .failure(Problem(line: timing + 1, "more than \(maximumCues) cues")) }
                let times: (Microseconds, Microseconds)
                switch timings(lines[timing]) {
                case .failure(let p): return .failure(Problem(line: timing + 1, p.message))
                case .success(let t): times = t
                }
                var end = timing + 1
                while end < blockEnd, !lines[end].contains("-->") { end += 1 }
                let text = cueText(lines[(timing + 1)..<end].joined(separator: "\n"))
                if !text.isEmpty { cues.append(CaptionTrack.Cue(start: times.0, end: times.1, text: text, line: timing + 1)) }
                timing = end
            }
            i = blockEnd
        }
        return .success(CaptionTrack(cues: cues))
    }

    /// NOTE, STYLE, REGION: the word alone or followed by a space or tab.
    static func isBlock(_ line: String, _ word: String) -> Bool {
        line == word || line.hasPrefix(word + " ") || line.hasPrefix(word + "\t")
    }

    /// Lines split at CRLF, LF or CR (§6.1); NUL is replaced by U+FFFD.
    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousCR = false
        for s in text.unicodeScalars {
            switch s {
            case "\r":
                lines.append(String(current)); current = String.UnicodeScalarView(); previousCR = true
                continue
            case "\n":
                if !previousCR { lines.append(String(current)); current = String.UnicodeScalarView() }
            case "\0":
                current.append("\u{FFFD}")
            default:
                current.append(s)
            }
            previousCR = false
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    // MARK: - Timings

    /// `start --> end` and optional settings (ignored, but they must be apart from the end time).
    static func timings(_ line: String) -> Result<(Microseconds, Microseconds), Problem> {
        var s = Substring(line).unicodeScalars[...]
        skipWhitespace(&s)
        guard let start = timestamp(&s) else { return .failure(Problem(line: 0, "bad start time (expected [hh:]mm:ss.ttt --> [hh:]mm:ss.ttt)")) }
        skipWhitespace(&s)
        guard s.starts(with: "-->".unicodeScalars) else { return .failure(Problem(line: 0, "expected \"-->\" after the start time")) }
        s.removeFirst(3)
        skipWhitespace(&s)
        guard let end = timestamp(&s) else { return .failure(Problem(line: 0, "bad end time (expected [hh:]mm:ss.ttt --> [hh:]mm:ss.ttt)")) }
        if let next = s.first, !isWhitespace(next) { return .failure(Problem(line: 0, "unexpected \"\(String(String.UnicodeScalarView(s.prefix(10))))\" after the end time")) }
        guard end > start else { return .failure(Problem(line: 0, "the cue ends at or before its start")) }
        return .success((start, end))
    }

    static func isWhitespace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\u{0C}" }

    static func skipWhitespace(_ s: inout Substring.UnicodeScalarView.SubSequence) {
        while let c = s.first, isWhitespace(c) { s.removeFirst() }
    }

    /// §6.3 "collect a WebVTT timestamp": hours (any count of digits; required when more than two
    /// digits lead), two-digit minutes and seconds under 60, a dot, three digits. µs.
    static func timestamp(_ s: inout Substring.UnicodeScalarView.SubSequence) -> Microseconds? {
        guard let (v1, n1) = digits(&s) else { return nil }
        let first: (value: Int64, count: Int) = (v1, n1)
        guard s.first == ":" else { return nil }
        s.removeFirst()
        guard let (v2, n2) = digits(&s), n2 == 2 else { return nil }
        var hours: Int64 = 0, minutes: Int64, seconds: Int64
        if s.first == ":" || first.count > 2 {
            guard s.first == ":" else { return nil }
            s.removeFirst()
            guard let (v3, n3) = digits(&s), n3 == 2 else { return nil }
            hours = first.value; minutes = v2; seconds = v3
        } else {
            guard first.count == 2 else { return nil }
            minutes = first.value; seconds = v2
        }
        guard minutes < 60, seconds < 60, s.first == "." else { return nil }
        s.removeFirst()
        guard let (ms, n4) = digits(&s), n4 == 3 else { return nil }
        // Hours are at most 9 digits (read below), so this cannot overflow: 10^9 h is 3.6e18 µs.
        return ((hours * 3600 + minutes * 60 + seconds) * 1000 + ms) * 1000
    }

    /// Leading ASCII digits: their value and count; nil without any, or past 9 of them.
    static func digits(_ s: inout Substring.UnicodeScalarView.SubSequence) -> (Int64, Int)? {
        var value: Int64 = 0, count = 0
        while let c = s.first, c.value >= 0x30, c.value <= 0x39 {
            count += 1
            if count > 9 { return nil }
            value = value * 10 + Int64(c.value - 0x30)
            s.removeFirst()
        }
        return count == 0 ? nil : (value, count)
    }

    // MARK: - Cue text

    /// The words of a cue: tags dropped (a `<` without its `>` to the end), entities decoded,
    /// each line's ends trimmed and empty lines left out.
    static func cueText(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var inTag = false
        var entity: String.UnicodeScalarView?
        for s in raw.unicodeScalars {
            if inTag { if s == ">" { inTag = false }; continue }
            if var e = entity {
                if s == ";" {
                    out.append(contentsOf: decodeEntity(String(e)))
                    entity = nil
                } else if e.count < 10, s.properties.isAlphabetic || (s.value >= 0x30 && s.value <= 0x39) || s == "#" {
                    e.append(s); entity = e
                } else {
                    // Not an entity: the ampersand and what followed it stay as written.
                    out.append("&"); out.append(contentsOf: e); entity = nil
                    if s == "<" { inTag = true } else if s == "&" { entity = String.UnicodeScalarView() } else { out.append(s) }
                }
                continue
            }
            if s == "<" { inTag = true } else if s == "&" { entity = String.UnicodeScalarView() } else { out.append(s) }
        }
        if let e = entity { out.append("&"); out.append(contentsOf: e) }
        return String(out).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// `name` between `&` and `;`: the named references WebVTT's text uses and numeric ones;
    /// anything else stays as written.
    static func decodeEntity(_ name: String) -> String.UnicodeScalarView {
        switch name {
        case "amp": return "&".unicodeScalars
        case "lt": return "<".unicodeScalars
        case "gt": return ">".unicodeScalars
        case "nbsp": return "\u{00A0}".unicodeScalars
        case "lrm": return "\u{200E}".unicodeScalars
        case "rlm": return "\u{200F}".unicodeScalars
        case "quot": return "\"".unicodeScalars
        case "apos": return "'".unicodeScalars
        default: break
        }
        if name.hasPrefix("#") {
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if digits.first == "x" || digits.first == "X" { radix = 16; digits = digits.dropFirst() }
            if !digits.isEmpty, let v = UInt32(digits, radix: Int(radix)), v != 0, let scalar = Unicode.Scalar(v) {
                return String(scalar).unicodeScalars
            }
            return "\u{FFFD}".unicodeScalars
        }
        return ("&" + name + ";").unicodeScalars
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    fileprivate func trimmingWhitespace() -> String {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
