/// A gadget's position in `Board.gadgets` (board, z and drawing order): how the world, the
/// gesture layer and their callers name a gadget. Its own type so it cannot be mixed up with a
/// count, a touch or recognizer number, or an index into another array. Valid for the board it
/// came from. An integer literal is one (`world.grab(2)` in tests and tools).
public struct GadgetIndex: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The position in `Board.gadgets` and in `World`'s per-body arrays.
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = value }

    public static func < (a: GadgetIndex, b: GadgetIndex) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

extension Board {
    /// Every gadget's index, in board order.
    public var gadgetIndices: [GadgetIndex] { gadgets.indices.map { GadgetIndex($0) } }

    public subscript(gadget i: GadgetIndex) -> Gadget { gadgets[i.rawValue] }
}
