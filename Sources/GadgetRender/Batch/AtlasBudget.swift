import GadgetCore

/// Keeps a board's atlas pages within a texture memory budget: when the images, packed as they
/// are, would take more, every image is shrunk by one common factor until the pages fit. One
/// factor for all keeps the board's images equally sharp relative to each other. Pure (no GL).
public struct AtlasBudget: Sendable, Equatable {
    /// Bytes of RGBA texture the atlas pages may take together.
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// 256 MiB: four full 4096² pages, a quarter of a 1 GB Raspberry Pi's memory (whose GPU
    /// buffers come out of the same RAM, CMA), leaving room for the system, the kiosk's own
    /// decoded copies and the display's buffers.
    public static let standard = AtlasBudget(bytes: 256 << 20)

    /// The plan for `sizes` on pages of `pageSide`: the factor (1 when everything fits), the
    /// scaled sizes (input order) and their layout.
    public struct Plan {
        public var scale: Double
        public var sizes: [PixelSize]
        public var layout: AtlasLayout
        /// The pages' bytes as planned, and as they would have been at scale 1.
        public var bytes: Int
        public var unscaledBytes: Int
        public var fits: Bool
    }

    public static func pageBytes(_ layout: AtlasLayout) -> Int { layout.pages.reduce(0) { $0 + $1.width * $1.height * 4 } }

    public func plan(sizes: [PixelSize], pageSide: Int) -> Plan {
        let first = AtlasLayout(sizes: sizes, pageSide: pageSide)
        let unscaled = Self.pageBytes(first)
        var plan = Plan(scale: 1, sizes: sizes, layout: first, bytes: unscaled, unscaledBytes: unscaled, fits: unscaled <= bytes)
        // Area goes with the square of the factor; gutters, shelves and page rounding make it
        // only roughly so, hence a few rounds, each a little below the estimate.
        var scale = 1.0
        var rounds = 0
        while !plan.fits, rounds < 24 {
            rounds += 1
            scale *= min(0.97, (Double(bytes) / Double(max(plan.bytes, 1))).squareRoot())
            let scaled = sizes.map { PixelSize(max(1, Int(Double($0.width) * scale)), max(1, Int(Double($0.height) * scale))) }
            let layout = AtlasLayout(sizes: scaled, pageSide: pageSide)
            let b = Self.pageBytes(layout)
            plan = Plan(scale: scale, sizes: scaled, layout: layout, bytes: b, unscaledBytes: unscaled, fits: b <= bytes)
        }
        return plan
    }

    /// The warning for a plan that had to shrink (nil when it did not): one line.
    public static func warning(_ plan: Plan, budget: AtlasBudget) -> String? {
        guard plan.scale < 1 else { return nil }
        func mb(_ b: Int) -> String { "\((b + (1 << 19)) >> 20) MB" }
        let percent = Int((plan.scale * 100).rounded(.down))
        let result = plan.fits ? "images downscaled to \(percent)% (\(mb(plan.bytes)))" : "images downscaled to \(percent)% and still \(mb(plan.bytes))"
        return "atlas would take \(mb(plan.unscaledBytes)) of texture memory, over the budget of \(mb(budget.bytes)): \(result)"
    }
}
