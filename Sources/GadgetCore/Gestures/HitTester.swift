/// Where a touch lands: the topmost gadget whose real shape (its current pose: centre, scale,
/// rotation; a rectangle or, for `shape: circle`, the ellipse inscribed in it) contains the point,
/// or the background. Like UIKit's `hitTest`, gadgets that cannot respond are skipped so touches
/// fall through them: nearly transparent ones (opacity < 0.01, UIKit's alpha rule) and decorations
/// that are neither movable, scalable, rotatable, resettable, a placard, nor report any gesture.
public enum HitTester {
    /// UIKit does not hit-test views with alpha below 0.01.
    public static let minimumOpacity = 0.01

    /// Index into `board.gadgets` (drawing order, so the last match is on top), or nil for the background.
    public static func gadget(at point: Vector2, board: Board, poses: [GadgetPose]) -> GadgetIndex? {
        var i = min(board.gadgets.count, poses.count) - 1
        while i >= 0 {
            let g = board.gadgets[i]
            if isInteractive(g), contains(point, gadget: g, pose: poses[i]) { return GadgetIndex(i) }
            i -= 1
        }
        return nil
    }

    /// Whether touches on this gadget do anything.
    public static func isInteractive(_ g: Gadget) -> Bool {
        let b = g.behavior
        guard g.opacity >= minimumOpacity, !g.hidden else { return false }
        return b.movable || b.scalable || b.rotatable || b.doubleTapReset || b.springHome || !b.gestures.isEmpty
    }

    /// The gadget's shape at `pose`, in board pixels.
    public static func shape(of g: Gadget, pose: GadgetPose) -> OrientedRect {
        OrientedRect(center: pose.center, size: g.size * pose.scale, rotation: pose.rotation)
    }

    public static func contains(_ point: Vector2, gadget g: Gadget, pose: GadgetPose) -> Bool {
        let rect = shape(of: g, pose: pose)
        switch g.body.shape {
        case .rectangle:
            return rect.contains(point)
        case .circle:
            let local = rect.toLocal(point)
            let a = rect.size.width / 2, b = rect.size.height / 2
            guard a > 0, b > 0 else { return false }
            return (local.x * local.x) / (a * a) + (local.y * local.y) / (b * b) <= 1
        }
    }
}
