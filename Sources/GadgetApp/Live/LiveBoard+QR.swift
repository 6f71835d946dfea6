import GadgetCore
import GadgetRender

/// A QR gadget's code changing while the board runs (its text is a template that follows a live
/// value): the live board keeps the image, so a rebuilt scene shows it too, and the scene puts it
/// in place in the atlas (only that gadget redraws: its content revision goes up).
extension LiveBoard {
    /// Shows `image` as gadget `id`'s QR code from the next frame on. False when there is no such
    /// gadget or it has no QR code.
    @discardableResult
    public func setQR(_ image: RGBAImage, forGadget id: String) -> Bool {
        guard let i = index(of: id), board.gadgets[i.rawValue].live?.qr != nil else { return false }
        qrImages[id] = image
        drawAgain(.boardChanged)
        guard hasDisplay, !sceneStale else { return true }
        do { try scene.setQR(image, forGadget: id, board: board) } catch {
            Loggers.render.warning("qr: \(error); drawing the board again")
            sceneStale = true
        }
        return true
    }
}
