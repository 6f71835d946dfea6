extension RGBAImage {
    /// Premultiplies colour by alpha (rounded), as the batcher's blend mode expects.
    public func premultiplied() -> RGBAImage {
        // An opaque image (every JPEG, most photos) is its own premultiplied form: returning it
        // shares its storage. Writing through it would copy it whole (copy-on-write), which
        // held a second copy of every photo while a board's atlas was built (23 MB for 12 photos
        // at 800x600: docs/BENCHMARKS.md "Photos").
        guard let first = firstTranslucentPixel else { return self }
        var out = self
        out.pixels.withUnsafeMutableBufferPointer { p in
            var i = first * 4
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
        return out
    }

    /// Index of the first pixel whose alpha is below 255 (nil: the image is opaque).
    var firstTranslucentPixel: Int? {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return i / 4 }
                i += 4
            }
            return nil
        }
    }

    /// A box-filtered copy no larger than `maxSide` on either side (aspect kept); `self` if it fits.
    /// Used when an image exceeds the GPU's texture limit (4096 on a Pi 4).
    public func downscaled(toFit maxSide: Int) -> RGBAImage {
        guard width > maxSide || height > maxSide else { return self }
        let scale = Double(maxSide) / Double(max(width, height))
        let w = max(1, Int((Double(width) * scale).rounded(.down)))
        let h = max(1, Int((Double(height) * scale).rounded(.down)))
        return downscaled(to: PixelSize(w, h))
    }

    /// A box-filtered copy of exactly `target`'s size, each side clamped to 1…its own (this never
    /// upscales); `self` when that is its size. Sides may shrink by different ratios (a photo
    /// stretched over a gadget of another aspect needs only the gadget's pixels on each axis).
    public func downscaled(to target: PixelSize) -> RGBAImage {
        let w = min(max(1, target.width), width), h = min(max(1, target.height), height)
        guard w != width || h != height else { return self }
        var out = RGBAImage(width: w, height: h)
        for y in 0..<h {
            let y0 = y * height / h, y1 = max(y0 + 1, (y + 1) * height / h)
            for x in 0..<w {
                let x0 = x * width / w, x1 = max(x0 + 1, (x + 1) * width / w)
                var acc = (0, 0, 0, 0), n = 0
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let i = (sy * width + sx) * 4
                        acc.0 += Int(pixels[i]); acc.1 += Int(pixels[i + 1]); acc.2 += Int(pixels[i + 2]); acc.3 += Int(pixels[i + 3])
                        n += 1
                    }
                }
                out.setPixel(x, y, (UInt8(acc.0 / n), UInt8(acc.1 / n), UInt8(acc.2 / n), UInt8(acc.3 / n)))
            }
        }
        return out
    }

    /// Copies `source` into `self` at (x, y), clipped.
    public mutating func blit(_ source: RGBAImage, atX x: Int, y: Int) {
        for sy in 0..<source.height {
            let dy = y + sy
            guard dy >= 0, dy < height else { continue }
            let x0 = max(0, -x), x1 = min(source.width, width - x)
            guard x1 > x0 else { continue }
            let si = (sy * source.width + x0) * 4, di = (dy * width + x + x0) * 4
            let n = (x1 - x0) * 4
            pixels.replaceSubrange(di..<(di + n), with: source.pixels[si..<(si + n)])
        }
    }
}
