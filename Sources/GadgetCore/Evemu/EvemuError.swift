/// Why an evemu file could not be read, with the 1-based line it happened on
/// (`line 12: E: expected 4 fields, got 3`). `line` is nil for problems of the whole file.
public struct EvemuError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var message: String
    public init(line: Int?, _ message: String) { self.line = line; self.message = message }
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
