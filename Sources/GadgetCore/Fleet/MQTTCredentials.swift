/// The broker's user name and password, from the file `--mqtt-credentials` names (never the
/// command line, where `ps` shows them). The file (docs/mqtt.md):
///
///     # gadgetboard MQTT credentials: readable by the kiosk's user only (chmod 600)
///     username=kiosk-12
///     password=s3cret with spaces and = signs
///
/// One `key=value` a line; the value is everything after the first `=` (spaces kept, the line's
/// end trimmed); blank lines and lines starting with `#` are ignored. `password` may be absent
/// (user name only). The description never shows the password.
public struct MQTTCredentials: Equatable, Sendable, CustomStringConvertible {
    public var username: String
    public var password: String?

    public init(username: String, password: String?) { self.username = username; self.password = password }

    /// What is wrong with a credentials file: never quotes a value (it may be the password).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public init(parsing text: String) throws(Problem) {
        var user: String?
        var pass: String?
        var number = 0
        // "\r\n" is one Character in Swift: a file written on Windows splits on it too.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let eq = trimmed.firstIndex(of: "=") else { throw Problem("line \(number): expected key=value") }
            let key = trimmed[..<eq].trimmingSpaces
            let value = String(trimmed[trimmed.index(after: eq)...])
            switch key {
            case "username", "user":
                guard user == nil else { throw Problem("line \(number): username given twice") }
                user = value
            case "password":
                guard pass == nil else { throw Problem("line \(number): password given twice") }
                pass = value
            default:
                // Not even the key is quoted: in a file of the wrong format it may be the password.
                throw Problem("line \(number): unknown key (expected username= or password=)")
            }
        }
        guard let user, !user.isEmpty else { throw Problem("no username= line") }
        guard !user.utf8.contains(0), !(pass?.utf8.contains(0) ?? false) else { throw Problem("a NUL byte in a value") }
        username = user
        password = pass
    }

    public var description: String { "user \(username)" + (password == nil ? " (no password)" : " (password set)") }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
