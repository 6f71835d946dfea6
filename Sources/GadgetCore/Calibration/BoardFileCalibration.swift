/// Writes a calibration matrix into a board file's text, leaving every other byte as it was:
/// the file is the operator's (their layout, their order, their spacing), and a calibration run
/// must not reformat it. Three cases:
///
/// - `"touch": {… "calibration": [...] …}`: the old array's bytes are replaced;
/// - `"touch": {…}` without it: `"calibration": [...]` becomes the object's first member;
/// - no `"touch"`: `"touch": {"calibration": [...]}` becomes the root's first member.
///
/// An insertion copies the whitespace that precedes the object's first member, so it lines up.
/// The result is decoded again and must be the same board with only the new calibration
/// (`BoardDecoder`): anything else is an error and nothing should be written.
public enum BoardFileCalibration {
    /// Decimal places kept in the file (0.001 px on a 1920-px axis).
    public static let places = 6

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file is not a valid board as it stands.
        case invalidBoard([String])
        /// The text could not be edited (should not happen for a board that decodes).
        case unexpectedStructure(String)
        /// The edited text did not decode to the same board with the new calibration.
        case verificationFailed(String)

        public var description: String {
            switch self {
            case .invalidBoard(let p): return "the board does not decode, so it is left alone: " + p.joined(separator: "; ")
            case .unexpectedStructure(let s): return "cannot edit the board text: \(s)"
            case .verificationFailed(let s): return "the edited board did not check out, so it is left alone: \(s)"
            }
        }
    }

    /// `bytes` with `touch.calibration` set to `matrix` (rounded to `places`), verified.
    public static func write(_ matrix: CalibrationMatrix, into bytes: [UInt8], file: String) throws(Failure) -> [UInt8] {
        let original: Board
        switch BoardDecoder.decode(bytes, file: file) {
        case .failure(let problems): throw .invalidBoard(problems.problems.map(\.description))
        case .success(let b): original = b
        }
        let m = matrix.rounded(places: places)
        let out = try splice(m, into: bytes)
        switch BoardDecoder.decode(out, file: file) {
        case .failure(let problems): throw .verificationFailed(problems.problems.map(\.description).joined(separator: "; "))
        case .success(let b):
            var expected = original
            expected.touch.calibration = m.values
            guard b == expected else { throw .verificationFailed("the board read back differs in more than touch.calibration") }
        }
        return out
    }

    /// The text edit alone (no decoding): for a text that `JSONParser` accepts.
    public static func splice(_ matrix: CalibrationMatrix, into bytes: [UInt8]) throws(Failure) -> [UInt8] {
        let array = Array(matrix.json.utf8)
        guard let root = JSONMemberSpans.object(in: bytes, at: JSONMemberSpans.rootStart(bytes)) else {
            throw .unexpectedStructure("the file is not one JSON object")
        }
        guard let touch = root.member("touch") else {
            return insertMember(Array("\"touch\": {\"calibration\": ".utf8) + array + Array("}".utf8), into: root, bytes)
        }
        guard let object = JSONMemberSpans.object(in: bytes, at: touch.valueStart) else {
            throw .unexpectedStructure("\"touch\" is not an object")
        }
        if let c = object.member("calibration") {
            return Array(bytes[..<c.valueStart]) + array + Array(bytes[c.valueEnd...])
        }
        return insertMember(Array("\"calibration\": ".utf8) + array, into: object, bytes)
    }

    /// `member` (key and value) as the first member of `object`.
    private static func insertMember(_ member: [UInt8], into object: JSONMemberSpans, _ bytes: [UInt8]) -> [UInt8] {
        let open = object.start + 1
        guard let first = object.members.first else {
            return Array(bytes[..<open]) + member + Array(bytes[open...])
        }
        // `{⏎␣␣"size"…` → `{⏎␣␣"touch": …,⏎␣␣"size"…`: the indentation before the first key is
        // repeated after the new member; on one line it is a space.
        let gap = Array(bytes[open..<first.keyStart])
        let separator = gap.isEmpty ? Array(" ".utf8) : gap
        return Array(bytes[..<first.keyStart]) + member + Array(",".utf8) + separator + Array(bytes[first.keyStart...])
    }
}
