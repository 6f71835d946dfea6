/// Where each member of a JSON object sits in the file's bytes, for edits that must leave every
/// other byte as it was (`BoardFileCalibration`). Reads text `JSONParser` has already accepted;
/// on anything else it returns nil rather than guessing (never traps: every index is checked).
public struct JSONMemberSpans: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        /// The key, unescaped.
        public var key: String
        /// Byte offset of the key's opening quote.
        public var keyStart: Int
        /// The value's bytes: `valueStart..<valueEnd` (no surrounding whitespace).
        public var valueStart: Int
        public var valueEnd: Int
    }

    /// Offset of the object's `{` and one past its `}`.
    public var start: Int
    public var end: Int
    public var members: [Member]

    public func member(_ key: String) -> Member? { members.last { $0.key == key } }

    /// The members of the object whose `{` is at `start` (after whitespace).
    public static func object(in bytes: [UInt8], at start: Int) -> JSONMemberSpans? {
        var s = Scanner(bytes: bytes, index: start)
        s.skipWhitespace()
        let open = s.index
        guard s.peek == UInt8(ascii: "{") else { return nil }
        s.index += 1
        var members: [Member] = []
        s.skipWhitespace()
        if s.peek == UInt8(ascii: "}") { return JSONMemberSpans(start: open, end: s.index + 1, members: []) }
        while true {
            s.skipWhitespace()
            let keyStart = s.index
            guard s.peek == UInt8(ascii: "\""), s.skipString() else { return nil }
            // The parser unescapes the key exactly as the decoder saw it.
            guard case .string(let key)? = try? JSONParser.parse(Array(bytes[keyStart..<s.index])) else { return nil }
            s.skipWhitespace()
            guard s.peek == UInt8(ascii: ":") else { return nil }
            s.index += 1
            s.skipWhitespace()
            let valueStart = s.index
            guard s.skipValue() else { return nil }
            members.append(Member(key: key, keyStart: keyStart, valueStart: valueStart, valueEnd: s.index))
            s.skipWhitespace()
            switch s.peek {
            case UInt8(ascii: ","): s.index += 1
            case UInt8(ascii: "}"): return JSONMemberSpans(start: open, end: s.index + 1, members: members)
            default: return nil
            }
        }
    }

    /// The root value's first byte (after a UTF-8 byte-order mark and whitespace).
    public static func rootStart(_ bytes: [UInt8]) -> Int {
        var s = Scanner(bytes: bytes, index: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        s.skipWhitespace()
        return s.index
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index: Int
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
        }

        /// From an opening quote to one past the closing one.
        mutating func skipString() -> Bool {
            index += 1
            while let b = peek {
                index += 1
                if b == UInt8(ascii: "\\") { index += 1 } else if b == UInt8(ascii: "\"") { return index <= bytes.count }
            }
            return false
        }

        mutating func skipValue() -> Bool {
            guard let b = peek else { return false }
            switch b {
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let c = peek {
                    switch c {
                    case UInt8(ascii: "\""): guard skipString() else { return false }; continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { index += 1; return true }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                // A number or a literal: up to the next delimiter.
                let from = index
                while let c = peek, c != UInt8(ascii: ","), c != UInt8(ascii: "}"), c != UInt8(ascii: "]"),
                      c != 0x20, c != 0x09, c != 0x0A, c != 0x0D { index += 1 }
                return index > from
            }
        }
    }
}
