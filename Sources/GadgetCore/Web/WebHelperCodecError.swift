/// Why a datagram is not a message: one true line for the log.
public enum WebHelperCodecError: Error, Equatable, CustomStringConvertible {
    case tooLarge(Int)
    case notJSON(String)
    case notAnObject
    case missingType
    /// A `"type"` this side does not know: the protocol says to ignore it (a newer peer).
    case unknownType(String)
    /// A known type with a field missing or of the wrong kind.
    case badField(type: String, field: String, expected: String)

    /// True for the one error callers ignore silently (forward compatibility).
    public var isUnknownType: Bool {
        if case .unknownType = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .tooLarge(let n): return "a message of \(n) bytes is over the \(WebHelperCodec.maximumMessageBytes)-byte limit"
        case .notJSON(let why): return "a message is not JSON (\(why))"
        case .notAnObject: return "a message is not a JSON object"
        case .missingType: return "a message has no \"type\""
        case .unknownType(let t): return "a message of unknown type \"\(t)\""
        case .badField(let t, let f, let e): return "a \"\(t)\" message's \"\(f)\" is not \(e)"
        }
    }
}
