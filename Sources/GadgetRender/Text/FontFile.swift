/// One face of a font file on disk (`index` picks the face in a collection such as a `.ttc`).
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var index: Int
    public init(path: String, index: Int = 0) { self.path = path; self.index = index }
    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}
