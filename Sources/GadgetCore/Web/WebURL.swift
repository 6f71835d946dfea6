/// The parts of an http(s) URL that navigation rules compare: scheme, host, port and path. Not a
/// full URL parser (no percent-decoding, no IDNA): enough to say which site and which pages, which
/// is all `allow` and `check` need. Hosts compare case-insensitively; the query and fragment are
/// not part of the path.
public struct WebURL: Sendable, Equatable {
    /// "http" or "https", lowercased.
    public var scheme: String
    /// Lowercased; IPv6 literals keep their brackets.
    public var host: String
    /// The explicit port, or the scheme's (80, 443).
    public var port: Int
    /// Starts with "/"; "/" when the URL has none.
    public var path: String

    /// nil unless `text` is `http://` or `https://`, a non-empty host, an optional port 1...65535
    /// and an optional path; no spaces or control characters.
    public init?(_ text: String) {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f }) else { return nil }
        guard let (schemePart, afterScheme) = WebURL.splitScheme(text) else { return nil }
        let scheme = schemePart.lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = afterScheme
        // The authority ends at the first "/", "?" or "#".
        let end = rest.firstIndex(where: WebURL.endsAuthority) ?? rest.endIndex
        var authority = rest[..<end]
        rest = rest[end...]
        if authority.contains("@") { return nil }  // credentials in a kiosk's URL are a mistake, not a feature
        var port = scheme == "https" ? 443 : 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()), (1...65535).contains(p) else { return nil }
                port = p
            }
            authority = authority[...close]
        } else if let colon = authority.firstIndex(of: ":") {
            guard let p = Int(authority[authority.index(after: colon)...]), (1...65535).contains(p) else { return nil }
            port = p
            authority = authority[..<colon]
        }
        guard !authority.isEmpty else { return nil }
        let pathEnd = rest.firstIndex(where: WebURL.endsPath) ?? rest.endIndex
        let path = rest[..<pathEnd]
        self.scheme = scheme
        self.host = authority.lowercased()
        self.port = port
        self.path = path.isEmpty ? "/" : String(path)
    }

    /// The text before and after the first "://"; nil when there is none.
    static func splitScheme(_ text: String) -> (Substring, Substring)? {
        let u = Array(text.utf8)
        guard u.count >= 3 else { return nil }
        for i in 0...(u.count - 3) where u[i] == UInt8(ascii: ":") && u[i + 1] == UInt8(ascii: "/") && u[i + 2] == UInt8(ascii: "/") {
            let a = text.utf8.index(text.utf8.startIndex, offsetBy: i)
            let b = text.utf8.index(a, offsetBy: 3)
            return (text[..<a], text[b...])
        }
        return nil
    }

    private static func endsAuthority(_ c: Character) -> Bool { c == "/" || c == "?" || c == "#" }
    private static func endsPath(_ c: Character) -> Bool { c == "?" || c == "#" }

    /// Scheme, host and port: what the same-origin rule compares.
    public var origin: String {
        let defaultPort = scheme == "https" ? 443 : 80
        return port == defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
    }
}
