/// Where the broker is: `mqtt://host[:port]` (plain TCP, port 1883 by default) or
/// `mqtts://host[:port]` (TLS, 8883). IPv6 literals go in brackets (`mqtt://[fd00::1]:1883`).
///
/// No user or password in the URL: the URL is on the command line, where `ps` shows it to every
/// user; credentials come from `--mqtt-credentials FILE` (`MQTTCredentials`).
public struct MQTTBrokerURL: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) { self.host = host; self.port = port; self.tls = tls }

    /// Why a URL was refused, in words for the command line.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public init(parsing text: String) throws(Problem) {
        let scheme: Substring
        let rest: Substring
        if let r = text.firstRange(of: "://") {
            scheme = text[..<r.lowerBound]; rest = text[r.upperBound...]
        } else {
            throw Problem("\(text): expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
        }
        switch scheme.lowercased() {
        case "mqtt", "tcp": tls = false
        case "mqtts", "ssl": tls = true
        default: throw Problem("\(text): unknown scheme \(scheme) (expected mqtt or mqtts)")
        }
        var authority = rest
        if let slash = authority.firstIndex(of: "/") {
            guard authority[slash...] == "/" else { throw Problem("\(text): a broker URL has no path") }
            authority = authority[..<slash]
        }
        // Never echo what came before an `@`: it may be a password.
        if authority.contains("@") {
            throw Problem("the broker URL must not carry a user or password (ps shows it); put them in --mqtt-credentials FILE")
        }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Problem("\(text): unclosed [ in the host") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw Problem("\(text): expected :PORT after ]") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon]); portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty else { throw Problem("\(text): no host") }
        guard host.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { throw Problem("\(text): the host has spaces or non-ASCII characters") }
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw Problem("\(text): the port must be 1 to 65535") }
            port = p
        } else {
            port = tls ? 8883 : 1883
        }
    }

    public var description: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "mqtts" : "mqtt")://\(h):\(port)"
    }
}
