import GadgetCore

extension BoardScene {
    /// The board was restacked in place (`BoardSession.restack`: `order[new]` is the old index):
    /// every per-gadget entry follows its gadget, nothing is laid out or uploaded again (the atlas
    /// entries do not depend on the order). Anything but a permutation of the gadgets is ignored.
    public func restack(_ order: [Int]) {
        guard World.isPermutation(order, count: loaded.board.gadgets.count) else { return }
        func permuted<T>(_ a: [T]) -> [T] { a.count == order.count ? order.map { a[$0] } : a }
        var board = loaded.board
        board.gadgets = permuted(board.gadgets)
        loaded.board = board
        gadgetRegions = permuted(gadgetRegions)
        gadgetColors = permuted(gadgetColors)
        texts = permuted(texts)
        textZooms = permuted(textZooms)
        textKeys = permuted(textKeys)
        textRegions = permuted(textRegions)
        textEntries = permuted(textEntries)
        contentRevisions = permuted(contentRevisions)
    }
}
