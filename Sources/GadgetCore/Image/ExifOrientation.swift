/// EXIF tag 0x0112 (Orientation): how the stored pixels must be turned to stand upright
/// (EXIF 2.32 §4.6.4, TIFF 6.0). Raw values 1–8; the names say where row 0 and column 0 of the
/// stored image belong on screen.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Row 0 top, column 0 left: as stored.
    case up = 1
    /// Mirrored left–right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top–bottom.
    case downMirrored = 4
    /// Row 0 on the left, column 0 at the top: transposed (mirror about the main diagonal).
    case leftMirrored = 5
    /// Row 0 on the right: shown after a quarter turn clockwise (a phone held upright).
    case right = 6
    /// Row 0 on the right, column 0 at the bottom: transverse (mirror about the anti-diagonal).
    case rightMirrored = 7
    /// Row 0 on the left, column 0 at the bottom: shown after a quarter turn anticlockwise.
    case left = 8

    /// Whether width and height trade places when the image is turned upright (values 5–8).
    public var swapsSides: Bool { rawValue >= 5 }

    /// The upright size of a stored image of `size`.
    public func uprightSize(_ size: PixelSize) -> PixelSize { swapsSides ? PixelSize(size.height, size.width) : size }
}
