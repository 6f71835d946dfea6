/// One entry of a web gadget's `"allow"`: the pages a visitor may navigate to. Written as a URL
/// pattern: `https://menu.example.com/*`, `https://*.example.com/menu/*`, `http://10.0.0.5:8080`.
/// - the scheme is http or https and must match;
/// - the host matches exactly (case-insensitively), or with a leading `*.` any subdomain of the
///   rest (`*.example.com` matches `a.example.com` and `a.b.example.com`, not `example.com`);
/// - the port, explicit or the scheme's default, must match;
/// - the path: none or `/*` allows every page; a trailing `*` makes the rest a prefix; otherwise
///   the path must be exactly that page. The query and fragment are not compared.
/// Both the kiosk's `check` (a rule it cannot parse is refused) and the helper's navigation
/// policy use it, so they cannot disagree.
public struct WebAllowRule: Sendable, Equatable, CustomStringConvertible {
    /// The rule as written in the board.
    public var text: String
    public var scheme: String
    /// The host without a leading `*.`, lowercased.
    public var host: String
    public var anySubdomain: Bool
    public var port: Int
    /// The path to compare, without the trailing `*`.
    public var path: String
    /// True when `path` is a prefix (the rule ended with `*`, or had no path).
    public var pathIsPrefix: Bool

    /// Why a rule could not be parsed: one true line for `check`.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notHTTP(String)
        case malformed(String)
        case starInside(String)

        public var description: String {
            switch self {
            case .notHTTP(let t): return "\"\(t)\" is not an http:// or https:// pattern"
            case .malformed(let t): return "\"\(t)\" is not a URL pattern like \"https://menu.example.com/*\""
            case .starInside(let t): return "\"\(t)\" has a \"*\" that is neither a leading \"*.\" in the host nor at the end of the path"
            }
        }
    }

    public init(parsing text: String) throws(ParseError) {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { throw .notHTTP(text) }
        // Take the `*.` off the host so that the rest parses as a URL.
        var candidate = text
        var anySubdomain = false
        if let (scheme, rest) = WebURL.splitScheme(text), rest.hasPrefix("*.") {
            anySubdomain = true
            candidate = scheme + "://" + rest.dropFirst(2)
        }
        var prefix = false
        if candidate.hasSuffix("*") {
            prefix = true
            candidate.removeLast()
        }
        if candidate.contains("*") { throw .starInside(text) }
        if candidate.contains("?") || candidate.contains("#") { throw .malformed(text) }
        guard let url = WebURL(candidate), !url.host.isEmpty, !url.host.hasPrefix(".") else { throw .malformed(text) }
        // "https://a.com" and "https://a.com/" (no star) both mean the whole site only when there
        // is no path at all; a bare "/" without a star is the front page alone.
        let hadPath = WebURL.splitScheme(candidate).map { $0.1.contains("/") } ?? false
        self.text = text
        self.scheme = url.scheme
        self.host = url.host
        self.anySubdomain = anySubdomain
        self.port = url.port
        self.path = hadPath ? url.path : "/"
        self.pathIsPrefix = prefix || !hadPath
    }

    /// True when `url` (absolute http(s)) is a page this rule allows.
    public func matches(_ url: String) -> Bool {
        guard let u = WebURL(url) else { return false }
        return matches(u)
    }

    public func matches(_ u: WebURL) -> Bool {
        guard u.scheme == scheme, u.port == port else { return false }
        if anySubdomain {
            guard u.host.hasSuffix("." + host) else { return false }
        } else {
            guard u.host == host else { return false }
        }
        return pathIsPrefix ? u.path.hasPrefix(path) : u.path == path
    }

    public var description: String { text }
}
