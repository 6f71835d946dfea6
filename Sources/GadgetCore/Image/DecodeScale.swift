/// A decoder's downscale while decoding, as a fraction (libjpeg-turbo's `scale_num/scale_denom`).
public struct DecodeScale: Sendable, Hashable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int
    public init(_ numerator: Int, _ denominator: Int) { self.numerator = numerator; self.denominator = denominator }

    public static let one = DecodeScale(1, 1)
    /// The factors a JPEG is decoded at: 1/8, 1/4, 1/2, 1. libjpeg-turbo has SIMD paths for these
    /// (the reduced IDCTs); its other n/8 factors run the slower generic scaled IDCT, and the box
    /// downscale after decoding does the rest anyway.
    public static let jpegFactors = [DecodeScale(1, 8), DecodeScale(1, 4), DecodeScale(1, 2), .one]

    /// A side after scaling, rounded up as libjpeg does (`TJSCALED`: ceil(side × num / denom)).
    public func scaled(_ side: Int) -> Int { (side * numerator + denominator - 1) / denominator }
    public func scaled(_ size: PixelSize) -> PixelSize { PixelSize(scaled(size.width), scaled(size.height)) }

    public var description: String { "\(numerator)/\(denominator)" }

    /// The smallest of `factors` whose result still covers `needed` on both sides (so nothing is
    /// lost that the final box downscale would keep), or the largest factor when none does.
    /// `source` and `needed` are in the same (stored) orientation.
    public static func choose(source: PixelSize, needed: PixelSize, factors: [DecodeScale] = jpegFactors) -> DecodeScale {
        let sorted = factors.sorted { $0.numerator * $1.denominator < $1.numerator * $0.denominator }
        for f in sorted {
            let s = f.scaled(source)
            if s.width >= min(needed.width, source.width), s.height >= min(needed.height, source.height) { return f }
        }
        return sorted.last ?? .one
    }
}
