/// Turns a frame's raw damage (two rectangles per changed thing: where it was, where it is) into
/// what is drawn: a few disjoint-ish rectangles, their bounding box, or the whole screen.
///
/// Each rectangle costs a scissored pass (the board's vertices again, one more draw call per
/// texture) and each pixel costs fill. So: rectangles that overlap or nearly touch are merged
/// (their union costs little more fill and saves a pass); more than `maximumRects` are merged
/// pairwise, cheapest union first; and when the bounding box of what is left is not much larger
/// than the rectangles themselves, or the damage covers most of the screen, one box (or the full
/// screen, which needs no scissor) is cheaper. The thresholds were set with `bench --workload
/// board` (docs/BENCHMARKS.md).
public struct DamagePolicy: Sendable {
    /// At most this many scissored passes per frame.
    public var maximumRects = 4
    /// A pass costs about as much as filling this many pixels (vertex upload, draw calls).
    public var passCostInPixels = 16_384
    /// Damage covering more than this fraction of the screen is drawn in full.
    public var fullScreenFraction = 0.6

    public init() {}

    public func simplify(_ region: RedrawRegion, screen: PixelRect) -> RedrawRegion {
        guard case .rects(let raw) = region else { return .full }
        var rects = raw.map { $0.intersection(screen) }.filter { !$0.isEmpty }
        if rects.isEmpty { return .none }
        // Merge while two rectangles overlap or their union costs less than the extra pass.
        var merged = true
        while merged && rects.count > 1 {
            merged = false
            search: for i in 0..<rects.count {
                for j in (i + 1)..<rects.count where worthMerging(rects[i], rects[j]) {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
        while rects.count > maximumRects {
            var best = (i: 0, j: 1, extra: Int.max)
            for i in 0..<rects.count {
                for j in (i + 1)..<rects.count {
                    let extra = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                    if extra < best.extra { best = (i, j, extra) }
                }
            }
            rects[best.i] = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
        }
        let area = rects.reduce(0) { $0 + $1.area }
        if Double(area) > fullScreenFraction * Double(screen.area) { return .full }
        let box = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        if Double(box.area) > fullScreenFraction * Double(screen.area) && rects.count == 1 { return .full }
        if box.area + passCostInPixels <= area + rects.count * passCostInPixels { return .rects([box]) }
        return .rects(rects.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
    }

    private func worthMerging(_ a: PixelRect, _ b: PixelRect) -> Bool {
        if a.intersects(b) { return true }
        return a.union(b).area <= a.area + b.area + passCostInPixels
    }
}
