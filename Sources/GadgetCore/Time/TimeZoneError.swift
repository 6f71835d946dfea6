/// Why a time zone could not be made: a TZif file that breaks RFC 8536, or a POSIX TZ string
/// that cannot be read. The description is one line for a log or `check`.
public enum TimeZoneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The TZif data is malformed: what was wrong.
    case invalidTZif(String)
    /// The POSIX TZ string (a TZif footer or `TZ`) is malformed: the string and what was wrong.
    case invalidPOSIXRule(String, String)
    /// A name that cannot be an IANA zone (`..`, absolute, odd characters).
    case invalidName(String)

    public var description: String {
        switch self {
        case .invalidTZif(let why): return "invalid TZif data: \(why)"
        case .invalidPOSIXRule(let rule, let why): return "invalid POSIX TZ string \"\(rule)\": \(why)"
        case .invalidName(let name): return "\"\(name)\" is not a time zone name (expected an IANA name such as Europe/Lisbon)"
        }
    }
}

/// The shape of an IANA zone name, checked before any file is opened: the name becomes a path
/// under /usr/share/zoneinfo, so `..` and absolute names are refused (a board must not make the
/// kiosk read arbitrary files).
public enum TimeZoneName {
    public static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/"), !name.hasSuffix("/") else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            if part.isEmpty || part == "." || part == ".." || part.hasPrefix("-") { return false }
        }
        return name.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                || c == UInt8(ascii: "/") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
        }
    }
}
