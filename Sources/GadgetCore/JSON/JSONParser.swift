/// A strict JSON (RFC 8259) parser over UTF-8 bytes, with line/column positions in its errors.
/// Nesting is bounded so hostile input cannot exhaust the stack.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var line: Int
        public var column: Int
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        // A UTF-8 byte-order mark is tolerated: editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.index = 3 }
        p.skipWhitespace()
        let value = try p.parseValue()
        p.skipWhitespace()
        guard p.index == bytes.count else { throw p.failure("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ message: String) -> Failure {
        var line = 1, column = 1
        for b in bytes[0..<min(index, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return Failure(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw failure("invalid literal (expected \(word))")
        }
        index += w.count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter(); defer { depth -= 1 }
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            pairs.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of file in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter(); defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of file in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") { index += 1; break }
            if c < 0x20 { throw failure("control character in a string") }
            if c == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw failure("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw failure("unpaired surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw failure("invalid escape '\\\(Unicode.Scalar(e))'")
                }
                continue
            }
            out.append(c)
            index += 1
        }
        // Invalid UTF-8 is an error rather than silently replaced: a path must name the real file.
        guard let s = String(validating: out, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
        return s
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let n: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): n = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): n = UInt32(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): n = UInt32(c - UInt8(ascii: "A")) + 10
            default: throw failure("invalid \\u escape")
            }
            v = v * 16 + n
            index += 1
        }
        return v
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1; n += 1 }
            return n
        }
        guard index < bytes.count else { throw failure("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw failure("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number: digits expected in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw failure("number out of range: \(text)") }
        return v
    }
}
