/// The board decoder's text reader on its own: a control `set` of a text object is read with the
/// very fields, ranges and messages of a board file's `text` (so the socket and the file can
/// never disagree on what a field means), without building a board around it.
extension BoardDecoder {
    /// `value` read as a gadget's `text` at JSON path `path` (messages name it); `pixelsPerPoint`
    /// is the board's `touch` unit, for `points`. Every problem on failure.
    public static func textObject(_ value: JSONValue, path: String, file: String, pixelsPerPoint: Double) -> Result<GadgetText, BoardProblems> {
        var d = BoardDecoder(file: file)
        d.pixelsPerPoint = pixelsPerPoint
        let text = d.gadgetText(value, path)
        if let text, d.problems.isEmpty { return .success(text) }
        return .failure(BoardProblems(d.problems.isEmpty ? [BoardProblem(file: file, jsonPath: path, message: "not a text object")] : d.problems))
    }
}
