import GadgetCore
import GadgetSources

/// The QR gadgets' images for a loaded board: each code encoded (libqrencode, byte mode, the
/// gadget's ecc) and drawn with whole texels per module, as many as the gadget can be shown at
/// (its shorter side × `displayScale` × its `maxScale`), within `maximumSide`.
public enum BoardQRImages {
    /// The largest QR image side, texels: a 177-module code still gets 5 texels a module, and a
    /// board with many codes does not crowd the photos out of the atlas.
    public static let maximumSide = 1024

    /// By gadget id. A gadget whose text is a template with nothing arrived yet has none (it
    /// shows its appearance until the first value). `check` already refused texts that cannot fit.
    public static func images(for board: Board, displayScale: Double) -> [String: RGBAImage] {
        var out: [String: RGBAImage] = [:]
        for g in board.gadgets {
            guard let qr = g.live?.qr, !qr.initialText.isEmpty else { continue }
            if let image = image(qr.initialText, qr: qr, gadget: g, displayScale: displayScale) { out[g.id] = image }
        }
        return out
    }

    /// One code's image, or nil when the text does not encode.
    public static func image(_ text: String, qr: GadgetQR, gadget: Gadget, displayScale: Double) -> RGBAImage? {
        guard case .success(let symbol) = QREncoder.encode(text, ecc: qr.ecc) else { return nil }
        let shown = min(gadget.size.width, gadget.size.height) * max(displayScale, 1) * max(gadget.behavior.maxScale, 1)
        let scale = symbol.texelsPerModule(shownSide: shown, maximumSide: maximumSide)
        return symbol.image(scale: scale, color: qr.color, background: qr.background)
    }
}
