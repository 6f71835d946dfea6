/// The board's gadgets as damage tracking sees them: the pixels each may touch on the display,
/// and its exact pose (a gadget turned or moved by less than a pixel still changes pixels).
public enum BoardDamage {
    /// What decides a gadget's pixels besides its bounds.
    public struct GadgetLook: Equatable, Sendable {
        public var pose: GadgetPose
        public var opacity: Double
        /// What it shows and whether it shows (a control `set` changes them in place).
        public var appearance: Gadget.Appearance?
        public var hidden: Bool
        /// Goes up when its pixels change in place (its text was set or drawn sharper).
        public var revision: Int
        public init(pose: GadgetPose, opacity: Double, appearance: Gadget.Appearance? = nil, hidden: Bool = false, revision: Int = 0) {
            self.pose = pose; self.opacity = opacity; self.appearance = appearance; self.hidden = hidden; self.revision = revision
        }
    }

    /// One item per gadget, board order (the drawing order), for `DamageTracker`. `revisions`:
    /// per gadget, the scene's count of in-place changes (missing entries count as 0).
    public static func items(board: Board, poses: [GadgetPose], viewport: BoardViewport, revisions: [Int] = []) -> [DamageTracker<GadgetLook>.Item] {
        let toDisplay = viewport.boardToDisplay
        var items: [DamageTracker<GadgetLook>.Item] = []
        items.reserveCapacity(poses.count)
        for (i, pose) in poses.enumerated() where i < board.gadgets.count {
            let gadget = board.gadgets[i]
            let rect = OrientedRect(center: pose.center, size: gadget.size * pose.scale, rotation: pose.rotation)
            // One pixel of margin: bilinear filtering and the rasteriser's edge rules stay inside
            // the covering box, the margin only guards rounding in the transform.
            let bounds = PixelRect.covering(rect.corners.map { toDisplay.apply($0) }).outset(by: 1)
            items.append(.init(bounds: bounds, look: GadgetLook(pose: pose, opacity: gadget.opacity, appearance: gadget.appearance, hidden: gadget.hidden,
                                                                revision: i < revisions.count ? revisions[i] : 0)))
        }
        return items
    }
}
