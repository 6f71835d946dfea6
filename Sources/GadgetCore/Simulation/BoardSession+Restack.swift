extension BoardSession {
    /// Stacks gadget `index` at `z` in place: the board stays sorted by z (drawing and hit-testing
    /// order), and every gadget keeps its pose, motion, hold, gestures in progress and page; the
    /// pages keep their position (a slide goes on). Returns the new order (`order[new]` is the old
    /// index) for what the caller keeps by index (the scene); the identity when the order stays.
    @discardableResult
    public mutating func restack(_ index: GadgetIndex, z: Double) -> [Int] {
        let gadgets = world.board.gadgets
        guard gadgets.indices.contains(index.rawValue), z.isFinite else { return Array(gadgets.indices) }
        world.board.gadgets[index.rawValue].z = z
        let zs = world.board.gadgets.map(\.z)
        let order = zs.indices.sorted { (zs[$0], $0) < (zs[$1], $1) }
        guard order != Array(zs.indices) else { return order }
        world.restack(order)
        gestures.restack(order)
        gadgetPages = order.map { gadgetPages[$0] }
        return order
    }
}
