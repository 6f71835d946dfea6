/// An RFC 6901 JSON Pointer (`/current/temp`, `/list/0`, `~1` for `/`, `~0` for `~`): how a
/// binding picks one value out of a source's payload. Parsed once, when the board is decoded, so a
/// malformed pointer is a `check` error rather than a blank gadget at run time.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped. Empty: the whole document.
    public let tokens: [String]

    /// The longest pointer accepted, bytes: a board's pointers are short, and the bound keeps a
    /// hostile board (or the fuzzer) from building huge token lists.
    public static let maximumLength = 1024

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not empty and not starting with `/`.
        case missingSlash
        /// `~` followed by something other than `0` or `1` (at this byte offset).
        case badEscape(offset: Int)
        case tooLong
        public var description: String {
            switch self {
            case .missingSlash: return "a JSON Pointer is empty or starts with \"/\""
            case .badEscape(let o): return "\"~\" at offset \(o) must be followed by 0 or 1 (~0 is ~, ~1 is /)"
            case .tooLong: return "pointer longer than \(JSONPointer.maximumLength) bytes"
            }
        }
    }

    /// Why a valid pointer finds nothing in a given document: a run-time condition (the payload
    /// changed shape), never a crash.
    public enum Miss: Error, Sendable, Equatable, CustomStringConvertible {
        case noMember(String, at: String)
        case badIndex(String, at: String)
        case indexOutOfRange(Int, count: Int, at: String)
        case notAContainer(kind: String, at: String)
        public var description: String {
            switch self {
            case .noMember(let k, let at): return "no member \"\(k)\" at \"\(at)\""
            case .badIndex(let t, let at): return "\"\(t)\" is not an array index at \"\(at)\""
            case .indexOutOfRange(let i, let n, let at): return "index \(i) out of range (\(n) items) at \"\(at)\""
            case .notAContainer(let kind, let at): return "\(kind) at \"\(at)\" has no members"
            }
        }
    }

    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses the pointer's string form.
    public static func parse(_ text: String) -> Result<JSONPointer, Failure> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .success(JSONPointer(tokens: [])) }
        if bytes.count > maximumLength { return .failure(.tooLong) }
        guard bytes[0] == UInt8(ascii: "/") else { return .failure(.missingSlash) }
        var tokens: [String] = []
        var current: [UInt8] = []
        var i = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "/") {
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else if b == UInt8(ascii: "~") {
                guard i + 1 < bytes.count else { return .failure(.badEscape(offset: i)) }
                switch bytes[i + 1] {
                case UInt8(ascii: "0"): current.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): current.append(UInt8(ascii: "/"))
                default: return .failure(.badEscape(offset: i))
                }
                i += 1
            } else {
                current.append(b)
            }
            i += 1
        }
        tokens.append(String(decoding: current, as: UTF8.self))
        return .success(JSONPointer(tokens: tokens))
    }

    /// The pointer's string form, escaped again (round-trips `parse`).
    public var description: String {
        tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// `~` → `~0`, `/` → `~1`, byte by byte: a String's own replacing works on characters, and
    /// `~` followed by a combining mark is one character that is not "~" (the fuzzer found it).
    static func escape(_ token: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(token.utf8.count)
        for b in token.utf8 {
            switch b {
            case UInt8(ascii: "~"): out += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): out += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value the pointer names in `document`. Array indices follow RFC 6901: decimal, no
    /// leading zero (except `0` itself), no sign; `-` (past the end) names nothing to read.
    public func resolve(in document: JSONValue) -> Result<JSONValue, Miss> {
        var value = document
        var at = ""
        for token in tokens {
            switch value {
            case .object(let pairs):
                guard let found = pairs.first(where: { $0.0 == token }) else { return .failure(.noMember(token, at: at)) }
                value = found.1
            case .array(let items):
                guard let index = JSONPointer.arrayIndex(token) else { return .failure(.badIndex(token, at: at)) }
                guard index < items.count else { return .failure(.indexOutOfRange(index, count: items.count, at: at)) }
                value = items[index]
            default:
                return .failure(.notAContainer(kind: value.kindName, at: at))
            }
            at += "/" + JSONPointer.escape(token)
        }
        return .success(value)
    }

    /// An RFC 6901 array index: `0` or a non-zero digit followed by digits, small enough for Int.
    static func arrayIndex(_ token: String) -> Int? {
        let u = Array(token.utf8)
        guard !u.isEmpty, u.count <= 18, u.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if u.count > 1, u[0] == UInt8(ascii: "0") { return nil }
        return u.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
