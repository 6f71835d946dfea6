/// `"fit": "shrink"`: the largest em size, from the style's down to its minimum, at which the
/// text fits its box. What "fits" means is the caller's (the renderer lays the text out and
/// compares); this is the search, pure so it is tested without fonts. A bisection to
/// `resolution`: about eight layouts for a 64 px label, never one per pixel.
public enum TextFit {
    /// Sizes closer than this (board pixels) are not told apart: under a quarter pixel the
    /// rasterised text does not change visibly.
    public static let resolution = 0.25

    /// `minSize` when the board gives none: half the size, but not below 8 px (smaller is not
    /// read from a kiosk's distance), and never above the size itself.
    public static func defaultMinimum(size: Double) -> Double { min(size, max(8, size / 2)) }

    /// The largest size in `minimum...size` for which `fits` is true (`size` itself when it
    /// fits: nothing is asked twice), or nil when even `minimum` does not fit. `fits` must be
    /// monotonic: smaller text never fits worse.
    public static func largestFitting<E: Error>(size: Double, minimum: Double, fits: (Double) throws(E) -> Bool) throws(E) -> Double? {
        if try fits(size) { return size }
        let low0 = min(minimum, size)
        guard try fits(low0) else { return nil }
        var low = low0, high = size      // fits(low), !fits(high)
        while high - low > resolution {
            let mid = (low + high) / 2
            if try fits(mid) { low = mid } else { high = mid }
        }
        return low
    }
}
