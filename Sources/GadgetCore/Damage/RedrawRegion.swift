/// The part of a frame to draw: all of it, or a few rectangles (each drawn under a scissor).
public enum RedrawRegion: Hashable, Sendable {
    case full
    case rects([PixelRect])

    /// Nothing to draw (nothing changed).
    public static let none = RedrawRegion.rects([])

    /// The rectangles, nil for the full frame (what EGL's damage calls take).
    public var rects: [PixelRect]? { if case .rects(let r) = self { return r } else { return nil } }

    public var isEmpty: Bool { if case .rects(let r) = self { return r.isEmpty } else { return false } }

    /// Pixels drawn on a screen of `screen` size (overlapping rectangles counted once each time
    /// they are drawn, as the GPU fills them).
    public func pixelCount(on screen: PixelRect) -> Int {
        switch self {
        case .full: return screen.area
        case .rects(let rects): return rects.reduce(0) { $0 + $1.intersection(screen).area }
        }
    }

    /// Both regions (before simplification).
    public func union(_ other: RedrawRegion) -> RedrawRegion {
        switch (self, other) {
        case (.rects(let a), .rects(let b)): return .rects(a + b)
        default: return .full
        }
    }
}
