/// The board's live-data settings (`"sources"`, `"locale"`): one stored property of `Board`.
public struct BoardData: Sendable, Equatable {
    public var sources: [DataSource]
    /// A glibc locale name (`pt_PT.UTF-8`) for the clock's weekday and month names; nil: English.
    public var locale: String?
    public init(sources: [DataSource] = [], locale: String? = nil) { self.sources = sources; self.locale = locale }

    public var isEmpty: Bool { sources.isEmpty && locale == nil }
    public func source(id: String) -> DataSource? { sources.first { $0.id == id } }
}

/// One entry of `"sources"`: where a live value comes from, and what a binding shows once it is
/// too old. Sources come from the board file only, never from control clients.
public struct DataSource: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Polled over HTTP(S).
        case http(HTTPSourceSettings)
        /// A topic of the `--mqtt` connection; retained messages count.
        case mqtt(topic: String)
    }

    public var id: String
    public var kind: Kind
    /// A value older than this (seconds since it arrived, or since the board started when none
    /// has) is stale: placeholders of this source show `fallback` (without one they keep the last
    /// good text). nil: never stale.
    public var staleAfterSeconds: Double?
    public var fallback: String?
    public var jsonPath: String

    public init(id: String, kind: Kind, staleAfterSeconds: Double? = nil, fallback: String? = nil, jsonPath: String = "") {
        self.id = id; self.kind = kind; self.staleAfterSeconds = staleAfterSeconds; self.fallback = fallback; self.jsonPath = jsonPath
    }
}

/// An HTTP(S) source's polling settings, as the board gives them (defaults from the interface).
public struct HTTPSourceSettings: Sendable, Equatable {
    public var url: SourceURL
    /// Seconds between polls; ≥ 1.
    public var every: Double
    /// Seconds a whole request may take (connect included).
    public var timeoutSeconds: Double
    /// Largest body accepted, bytes; a larger one is refused.
    public var maxBytes: Int
    /// A CA bundle (PEM) relative to the board's directory, instead of the system's CAs.
    public var ca: String?

    public static let defaultEvery = 60.0
    public static let defaultTimeoutSeconds = 10.0
    public static let defaultMaxBytes = 1 << 20
    /// The most a board may allow: a kiosk holds one body per source in memory.
    public static let maximumMaxBytes = 64 << 20

    public init(url: SourceURL, every: Double = defaultEvery, timeoutSeconds: Double = defaultTimeoutSeconds,
                maxBytes: Int = defaultMaxBytes, ca: String? = nil) {
        self.url = url; self.every = every; self.timeoutSeconds = timeoutSeconds; self.maxBytes = maxBytes; self.ca = ca
    }
}

/// An http or https URL, checked as text: the scheme (nothing else: no `file:`, `gopher:`,
/// `ftp:`), a host, no spaces or control characters. libcurl is also told to allow only these
/// two protocols, redirects included; this check is what `check` can report with a JSON path.
public struct SourceURL: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let isHTTPS: Bool

    public static let maximumLength = 2048

    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case scheme(String)
        case noHost
        case badCharacter
        case tooLong
        public var description: String {
            switch self {
            case .empty: return "empty URL"
            case .scheme(let s): return s.isEmpty ? "not a URL (expected http://… or https://…)" : "\(s) URLs are refused: only http and https"
            case .noHost: return "URL without a host"
            case .badCharacter: return "URL with a space or control character (percent-encode it)"
            case .tooLong: return "URL longer than \(SourceURL.maximumLength) bytes"
            }
        }
    }

    public static func parse(_ text: String) -> Result<SourceURL, Refusal> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.count > maximumLength { return .failure(.tooLong) }
        if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7f }) { return .failure(.badCharacter) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.scheme("")) }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return .failure(.scheme(scheme + ":")) }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: Array("//".utf8)) else { return .failure(.noHost) }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let host = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? []
        if host.isEmpty || host.first == UInt8(ascii: ":") { return .failure(.noHost) }
        return .success(SourceURL(text: text, isHTTPS: scheme == "https"))
    }

    private init(text: String, isHTTPS: Bool) { self.text = text; self.isHTTPS = isHTTPS }
    public var description: String { text }
}
