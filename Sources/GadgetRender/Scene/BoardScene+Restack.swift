import GadgetCore

extension BoardScene {
    /// The board was restacked in place (`BoardSession.restack`: `order[new]` is the old index):
    /// every per-gadget entry follows its gadget, nothing is laid out or uploaded again (the atlas
    /// entries do not depend on the order). The board itself is the caller's (the scene keeps
    /// none). Anything but a permutation of the gadgets is ignored.
    public func restack(_ order: [Int]) {
        guard World.isPermutation(order, count: gadgetRegions.count) else { return }
        func permuted<T>(_ a: [T]) -> [T] { a.count == order.count ? order.map { a[$0] } : a }
        gadgetRegions = permuted(gadgetRegions)
        gadgetColors = permuted(gadgetColors)
        texts = permuted(texts)
        textZooms = permuted(textZooms)
        textKeys = permuted(textKeys)
        textRegions = permuted(textRegions)
        textEntries = permuted(textEntries)
        qrEntries = permuted(qrEntries)
        qrRegions = permuted(qrRegions)
        contentRevisions = permuted(contentRevisions)
        // Plates by index: the new index k had the old index order[k]'s.
        var moved: [Int: Color] = [:]
        for (k, old) in order.enumerated() { if let c = plates[old] { moved[k] = c } }
        plates = moved
    }
}
