import GadgetCore

/// Images a running board is given (a control `set … image` of a picture not in the atlas):
/// each goes into a room of its own, as text drawn again does (BoardScene+TextRooms.swift), so
/// the frame that shows it uploads that image only, instead of composing and uploading every page.
extension BoardScene {
    /// The atlas entry of image `path`, nil when it is not in the atlas (or still a placeholder).
    func imageEntry(_ path: String) -> Int? {
        if let k = addedImageEntries[path] { return k }
        guard !pendingImages.contains(path) else { return nil }
        return imagePaths.firstIndex(of: path)
    }

    /// Whether `updateLook` can show image `path` now.
    public func hasImage(_ path: String) -> Bool { imageEntry(path) != nil }

    /// Puts `image` (straight alpha, decoded no larger than shown) into a room of its own so
    /// `updateLook` can show it; an image already there is kept. False (nothing changed) when no
    /// page can take it: the caller builds a new scene. Thread: the render thread.
    public func addImage(_ image: RGBAImage, path: String) throws(GLError) -> Bool {
        if imageEntry(path) != nil { return true }
        // A photo still decoding for start-up has its room already (`placeImage`).
        if pendingImages.contains(path) { return false }
        let fit = pageSide - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock
        let fitted = image.downscaled(toFit: fit)
        guard let room = layout.allocateRoom(fitted.size) else { return false }
        if let old = room.grownFrom { try growPage(room.page, from: old) }
        try pages[room.page].replace(AtlasLayout.withGutter(fitted.premultiplied()), atX: room.x - AtlasLayout.gutter, y: room.y - AtlasLayout.gutter)
        addedImageEntries[path] = room.index
        // A later rebuild (text that fits no room) lays it out with the board's images.
        imagePaths.append(path)
        imageSizes.append(fitted.size)
        placedImages[path] = image
        atlasWork.roomUploads += 1
        return true
    }

    /// Image `path`, added at run time, is shown by no gadget any more (a `set` replaced it): its
    /// room takes the next image that fits, so a client cycling through pictures does not grow
    /// the atlas. The board's own images keep their rooms (their entries are `imagePaths`'
    /// indices).
    public func releaseImage(_ path: String, board: Board) {
        if case .image(let ref, _) = board.background, ref.path == path { return }
        let used = board.gadgets.contains { g in
            if case .image(let ref) = g.appearance { return ref.path == path }
            return false
        }
        guard !used, let k = addedImageEntries[path] else { return }
        layout.freeRoom(k)
        if let i = imagePaths.firstIndex(of: path) {
            imagePaths.remove(at: i)
            imageSizes.remove(at: i)
        }
        addedImageEntries[path] = nil
        placedImages[path] = nil
    }
}
