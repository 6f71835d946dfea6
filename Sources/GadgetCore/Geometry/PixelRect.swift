/// An axis-aligned rectangle of whole pixels in a framebuffer, origin top-left, y down (the
/// display's pixel grid, as `BoardViewport.boardToDisplay` maps to it). Damage regions, scissor
/// boxes and partial-update rectangles are made of these.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The whole of a framebuffer of `size`.
    public init(_ size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The smallest rectangle holding both (an empty one holds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap; empty when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }
    public func contains(_ other: PixelRect) -> Bool { other.isEmpty || intersection(other) == other }

    /// Grown by `n` pixels on every side.
    public func outset(by n: Int) -> PixelRect { PixelRect(x: x - n, y: y - n, width: width + 2 * n, height: height + 2 * n) }

    /// The pixels any part of the polygon `points` (display pixels, continuous) can touch: its
    /// bounding box rounded outward. Rasterisation covers only pixels whose centres the polygon
    /// holds and texture filtering never reaches past the geometry, so this holds every pixel a
    /// draw of the polygon can change.
    public static func covering(_ points: [Vector2]) -> PixelRect {
        guard var lo = points.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var hi = lo
        for p in points.dropFirst() {
            lo = Vector2(min(lo.x, p.x), min(lo.y, p.y)); hi = Vector2(max(hi.x, p.x), max(hi.y, p.y))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        // Clamped far outside any framebuffer so a wild pose cannot overflow Int.
        func whole(_ v: Double) -> Int { Int(max(-1e7, min(1e7, v))) }
        let x0 = whole(lo.x.rounded(.down)), y0 = whole(lo.y.rounded(.down))
        let x1 = whole(hi.x.rounded(.up)), y1 = whole(hi.y.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
