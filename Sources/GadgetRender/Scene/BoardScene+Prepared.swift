import GadgetCore

/// A reload's scene is prepared on the load's worker thread (`BoardScene(…, uploading: false)`:
/// text laid out and rasterised in a text cache of the worker's own, the atlas laid out and its
/// pages composed) so that the frame that swaps the new board in only uploads the pages, or
/// nothing at all when the shown scene can adopt the new board (`adopt`). The prepared scene
/// is handed to the render thread whole and not touched by the worker after.
extension BoardScene {
    /// True while the pages are composed but not uploaded (made with `uploading: false`).
    public var awaitsUpload: Bool { composedPages != nil }

    /// The number of composed pages `upload` would make textures of.
    public var composedPageCount: Int { composedPages?.count ?? 0 }

    /// On the render thread: makes textures of the composed pages and moves the scene's text
    /// images into `cache` (the render thread's, which later text changes draw with). Nothing is
    /// laid out, composed or rasterised here. Returns the pages uploaded (0 when not prepared).
    @discardableResult
    public func upload(text cache: TextImageCache) throws(GLError) -> Int {
        guard let composed = composedPages else { return 0 }
        var made: [Texture] = []
        do {
            for page in composed { made.append(try Texture(premultiplied: page)) }
        } catch {
            for t in made { t.destroy() }
            throw error
        }
        pages = made
        composedPages = nil
        cache.take(from: textCache, keeping: Set(textKeys.compactMap { $0 }))
        textCache = cache
        return made.count
    }

    /// Shows `prepared`'s board (a reload's, prepared off the render thread) in this scene
    /// without building its atlas again, when the atlas would come out the same: the same board
    /// size, rotation and viewport, the very same decoded images (the same storage: a reload
    /// reused them because their files did not change) at the same planned sizes, the same text
    /// images in the same order (the keys the worker computed: nothing is rasterised here), the
    /// same QR codes and page dot. Then only the per-gadget tables are redone: no pixel is
    /// composed or uploaded, so a save that changes no photo costs the swap frame next to
    /// nothing. False (and nothing changed) otherwise: upload `prepared` instead. The caller
    /// redraws everything (the scene object stays the same). `fresh`: the board `prepared` was
    /// made for; `shown`: the running board this scene draws now (the scene keeps neither).
    public func adopt(_ prepared: BoardScene, board fresh: Board, shown: Board) -> Bool {
        // A prepared scene is drawn normal: a mode shown here is applied to it after the swap.
        guard pendingImages.isEmpty, prepared.display.drawsLike(display), prepared.pageSide == pageSide, prepared.viewport == viewport,
              fresh.size == shown.size, fresh.rotation == shown.rotation,
              prepared.imagePaths == imagePaths, prepared.imageSizes == imageSizes,
              prepared.textKeys.compactMap({ $0 }) == textKeys.compactMap({ $0 }),
              prepared.qrEntries == qrEntries, prepared.qrImages == qrImages,
              (prepared.dotRegion == nil) == (dotRegion == nil),
              fresh.touch.pixelsPerPoint == shown.touch.pixelsPerPoint else { return false }
        for path in imagePaths {
            guard let now = images[path] ?? placedImages[path], let new = prepared.images[path], Self.sameStorage(now, new) else { return false }
        }
        images = prepared.images
        qrImages = prepared.qrImages
        texts = prepared.texts
        textZooms = prepared.textZooms
        textWarnings = prepared.textWarnings
        // The k-th text keeps the k-th text's room and region (rooms need not be in gadget
        // order: text drawn again at run time may have moved to a new room).
        let rooms = textEntries.indices.compactMap { i in textEntries[i].map { ($0, textRegions[i]) } }
        var k = 0
        var entries: [Int?] = [], regions: [AtlasRegion?] = []
        for key in prepared.textKeys {
            guard key != nil, k < rooms.count else { entries.append(nil); regions.append(nil); continue }
            entries.append(rooms[k].0)
            regions.append(rooms[k].1)
            k += 1
        }
        textKeys = prepared.textKeys
        textEntries = entries
        textRegions = regions
        var byPath: [String: AtlasRegion] = [:]
        for (i, path) in imagePaths.enumerated() { byPath[path] = layout.regions[i] }
        gadgetRegions = fresh.gadgets.map { g in
            if case .image(let ref) = g.appearance { return byPath[ref.path] }
            return nil
        }
        gadgetColors = fresh.gadgets.map { g in
            if case .color(let c) = g.appearance { return c }
            if case .clear = g.appearance { return BoardScene.webPlaceholder(g) }
            return nil
        }
        contentRevisions = fresh.gadgets.map { _ in 0 }
        backgroundRegion = nil
        if case .image(let ref, _) = fresh.background { backgroundRegion = byPath[ref.path] }
        backgroundRevision += 1
        return true
    }

    /// Whether two images are one decoded buffer (a reload reused it), without comparing pixels.
    static func sameStorage(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        a.width == b.width && a.height == b.height
            && a.pixels.withUnsafeBufferPointer { p in b.pixels.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress } }
    }
}
