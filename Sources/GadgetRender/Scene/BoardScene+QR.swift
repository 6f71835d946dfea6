import GadgetCore

/// QR codes: one atlas entry per QR gadget, like a text image, so a board with QR codes stays one
/// texture and one draw call. The image comes made (`LoadedBoard.qrImages`: whole texels per
/// module, quiet zone included) and is drawn as a square of the gadget's shorter side, centred,
/// turning and scaling with the gadget.
extension BoardScene {
    /// Appends every QR gadget's image to the atlas entries (premultiplied, as the pages hold them).
    func appendQRImages(to entries: inout [RGBAImage], board: Board) {
        qrEntries = board.gadgets.map { g in
            guard let image = qrImages[g.id] else { return nil }
            entries.append(image.premultiplied())
            return entries.count - 1
        }
    }

    /// Gadget `i`'s QR code, over its appearance and under its text.
    func drawQR(_ i: Int, center: Vector2, size: Size2, rotation: Double, opacity: Double, into batcher: SpriteBatcher) {
        guard i < qrRegions.count, let r = qrRegions[i] else { return }
        let side = min(size.width, size.height)
        batcher.draw(texture: pages[r.page].id, center: center, size: Size2(side, side), rotation: rotation,
                     u0: r.u0, v0: r.v0, u1: r.u1, v1: r.v1, color: .white(opacity: opacity))
    }

    /// Shows `image` as gadget `id`'s QR code (a live text changed): replaced in place when it is
    /// the size of the one shown, else the atlas is rebuilt. The gadget's content revision goes up
    /// so damage tracking redraws it. False when there is no such gadget. `board`: the running board.
    /// Thread: the render thread.
    @discardableResult
    public func setQR(_ image: RGBAImage, forGadget id: String, board: Board) throws(GLError) -> Bool {
        guard let i = board.gadgets.firstIndex(where: { $0.id == id }) else { return false }
        let old = qrImages[id]
        qrImages[id] = image
        contentRevisions[i] += 1
        if let old, old.size == image.size, i < qrEntries.count, let entry = qrEntries[i], let at = layout.placement(of: entry) {
            try pages[at.page].replace(AtlasLayout.withGutter(image.premultiplied()), atX: at.x - AtlasLayout.gutter, y: at.y - AtlasLayout.gutter)
        } else {
            try buildAtlas(board: board)
        }
        return true
    }
}
