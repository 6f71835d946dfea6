/// Where a gadget is and how it is turned and scaled, in board canvas pixels.
public struct GadgetPose: Hashable, Sendable {
    public var center: Vector2
    /// Multiplies the gadget's board size.
    public var scale: Double
    /// Radians, clockwise on screen.
    public var rotation: Double
    public init(center: Vector2, scale: Double = 1, rotation: Double = 0) { self.center = center; self.scale = scale; self.rotation = rotation }

    /// Interpolates between two poses (for rendering between simulation steps).
    public static func lerp(_ a: GadgetPose, _ b: GadgetPose, _ t: Double) -> GadgetPose {
        GadgetPose(center: .lerp(a.center, b.center, t), scale: a.scale + (b.scale - a.scale) * t, rotation: a.rotation + (b.rotation - a.rotation) * t)
    }
}
