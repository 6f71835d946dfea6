/// One problem found in a board: where (JSON path, or empty for the whole file) and what.
/// Printed as `board.json: gadgets[2].image: file not found: missing.png`.
public struct BoardProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var jsonPath: String
    public var message: String
    public init(file: String, jsonPath: String, message: String) { self.file = file; self.jsonPath = jsonPath; self.message = message }
    public var description: String { jsonPath.isEmpty ? "\(file): \(message)" : "\(file): \(jsonPath): \(message)" }
}

/// Every problem of a board, not only the first; thrown when a board cannot be used.
public struct BoardProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [BoardProblem]
    public init(_ problems: [BoardProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
