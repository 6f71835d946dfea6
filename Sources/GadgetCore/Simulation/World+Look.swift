extension World {
    /// Changes gadget `index`'s look through `change`, keeping what the simulation depends on
    /// (id, size, behaviour, body, z) as it was: a `set` never moves mass or reorders the board.
    public mutating func updateLook(_ index: GadgetIndex, _ change: (inout Gadget) -> Void) {
        let i = index.rawValue
        guard board.gadgets.indices.contains(i) else { return }
        let before = board.gadgets[i]
        var g = before
        change(&g)
        g.id = before.id; g.size = before.size; g.behavior = before.behavior; g.body = before.body; g.z = before.z
        board.gadgets[i] = g
    }
}
