import GadgetCore

/// Composing a page's texels: the white block, and every image with its edge-repeating gutter
/// on transparent black.
extension AtlasLayout {
    /// Builds the page image. `straight`: the entries whose pixels are straight alpha, premultiplied
    /// as they are written (the others are written as they are, already premultiplied).
    public func composePage(_ p: Int, images: [RGBAImage], straight: Set<Int> = []) -> RGBAImage {
        composePage(p, images: images, straight: straight, rows: 0..<pages[p].height)
    }

    /// Rows `rows` of the page image (clamped to the page): the same texels `composePage` gives
    /// there, so a page can be uploaded a band at a time without ever existing whole in memory
    /// (`BoardScene.uploadPage`).
    public func composePage(_ p: Int, images: [RGBAImage], straight: Set<Int> = [], rows: Range<Int>) -> RGBAImage {
        let page = pages[p]
        let top = max(0, rows.lowerBound), bottom = min(page.height, max(top, rows.upperBound))
        let count = page.width * (bottom - top) * 4
        // Not zero-filled first: `compose` writes every byte.
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            compose(p, images: images, straight: straight, rows: top..<bottom, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
        return RGBAImage(width: page.width, height: bottom - top, pixels: pixels)
    }

    /// The number of bytes rows `rows` of page `p` take (clamped to the page, as `compose` does).
    public func composedBytes(_ p: Int, rows: Range<Int>) -> Int {
        let top = max(0, rows.lowerBound), bottom = min(pages[p].height, max(top, rows.upperBound))
        return pages[p].width * (bottom - top) * 4
    }

    /// Writes rows `rows` of page `p` (clamped to the page) into `out`, top row first, every byte
    /// of the first `composedBytes(p, rows:)`: a caller can compose band after band into one
    /// buffer it keeps (nothing allocated per band). Returns the number of rows written.
    /// Straight entries are premultiplied row by row as they are written, so no premultiplied
    /// copy of an image is ever made (a second copy of every translucent image at the peak of a
    /// build, and its page faults: issue 35's start-up profile).
    @discardableResult
    public func compose(_ p: Int, images: [RGBAImage], straight: Set<Int> = [], rows: Range<Int>,
                        into out: UnsafeMutableRawBufferPointer) -> Int {
        let page = pages[p]
        let top = max(0, rows.lowerBound), bottom = min(page.height, max(top, rows.upperBound))
        let rowBytes = page.width * 4
        precondition(out.count >= rowBytes * (bottom - top), "AtlasLayout.compose: the buffer is smaller than the rows")
        guard bottom > top, rowBytes > 0, let base = out.baseAddress else { return 0 }
        let dst = base.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * (bottom - top))
        let wb = min(AtlasLayout.whiteBlock, page.width)
        for y in top..<max(top, min(bottom, AtlasLayout.whiteBlock)) {
            (dst + (y - top) * rowBytes).update(repeating: 255, count: wb * 4)
        }
        let g = AtlasLayout.gutter
        for (i, x, y) in page.placements {
            let image = images[i]
            let w = image.width, h = image.height
            guard w > 0, h > 0 else { continue }
            // The image and its gutter, clipped to these rows and the page.
            let first = max(top, y - g), last = min(bottom, y + h + g)
            let x0 = max(0, x - g), x1 = min(page.width, x + w + g)
            guard first < last, x0 < x1 else { continue }
            let inner0 = min(max(x0, x), x1), inner1 = max(min(x1, x + w), inner0)
            let premultiply = straight.contains(i)
            image.pixels.withUnsafeBufferPointer { source in
                let src = source.baseAddress!
                for py in first..<last {
                    // A gutter row repeats the image's first or last row; a gutter column its
                    // first or last pixel (corners: the corner pixel).
                    let sy = min(max(py - y, 0), h - 1)
                    let from = src + sy * w * 4, row = dst + (py - top) * rowBytes
                    if inner1 > inner0 { (row + inner0 * 4).update(from: from + (inner0 - x) * 4, count: (inner1 - inner0) * 4) }
                    for px in x0..<inner0 { (row + px * 4).update(from: from, count: 4) }
                    for px in inner1..<x1 { (row + px * 4).update(from: from + (w - 1) * 4, count: 4) }
                    if premultiply { AtlasLayout.premultiply(row + x0 * 4, pixels: x1 - x0) }
                }
            }
        }
        return bottom - top
    }

    /// Premultiplies `pixels` RGBA pixels in place, rounded as `RGBAImage.premultiplied`.
    static func premultiply(_ p: UnsafeMutablePointer<UInt8>, pixels: Int) {
        for k in 0..<pixels {
            let q = p + k * 4
            let a = UInt32(q[3])
            guard a != 255 else { continue }
            q[0] = UInt8((UInt32(q[0]) * a + 127) / 255)
            q[1] = UInt8((UInt32(q[1]) * a + 127) / 255)
            q[2] = UInt8((UInt32(q[2]) * a + 127) / 255)
        }
    }
}
