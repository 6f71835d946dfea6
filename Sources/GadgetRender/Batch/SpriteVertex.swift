import GadgetCore
public typealias GadgetCoreColor = GadgetCore.Color

/// One batcher vertex: position in board pixels, texture coordinate, premultiplied RGBA8 colour.
/// 20 bytes; the layout is fixed by `SpriteBatcher`'s attribute pointers.
@frozen public struct SpriteVertex {
    public var x: Float
    public var y: Float
    public var u: Float
    public var v: Float
    /// R, G, B, A bytes in memory order (little- and big-endian alike, since it is written bytewise).
    public var rgba: (UInt8, UInt8, UInt8, UInt8)

    @inlinable
    public init(x: Float, y: Float, u: Float, v: Float, rgba: (UInt8, UInt8, UInt8, UInt8)) {
        self.x = x; self.y = y; self.u = u; self.v = v; self.rgba = rgba
    }
}

/// A premultiplied RGBA8 colour for vertices.
public struct PremultipliedColor: Sendable, Hashable {
    public var r, g, b, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// White at `opacity`: an image drawn as-is, faded.
    public static func white(opacity: Double) -> PremultipliedColor {
        let a = UInt8((min(max(opacity, 0), 1) * 255).rounded())
        return PremultipliedColor(r: a, g: a, b: a, a: a)
    }

    /// A straight colour with an extra opacity, premultiplied.
    public init(_ c: GadgetCoreColor, opacity: Double = 1) {
        let a = min(max(c.a * opacity, 0), 1)
        func q(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * a * 255).rounded()) }
        self.init(r: q(c.r), g: q(c.g), b: q(c.b), a: UInt8((a * 255).rounded()))
    }
}
