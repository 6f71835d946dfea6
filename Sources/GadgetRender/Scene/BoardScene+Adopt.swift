import GadgetCore

extension BoardScene {
    /// Shows `fresh` (a reloaded board) in this scene without building its atlas again, when the
    /// atlas would come out the same: the same board size and rotation, the very same decoded
    /// images (the same storage: a reload reused them because their files did not change) at the
    /// same planned sizes, and the same text images in the same order. Then only the per-gadget
    /// tables are redone: no pixel is composed or uploaded, so a save that changes no photo costs
    /// the swap frame next to nothing. False (and nothing changed) otherwise: build a new scene.
    /// The caller redraws everything (the scene object stays the same).
    public func adopt(_ fresh: LoadedBoard) -> Bool {
        guard pendingImages.isEmpty, fresh.board.size == loaded.board.size, fresh.board.rotation == loaded.board.rotation,
              fresh.images.keys.sorted() == imagePaths else { return false }
        for path in imagePaths {
            guard let now = loaded.images[path] ?? placedImages[path], let new = fresh.images[path], Self.sameStorage(now, new) else { return false }
        }
        let fit = pageSide - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock
        let plan = AtlasBudget.standard.plan(sizes: imagePaths.map { fresh.images[$0]!.downscaled(toFit: fit).size }, pageSide: pageSide)
        guard plan.sizes == imageSizes else { return false }
        // The new board's text images, in gadget order, must be the atlas's.
        let saved = (loaded, texts, textZooms, textWarnings)
        loaded = fresh
        texts = fresh.board.gadgets.map(\.text)
        textZooms = fresh.board.gadgets.map { _ in 1 }
        textWarnings = []
        var keys: [TextImageCache.Key?] = []
        for i in texts.indices { keys.append(textImage(i)?.0) }
        guard keys.compactMap({ $0 }) == textKeys.compactMap({ $0 }) else {
            (loaded, texts, textZooms, textWarnings) = saved
            return false
        }
        // The k-th text keeps the k-th text's room and region (rooms need not be in gadget
        // order: text drawn again at run time may have moved to a new room).
        let rooms = textEntries.indices.compactMap { i in textEntries[i].map { ($0, textRegions[i]) } }
        var k = 0
        var entries: [Int?] = [], regions: [AtlasRegion?] = []
        for key in keys {
            guard key != nil, k < rooms.count else { entries.append(nil); regions.append(nil); continue }
            entries.append(rooms[k].0)
            regions.append(rooms[k].1)
            k += 1
        }
        textKeys = keys
        textEntries = entries
        textRegions = regions
        var byPath: [String: AtlasRegion] = [:]
        for (i, path) in imagePaths.enumerated() { byPath[path] = layout.regions[i] }
        gadgetRegions = fresh.board.gadgets.map { g in
            if case .image(let ref) = g.appearance { return byPath[ref.path] }
            return nil
        }
        gadgetColors = fresh.board.gadgets.map { g in
            if case .color(let c) = g.appearance { return c }
            return nil
        }
        contentRevisions = fresh.board.gadgets.map { _ in 0 }
        backgroundRegion = nil
        if case .image(let ref, _) = fresh.board.background { backgroundRegion = byPath[ref.path] }
        backgroundRevision += 1
        return true
    }

    /// Whether two images are one decoded buffer (a reload reused it), without comparing pixels.
    static func sameStorage(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        a.width == b.width && a.height == b.height
            && a.pixels.withUnsafeBufferPointer { p in b.pixels.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress } }
    }
}
