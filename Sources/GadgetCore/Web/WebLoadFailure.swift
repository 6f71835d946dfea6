/// The one short true reason a page did not load (`.loadFailed`'s `reason`), from what WebKit
/// and libsoup said. Common network errors get the words people search for; anything else is
/// WebKit's own message, first line, bounded.
public enum WebLoadFailure {
    /// The longest reason passed on (a log line, not an essay).
    public static let maximumReasonLength = 120

    /// An HTTP status that means the page is not there (≥ 400), or nil for a good one.
    public static func reason(httpStatus: Int) -> String? {
        httpStatus >= 400 ? "HTTP \(httpStatus)" : nil
    }

    /// A load timed out after `seconds`.
    public static func reason(timedOutAfter seconds: Int) -> String {
        "timed out after \(seconds) s"
    }

    /// WebKit's or libsoup's error message ("Could not connect to 127.0.0.1: Connection refused").
    public static func reason(message: String) -> String {
        let lower = message.lowercased()
        let known: [(String, String)] = [
            ("connection refused", "connection refused"),
            ("name or service not known", "host not found"),
            ("temporary failure in name resolution", "host not found"),
            ("error resolving", "host not found"),
            ("network is unreachable", "network unreachable"),
            ("no route to host", "no route to host"),
            ("connection reset", "connection reset"),
            ("connection terminated unexpectedly", "connection closed by the server"),
            ("timed out", "timed out"),
        ]
        if let hit = known.first(where: { lower.contains($0.0) }) { return hit.1 }
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "unknown error"
        let bounded = line.count > maximumReasonLength ? String(line.prefix(maximumReasonLength - 1)) + "…" : line
        if lower.contains("tls") || lower.contains("certificate") { return bounded.hasPrefix("TLS") ? bounded : "TLS: \(bounded)" }
        return bounded
    }
}
