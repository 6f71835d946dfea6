/// A gadget's state as the JSON reports give it (`StateReport`: `replay`'s lines, `run --state`):
/// degrees and a scaled size, the units people read. Drawing uses `GadgetPose` (radians, scale)
/// instead, so no frame converts back and forth.
public struct GadgetState: Hashable, Sendable {
    public var id: String
    public var center: Vector2
    public var size: Size2
    /// Degrees, clockwise on screen.
    public var rotationDegrees: Double
    public var opacity: Double
    public init(id: String, center: Vector2, size: Size2, rotationDegrees: Double, opacity: Double) {
        self.id = id; self.center = center; self.size = size; self.rotationDegrees = rotationDegrees; self.opacity = opacity
    }

    /// Gadget `g` at `pose`.
    public init(_ g: Gadget, pose: GadgetPose) {
        self.init(id: g.id, center: pose.center, size: g.size * pose.scale, rotationDegrees: Math.degrees(pose.rotation), opacity: g.opacity)
    }
}
