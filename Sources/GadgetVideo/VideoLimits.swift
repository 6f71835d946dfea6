/// The largest video a kiosk accepts: no side over the display's texture limit (each plane is a
/// texture) and no more pixels than the budget (each decoded frame is uploaded on the
/// loop's thread, and the queue holds a few: 4K would be 12 MB a frame and more upload per
/// refresh than a Pi 4's GPU bus carries at 30 fps beside the board).
public struct VideoLimits: Sendable, Equatable {
    public var maximumSide: Int
    public var maximumPixels: Int

    public init(maximumSide: Int, maximumPixels: Int = VideoLimits.standardPixelBudget) {
        self.maximumSide = maximumSide; self.maximumPixels = maximumPixels
    }

    /// 1920×1088 (a 1080p stream's coded height): what a Pi 4 decodes in hardware and a Pi 5 in
    /// software at 30 fps (docs/BENCHMARKS.md, "Video").
    public static let standardPixelBudget = 1920 * 1088

    /// 4096: the Pi 4's V3D limit, the smallest of the targets (`BoardLoader.maximumImageSide`'s reason).
    public static let standard = VideoLimits(maximumSide: 4096)

    /// Why a `width`×`height` video is refused; nil when it fits.
    public func refusal(width: Int, height: Int) -> VideoError? {
        if width > maximumSide || height > maximumSide {
            return .tooLarge(width: width, height: height, limit: "the display's texture limit (\(maximumSide) pixels a side)")
        }
        if width * height > maximumPixels {
            return .tooLarge(width: width, height: height, limit: "the video pixel budget (\(maximumPixels) pixels, 1920x1088)")
        }
        return nil
    }
}
