import GadgetCore

/// Photos arriving while the kiosk runs, placed into the room the atlas kept for them.
extension BoardScene {
    /// Puts `image` (straight alpha, as decoded) into the room reserved for `path` (see
    /// `init(…reserving:)`): shrunk to the room where it is larger, uploaded in place with its
    /// gutter, and shown by every gadget that names it from the next frame (their revisions go
    /// up, so damage tracking redraws them). Returns false, changing nothing, when `path` has no
    /// room waiting or is the background (which damage tracking does not list: the caller builds
    /// a new scene, which redraws everything). Thread: the render thread, after `beginFrame`.
    public func placeImage(_ image: RGBAImage, path: String, board: Board) throws(GLError) -> Bool {
        guard pendingImages.contains(path), let entry = imagePaths.firstIndex(of: path), let at = layout.placement(of: entry) else { return false }
        if case .image(let ref, _) = board.background, ref.path == path { return false }
        let room = imageSizes[entry]
        let fitted = image.downscaled(to: PixelSize(min(image.width, room.width), min(image.height, room.height))).premultiplied()
        try pages[at.page].replace(AtlasLayout.withGutter(fitted), atX: at.x - AtlasLayout.gutter, y: at.y - AtlasLayout.gutter)
        let page = layout.pages[at.page]
        let region = AtlasRegion(page: at.page, u0: Float(at.x) / Float(page.width), v0: Float(at.y) / Float(page.height),
                                 u1: Float(at.x + fitted.width) / Float(page.width), v1: Float(at.y + fitted.height) / Float(page.height),
                                 clearOutline: fitted.hasClearBorder)
        pendingImages.remove(path)
        placedImages[path] = image
        for (i, g) in board.gadgets.enumerated() where i < gadgetRegions.count {
            guard case .image(let ref) = g.appearance, ref.path == path else { continue }
            gadgetRegions[i] = region
            gadgetColors[i] = nil
            contentRevisions[i] += 1
        }
        return true
    }
}
