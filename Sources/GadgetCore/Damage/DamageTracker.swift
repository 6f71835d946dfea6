/// Finds what changed between two frames. Each frame is described as a list of drawn things in
/// drawing order (the background, the gadgets, overlays), each with the pixels it may cover and
/// a `Look`: everything else that decides its pixels (pose, appearance, opacity). A thing whose
/// bounds or look changed damages where it was and where it is; a different list (a reload, a
/// display change) damages everything. Pure: the caller says what was drawn.
public struct DamageTracker<Look: Equatable>: Sendable where Look: Sendable {
    public struct Item: Sendable {
        public var bounds: PixelRect
        public var look: Look
        public init(bounds: PixelRect, look: Look) { self.bounds = bounds; self.look = look }
    }

    private var previous: [Item]?
    private var previousScreen: PixelRect?

    public init() {}

    /// The raw damage of a frame showing `items` on `screen`, against the last frame given.
    /// The first frame, a new screen size, a different item count, or `invalidate` damage all.
    public mutating func damage(_ items: [Item], screen: PixelRect, invalidate: Bool = false) -> RedrawRegion {
        defer { previous = items; previousScreen = screen }
        guard !invalidate, let old = previous, old.count == items.count, previousScreen == screen else { return .full }
        var rects: [PixelRect] = []
        for (a, b) in zip(old, items) where a.bounds != b.bounds || a.look != b.look {
            rects.append(a.bounds)
            rects.append(b.bounds)
        }
        return .rects(rects.filter { !$0.isEmpty })
    }

    /// Forgets the last frame: the next is damaged in full.
    public mutating func reset() { previous = nil; previousScreen = nil }
}
