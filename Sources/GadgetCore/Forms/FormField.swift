/// One named value of a submitted form, in the order the board's fields were read. Field contents
/// are the visitor's: they go into the spool and to the form's target, never to a log line,
/// `state` or an event.
public struct FormField: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}
