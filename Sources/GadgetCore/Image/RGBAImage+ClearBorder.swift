extension RGBAImage {
    /// How many outer rings of texels must be transparent for `hasClearBorder`. Two, not one: a
    /// quad drawn smaller than its image (a pinched-down label before its text is drawn again)
    /// samples two texels per display pixel, and linear filtering reaches one more.
    public static let clearBorderDepth = 2

    /// Whether the outermost `clearBorderDepth` rings of texels are all fully transparent (alpha
    /// 0; an image of no more than twice that depth on a side: every texel). Such an image's quad
    /// outline never shows: its visible edge lies inside the texture, already smoothed by the
    /// texture filter, so a turned quad of it needs no feathered edge (SpriteBatcher's
    /// `clearOutline`). Text images are (their padding), and so are cut-out images such as
    /// round badges. Reads the border only.
    public var hasClearBorder: Bool {
        guard width > 0, height > 0 else { return true }
        let d = RGBAImage.clearBorderDepth
        return pixels.withUnsafeBufferPointer { p -> Bool in
            func clearRows(_ rows: Range<Int>) -> Bool {
                for y in rows {
                    var i = y * width * 4 + 3
                    for _ in 0..<width {
                        if p[i] != 0 { return false }
                        i += 4
                    }
                }
                return true
            }
            guard clearRows(0..<min(d, height)), clearRows(max(height - d, 0)..<height) else { return false }
            for y in min(d, height)..<max(height - d, min(d, height)) {
                let row = y * width * 4 + 3
                for x in 0..<min(d, width) where p[row + x * 4] != 0 { return false }
                for x in max(width - d, 0)..<width where p[row + x * 4] != 0 { return false }
            }
            return true
        }
    }
}
