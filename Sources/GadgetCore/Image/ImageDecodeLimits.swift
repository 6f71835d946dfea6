/// What a board image may claim and cost before it is decoded (decompression bombs): checked on
/// the header's size, before a single pixel buffer is allocated.
public struct ImageDecodeLimits: Sendable, Equatable {
    /// Most pixels an image may claim: 100 megapixels (a 108 MP phone sensor is the largest in
    /// common use; 100 MP of RGBA would already be 400 MB before any downscale).
    public var maximumPixels: Int
    /// Longest side an image may claim (JPEG's own limit is 65535, WebP's 16383).
    public var maximumSide: Int

    public init(maximumPixels: Int = 100_000_000, maximumSide: Int = 65536) {
        self.maximumPixels = maximumPixels; self.maximumSide = maximumSide
    }

    public static let standard = ImageDecodeLimits()

    /// nil when `size` is acceptable, else the one-line reason.
    public func refusal(_ size: PixelSize) -> String? {
        if size.width <= 0 || size.height <= 0 { return "image claims \(size.width)x\(size.height) pixels" }
        if size.width > maximumSide || size.height > maximumSide || size.width * size.height > maximumPixels {
            let mp = (Double(size.width) * Double(size.height) / 1e6 * 10).rounded() / 10
            return "image claims \(size.width)x\(size.height) pixels (\(mp) MP), over the limit of \(maximumPixels / 1_000_000) MP and \(maximumSide) pixels a side (a decompression bomb?)"
        }
        return nil
    }
}
