import Testing
@testable import GadgetCore
@testable import GadgetRender

@Suite struct AtlasBudgetTests {
    /// 12 photos of 1600×1200 (the benchmark board at maxScale 4) on 4096 pages: 2 pages as they are.
    static let photos = Array(repeating: PixelSize(1600, 1200), count: 12)

    @Test func whatFitsIsLeftAlone() {
        let plan = AtlasBudget.standard.plan(sizes: Self.photos, pageSide: 4096)
        #expect(plan.scale == 1 && plan.fits && plan.sizes == Self.photos)
        #expect(plan.bytes == AtlasBudget.pageBytes(AtlasLayout(sizes: Self.photos, pageSide: 4096)))
        #expect(AtlasBudget.warning(plan, budget: .standard) == nil)
    }

    @Test func overTheBudgetEveryImageShrinksByOneFactorUntilThePagesFit() {
        let budget = AtlasBudget(bytes: 32 << 20)
        let plan = budget.plan(sizes: Self.photos, pageSide: 4096)
        #expect(plan.unscaledBytes > budget.bytes)
        #expect(plan.fits && plan.bytes <= budget.bytes)
        #expect(plan.scale < 1 && plan.scale > 0.5)       // 32 MB holds 12 × ~880×660
        // One factor for all: every image keeps its aspect to the pixel.
        for s in plan.sizes { #expect(abs(Double(s.width) / Double(s.height) - 4.0 / 3.0) < 0.01) }
        #expect(Set(plan.sizes).count == 1)
        let line = AtlasBudget.warning(plan, budget: budget) ?? ""
        #expect(line.hasPrefix("atlas would take ") && line.contains("over the budget of 32 MB") && !line.contains("\n"))
    }

    @Test func anAbsurdBudgetNeverTraps() {
        let plan = AtlasBudget(bytes: 16).plan(sizes: Self.photos + [PixelSize(1, 1)], pageSide: 4096)
        #expect(!plan.fits)
        #expect(plan.sizes.allSatisfy { $0.width >= 1 && $0.height >= 1 })
        #expect(AtlasBudget.warning(plan, budget: AtlasBudget(bytes: 16))?.contains("and still") == true)
    }
}
