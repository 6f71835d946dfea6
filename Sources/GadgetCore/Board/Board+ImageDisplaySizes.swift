extension Board {
    /// The most pixels each image (by path) can show, so it is decoded no larger: a gadget's size
    /// × its `maxScale` (pinched as far as it goes; 1 when not `scalable`; × `placardGrowth` for a
    /// `springHome` placard), the background's the board's size, each
    /// × `displayScale` and capped at `maximumSide`. An image several gadgets share gets the
    /// largest of their needs, per side.
    ///
    /// `displayScale`: display pixels per board pixel when the board will be scaled up to a larger
    /// display (e.g. 2 for a 1280×720 board on a 2560×1440 panel); 1 shows board pixels 1:1.
    /// `maximumSide`: the atlas page's usable side (the GPU's texture limit, at most 4096, less
    /// the atlas' white block and gutters).
    public func imageDisplaySizes(displayScale: Double = 1, maximumSide: Int) -> [String: PixelSize] {
        var sizes: [String: PixelSize] = [:]
        func need(_ path: String, _ s: Size2) {
            let scaled = s * max(displayScale, 0)
            let w = min(maximumSide, max(1, Int(scaled.width.rounded(.up))))
            let h = min(maximumSide, max(1, Int(scaled.height.rounded(.up))))
            let old = sizes[path] ?? PixelSize(1, 1)
            sizes[path] = PixelSize(max(old.width, w), max(old.height, h))
        }
        if case .image(let ref, _) = background { need(ref.path, size) }
        // A placard (springHome) grows by this while touched, on top of its scale.
        let growth = thresholdOverrides.last { $0.name == "placardGrowth" }?.value ?? GestureThresholds().placardGrowth
        for g in gadgets {
            if case .image(let ref) = g.appearance {
                // A gadget that cannot be scaled is only ever shown at 1.
                let scale = g.behavior.scalable ? max(1, g.behavior.maxScale) : 1
                need(ref.path, g.size * (scale * (g.behavior.springHome ? max(1, growth) : 1)))
            }
        }
        return sizes
    }
}
