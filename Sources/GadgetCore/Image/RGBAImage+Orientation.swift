extension RGBAImage {
    /// The image turned upright as its EXIF orientation says (a pure copy; `.up` returns self).
    ///
    /// For every upright pixel (x, y) the source pixel is found by inverting the orientation's
    /// mapping; the eight mappings are EXIF 2.32 §4.6.4's, written as where row 0 / column 0 go.
    public func oriented(_ orientation: ExifOrientation) -> RGBAImage {
        guard orientation != .up else { return self }
        let w = width, h = height
        let out = orientation.uprightSize(size)
        let ow = out.width, oh = out.height
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case .up: (sx, sy) = (x, y)
                        case .upMirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        let si = (sy * w + sx) * 4, di = (y * ow + x) * 4
                        dst[di] = src[si]; dst[di + 1] = src[si + 1]; dst[di + 2] = src[si + 2]; dst[di + 3] = src[si + 3]
                    }
                }
            }
        }
        return RGBAImage(width: ow, height: oh, pixels: result)
    }
}
