/// A QR code's modules (dark or light), as libqrencode gives them, and the image a gadget shows:
/// every module an exact square of whole texels and the 4-module quiet zone around it, so the
/// edges stay sharp at any scale and rotation the texture is drawn at (the texture is made at
/// least as large as the gadget is shown, each module several texels wide: linear filtering then
/// softens an edge by under a display pixel).
public struct QRSymbol: Sendable, Equatable {
    /// Modules per side (21 for version 1 … 177 for version 40).
    public let width: Int
    /// Row-major, true: dark.
    public let modules: [Bool]

    public init?(width: Int, modules: [Bool]) {
        guard width > 0, width <= 177, modules.count == width * width else { return nil }
        self.width = width; self.modules = modules
    }

    /// Modules per side with the quiet zone.
    public var sideWithQuietZone: Int { width + 2 * GadgetQR.quietZone }

    /// Texels per module for a code shown `shownSide` pixels wide at most: enough that each module
    /// covers a whole number of texels at least as large as a shown pixel, bounded by
    /// `maximumSide` texels for the whole image.
    public func texelsPerModule(shownSide: Double, maximumSide: Int) -> Int {
        let side = sideWithQuietZone
        let wanted = Int((shownSide / Double(side)).rounded(.up))
        return max(1, min(max(wanted, 2), maximumSide / side))
    }

    /// The image: `scale` texels per module, dark modules in `color`, light ones and the quiet zone
    /// in `background`.
    public func image(scale: Int, color: Color, background: Color) -> RGBAImage {
        let side = sideWithQuietZone * scale
        let dark = QRSymbol.bytes(color), light = QRSymbol.bytes(background)
        var img = RGBAImage(width: side, height: side, fill: light)
        let q = GadgetQR.quietZone
        for my in 0..<width {
            for mx in 0..<width where modules[my * width + mx] {
                let x0 = (mx + q) * scale, y0 = (my + q) * scale
                for y in y0..<(y0 + scale) {
                    for x in x0..<(x0 + scale) { img.setPixel(x, y, dark) }
                }
            }
        }
        return img
    }

    static func bytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
        func b(_ v: Double) -> UInt8 { UInt8((Math.clamp(v, 0, 1) * 255).rounded()) }
        return (b(c.r), b(c.g), b(c.b), b(c.a))
    }
}
