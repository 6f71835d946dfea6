/// What a smooth sprite's vertex adds (`SpriteBatcher`'s edge buffer, beside `SpriteVertex`):
/// its distances inside the quad's four edges and its corner radius, in display pixels, and the
/// texture rectangle its texcoords clamp to. 36 bytes; the layout is fixed by the batcher's
/// attribute pointers (slots 3…5).
@frozen public struct SpriteEdge {
    /// Display px inside the left, right, top and bottom edge (negative outside): each is linear
    /// across the quad, so the GPU interpolates it exactly.
    public var left, right, top, bottom: Float
    /// The quad's texture rectangle.
    public var u0, v0, u1, v1: Float
    /// Corner radius, display px.
    public var radius: Float

    @inlinable
    public init(left: Float, right: Float, top: Float, bottom: Float, u0: Float, v0: Float, u1: Float, v1: Float, radius: Float) {
        self.left = left; self.right = right; self.top = top; self.bottom = bottom
        self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1; self.radius = radius
    }

    /// A sharp sprite in a smooth batch: far inside every edge (fully covered everywhere), its
    /// texcoords unclamped. 10,000 px stays exact in a 16-bit float varying.
    public static let sharp = SpriteEdge(left: 10_000, right: 10_000, top: 10_000, bottom: 10_000, u0: 0, v0: 0, u1: 1, v1: 1, radius: 0)

    /// Writes `sharp` into a sprite's four vertices.
    @inlinable @inline(__always)
    static func writeSharp(_ p: UnsafeMutablePointer<SpriteEdge>) {
        p[0] = .sharp; p[1] = .sharp; p[2] = .sharp; p[3] = .sharp
    }
}
