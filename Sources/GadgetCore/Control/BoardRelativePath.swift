/// A path a control client gave (`set image`, `load`), checked as text to stay inside the board's
/// directory: relative, no `..` component, no NUL, bounded. The components are what the system
/// layer opens one by one below the directory without following symlinks
/// (`ConfinedFile.read`), so neither `../../etc/shadow`, `/etc/shadow` nor a symlink out of the
/// directory reaches a file outside it. Pure: strings only.
public struct BoardRelativePath: Sendable, Hashable, CustomStringConvertible {
    /// The non-empty components, `.` dropped.
    public let components: [String]

    /// The longest path accepted, bytes (PATH_MAX).
    public static let maximumLength = 4096
    /// The longest component, bytes (NAME_MAX).
    public static let maximumComponentLength = 255
    /// The most components: a board directory is a few levels deep at most.
    public static let maximumDepth = 32

    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case empty, absolute, parent, nul, tooLong, tooDeep

        public var description: String {
            switch self {
            case .empty: return "empty path"
            case .absolute: return "absolute paths are refused: give a path relative to the board's directory"
            case .parent: return "\"..\" is refused: paths stay inside the board's directory"
            case .nul: return "a path cannot contain NUL"
            case .tooLong: return "path too long (at most \(BoardRelativePath.maximumLength) bytes, \(BoardRelativePath.maximumComponentLength) a name)"
            case .tooDeep: return "path too deep (at most \(BoardRelativePath.maximumDepth) components)"
            }
        }
    }

    public static func parse(_ text: String) -> Result<BoardRelativePath, Refusal> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.count > maximumLength { return .failure(.tooLong) }
        if bytes.contains(0) { return .failure(.nul) }
        if bytes[0] == UInt8(ascii: "/") { return .failure(.absolute) }
        var components: [String] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.count > maximumComponentLength { return .failure(.tooLong) }
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { return .failure(.parent) }
            components.append(String(decoding: part, as: UTF8.self))
        }
        if components.isEmpty { return .failure(.empty) }
        if components.count > maximumDepth { return .failure(.tooDeep) }
        return .success(BoardRelativePath(components: components))
    }

    /// The components joined with `/`: how it is named in messages and in the board's image table.
    public var description: String { components.joined(separator: "/") }
}
