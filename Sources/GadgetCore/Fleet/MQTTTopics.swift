/// The topics of one kiosk, `PREFIX/NAME/…` (docs/mqtt.md):
///
///     PREFIX/NAME/cmd     in:  control requests for this kiosk (the control socket's JSON)
///     PREFIX/all/cmd      in:  control requests for every kiosk under PREFIX
///     PREFIX/NAME/reply   out: one reply per request
///     PREFIX/NAME/event   out: gesture and action events
///     PREFIX/NAME/status  out: `online` / `offline` (retained; `offline` is also the will)
///     PREFIX/NAME/health  out: the health JSON (retained), every `--mqtt-health` seconds
public struct MQTTTopics: Equatable, Sendable {
    public let prefix: String
    public let node: String

    /// The node name every kiosk also listens under; no kiosk may be called that.
    public static let everyNode = "all"

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// - prefix: one or more topic levels (`gadgetboard`, `acme/shop-12`): no wildcards, no
    ///   empty level, no leading or trailing `/`, no `$` first (the broker's own topics).
    /// - node: one topic level: letters, digits, `-`, `_`, `.`, at most 64 characters, not `all`.
    public init(prefix: String, node: String) throws(Problem) {
        guard !prefix.isEmpty else { throw Problem("--mqtt-prefix: empty") }
        guard !prefix.hasPrefix("$") else { throw Problem("--mqtt-prefix: topics beginning with $ are the broker's") }
        for level in prefix.split(separator: "/", omittingEmptySubsequences: false) {
            guard !level.isEmpty else { throw Problem("--mqtt-prefix \(prefix): an empty topic level (leading, trailing or double /)") }
            guard !level.contains(where: { $0 == "+" || $0 == "#" || $0 == "\u{0}" }) else {
                throw Problem("--mqtt-prefix \(prefix): wildcards (+, #) are not allowed")
            }
        }
        guard MQTTTopics.isValidNode(node) else {
            throw Problem("--node \(node): use 1 to 64 letters, digits, '-', '_' or '.'")
        }
        guard node != MQTTTopics.everyNode else { throw Problem("--node: '\(MQTTTopics.everyNode)' is the topic every kiosk listens on") }
        self.prefix = prefix
        self.node = node
    }

    public static func isValidNode(_ node: String) -> Bool {
        !node.isEmpty && node.utf8.count <= 64 && node != "." && node != ".."
            && node.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
    }

    public var command: String { "\(prefix)/\(node)/cmd" }
    public var broadcastCommand: String { "\(prefix)/\(MQTTTopics.everyNode)/cmd" }
    public var reply: String { "\(prefix)/\(node)/reply" }
    public var event: String { "\(prefix)/\(node)/event" }
    public var status: String { "\(prefix)/\(node)/status" }
    public var health: String { "\(prefix)/\(node)/health" }

    /// The topics subscribed to (again after every reconnect).
    public var subscriptions: [String] { [command, broadcastCommand] }

    /// Whether a message on `topic` is a command for this kiosk.
    public func isCommand(_ topic: String) -> Bool { topic == command || topic == broadcastCommand }

    /// Presence payloads on `status`.
    public static let online = "online"
    public static let offline = "offline"
}
