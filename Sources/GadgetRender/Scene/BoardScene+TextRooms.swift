import GadgetCore

/// Text drawn again at run time goes into its own room in the atlas (or a new one), not into a
/// new atlas: a settled pinch, a new string or a new text style re-rasterises that gadget's text
/// only and uploads it with one glTexSubImage2D, while every other room keeps its texels and
/// its region. Only when no page can take the new image (each at its largest side already) is
/// the atlas laid out again.
extension BoardScene {
    /// What the atlas cost since the scene was made: whole layouts composed and uploaded, single
    /// rooms uploaded, and pages grown by a GPU copy. Tests assert what a change touched.
    public struct AtlasWork: Equatable, Sendable {
        public var builds = 0
        public var roomUploads = 0
        public var pagesGrown = 0
        public init(builds: Int = 0, roomUploads: Int = 0, pagesGrown: Int = 0) {
            self.builds = builds
            self.roomUploads = roomUploads
            self.pagesGrown = pagesGrown
        }
    }

    /// Draws gadget `i`'s text again (as `texts[i]` and `textZooms[i]` say) into its room, or a
    /// new room when the image no longer fits (its old room is freed for later); the atlas is
    /// laid out again only when no page can take it. The gadget's revision is the caller's.
    /// Text that cannot be drawn (logged in `textWarnings`) hides.
    func redrawText(_ i: Int, board: Board) throws(GLError) {
        guard let (key, image) = textImage(i, board: board) else {
            textRegions[i] = nil
            textKeys[i] = nil
            if let left = textEntries[i] { layout.freeRoom(left) }
            textEntries[i] = nil
            return
        }
        do {
            if try placeText(i, key: key, image: image) { return }
        } catch {
            // The layout may already hold the new room: a fresh layout below is consistent.
        }
        try buildAtlas(board: board, alreadyChanged: [i])
    }

    /// Puts `image` in gadget `i`'s room, or a new one; false: no room anywhere.
    private func placeText(_ i: Int, key: TextImageCache.Key, image: RGBAImage) throws(GLError) -> Bool {
        var entry = textEntries[i]
        if entry.map({ layout.roomSizes[$0].width < image.width || layout.roomSizes[$0].height < image.height }) ?? true {
            guard let room = layout.allocateRoom(image.size) else { return false }
            if let old = room.grownFrom { try growPage(room.page, from: old, except: [i]) }
            if let left = entry { layout.freeRoom(left) }
            entry = room.index
        }
        guard let entry, let at = layout.placement(of: entry) else { return false }
        try pages[at.page].replace(AtlasLayout.withGutter(image), atX: at.x - AtlasLayout.gutter, y: at.y - AtlasLayout.gutter)
        textEntries[i] = entry
        textKeys[i] = key
        textRegions[i] = layout.region(of: entry, showing: image.size)
        textRegions[i]?.clearOutline = image.hasClearBorder
        textCache.keepOnly(Set(textKeys.compactMap { $0 }))
        atlasWork.roomUploads += 1
        return true
    }

    /// Page `p` grew from `old` (the layout already has its new size): its texels are copied on
    /// the GPU into a larger texture and every region on it gets the coordinates of the same
    /// texels. Gadgets drawn from it are redrawn (their coordinates changed), as after a rebuild.
    /// `except`: gadgets whose revision the caller raises itself.
    func growPage(_ p: Int, from old: PixelSize, except: Set<Int> = []) throws(GLError) {
        let new = PixelSize(layout.pages[p].width, layout.pages[p].height)
        let grown = try pages[p].grown(width: new.width, height: new.height)
        pages[p].destroy()
        pages[p] = grown
        whiteTexels[p] = layout.whiteTexel(page: p)
        func fix(_ r: AtlasRegion?) -> AtlasRegion? { r.map { $0.page == p ? AtlasLayout.rescaled($0, from: old, to: new) : $0 } }
        gadgetRegions = gadgetRegions.map(fix)
        textRegions = textRegions.map(fix)
        qrRegions = qrRegions.map(fix)
        dotRegion = fix(dotRegion)
        if backgroundRegion?.page == p {
            backgroundRegion = fix(backgroundRegion)
            backgroundRevision += 1
        }
        for i in contentRevisions.indices where !except.contains(i) {
            let onPage = [gadgetRegions, textRegions, qrRegions].contains { i < $0.count && $0[i]?.page == p }
            // A solid colour samples the page's white block, whose coordinates moved too.
            if onPage || (i < gadgetColors.count && gadgetColors[i] != nil) { contentRevisions[i] += 1 }
        }
        atlasWork.pagesGrown += 1
    }
}

extension BoardScene {
    /// Gadget `i` shows `text` from the next frame on (a control `set` of a string or of a whole
    /// text object): only its text is laid out and uploaded, into its room or a new one; its
    /// revision goes up. Returns the warnings this text added (`textWarnings` keeps them all):
    /// the caller logs these, not the whole list again. Thread: the render thread.
    @discardableResult
    public func setText(_ text: GadgetText, ofGadget i: Int, board: Board) throws(GLError) -> [String] {
        guard texts.indices.contains(i), texts[i] != text else { return [] }
        let before = textWarnings.count
        texts[i] = text
        contentRevisions[i] += 1
        try redrawText(i, board: board)
        return Array(textWarnings[before...])
    }
}
