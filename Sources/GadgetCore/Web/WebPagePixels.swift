/// Whether a shared-memory page frame shows the page or only its background (issue 40's "start →
/// first page pixels"). Until the page paints, WebKit's frames are the view's background colour
/// from edge to edge (the helper sets it to the gadget's `background`, WebKit's default is white),
/// so a frame with any other pixel is the page's first picture. Pure.
public enum WebPagePixels {
    /// The 32-bit word an opaque `background` is in an ARGB8888 frame (bytes B, G, R, A); nil for
    /// a translucent one, whose premultiplied bytes depend on WebKit's rounding (then any frame
    /// counts as the page's).
    public static func backgroundWord(_ background: Color?) -> UInt32? {
        let c = background ?? Color(r: 1, g: 1, b: 1)
        guard c.a >= 1 else { return nil }
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return 0xFF00_0000 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
    }

    /// True when `pixels` (`height` rows of `stride` bytes, `width` ARGB8888 pixels each) hold a
    /// pixel other than `background`'s (`backgroundWord`); alpha is ignored (XRGB8888 frames
    /// leave it undefined). Stops at the first such pixel.
    public static func showsPage(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, background: Color?) -> Bool {
        guard let word = backgroundWord(background) else { return true }
        guard width > 0, height > 0, stride >= width * 4, pixels.count >= stride * (height - 1) + width * 4 else { return false }
        let rgb = word & 0x00FF_FFFF
        for row in 0..<height {
            let base = row * stride
            for x in 0..<width where pixels.loadUnaligned(fromByteOffset: base + x * 4, as: UInt32.self).littleEndian & 0x00FF_FFFF != rgb {
                return true
            }
        }
        return false
    }
}
