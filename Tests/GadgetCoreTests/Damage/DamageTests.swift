import Testing
@testable import GadgetCore

@Suite struct DamageTrackerTests {
    typealias Item = DamageTracker<Int>.Item
    let screen = PixelRect(x: 0, y: 0, width: 1920, height: 1080)

    @Test func theFirstFrameAndAnyChangeOfShapeDamageEverything() {
        var t = DamageTracker<Int>()
        let a = [Item(bounds: PixelRect(x: 10, y: 10, width: 50, height: 50), look: 1)]
        #expect(t.damage(a, screen: screen) == .full)
        #expect(t.damage(a, screen: screen) == .none)
        #expect(t.damage(a + a, screen: screen) == .full)  // a gadget more: a reload
        #expect(t.damage(a + a, screen: screen) == .none)
        #expect(t.damage(a + a, screen: PixelRect(x: 0, y: 0, width: 800, height: 480)) == .full)  // a new display
        #expect(t.damage(a + a, screen: PixelRect(x: 0, y: 0, width: 800, height: 480), invalidate: true) == .full)
    }

    /// A moved thing damages where it was and where it is; a thing that only turned (same
    /// bounds) still damages its bounds.
    @Test func aChangedThingDamagesItsOldAndNewPlace() {
        var t = DamageTracker<Int>()
        let still = Item(bounds: PixelRect(x: 500, y: 500, width: 10, height: 10), look: 7)
        _ = t.damage([Item(bounds: PixelRect(x: 0, y: 0, width: 10, height: 10), look: 1), still], screen: screen)
        #expect(t.damage([Item(bounds: PixelRect(x: 5, y: 0, width: 10, height: 10), look: 1), still], screen: screen)
                == .rects([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 0, width: 10, height: 10)]))
        #expect(t.damage([Item(bounds: PixelRect(x: 5, y: 0, width: 10, height: 10), look: 2), still], screen: screen)
                == .rects([PixelRect(x: 5, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 0, width: 10, height: 10)]))
    }
}

@Suite struct DamagePolicyTests {
    let screen = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
    let policy = DamagePolicy()

    @Test func overlappingRectsMergeAndFarOnesStaySeparate() {
        let a = PixelRect(x: 0, y: 0, width: 200, height: 200), b = PixelRect(x: 100, y: 100, width: 200, height: 200)
        let far = PixelRect(x: 1500, y: 800, width: 200, height: 200)
        #expect(policy.simplify(.rects([a, b]), screen: screen) == .rects([PixelRect(x: 0, y: 0, width: 300, height: 300)]))
        #expect(policy.simplify(.rects([a, far]), screen: screen) == .rects([a, far]))
    }

    @Test func nothingOffScreenAndNothingEmptyIsDrawn() {
        #expect(policy.simplify(.rects([PixelRect(x: -500, y: -500, width: 100, height: 100)]), screen: screen) == .none)
        #expect(policy.simplify(.rects([]), screen: screen) == .none)
        #expect(policy.simplify(.rects([PixelRect(x: -50, y: -50, width: 100, height: 100)]), screen: screen)
                == .rects([PixelRect(x: 0, y: 0, width: 50, height: 50)]))
    }

    @Test func mostOfTheScreenIsDrawnInFull() {
        #expect(policy.simplify(.rects([PixelRect(x: 0, y: 0, width: 1800, height: 1000)]), screen: screen) == .full)
        #expect(policy.simplify(.full, screen: screen) == .full)
    }

    @Test func atMostMaximumRectsPasses() {
        let corners = [PixelRect(x: 0, y: 0, width: 100, height: 100), PixelRect(x: 1800, y: 0, width: 100, height: 100),
                       PixelRect(x: 0, y: 950, width: 100, height: 100), PixelRect(x: 1800, y: 950, width: 100, height: 100),
                       PixelRect(x: 900, y: 500, width: 100, height: 100), PixelRect(x: 900, y: 100, width: 100, height: 100)]
        guard case .rects(let rects) = policy.simplify(.rects(corners), screen: screen) else { Issue.record("drew in full"); return }
        #expect(rects.count <= policy.maximumRects)
        // Every damaged pixel is still drawn.
        for c in corners { #expect(rects.contains { $0.contains(c) }) }
    }
}

@Suite struct DamageHistoryTests {
    let a = RedrawRegion.rects([PixelRect(x: 0, y: 0, width: 10, height: 10)])
    let b = RedrawRegion.rects([PixelRect(x: 20, y: 0, width: 10, height: 10)])
    let c = RedrawRegion.rects([PixelRect(x: 40, y: 0, width: 10, height: 10)])

    /// A buffer n frames old misses the n − 1 frames since it was shown, plus this one.
    @Test func aBufferIsRepairedByTheDamageSinceItWasShown() {
        var h = DamageHistory(capacity: 3)
        #expect(h.repair(bufferAge: 1, current: a) == a)  // the previous frame is in the buffer
        #expect(h.repair(bufferAge: 2, current: a) == .full)  // a frame before any recorded one
        h.record(a); h.record(b)
        #expect(h.repair(bufferAge: 1, current: c) == c)
        #expect(h.repair(bufferAge: 2, current: c) == c.union(b))
        #expect(h.repair(bufferAge: 3, current: c) == c.union(b).union(a))
        #expect(h.repair(bufferAge: 4, current: c) == .full)  // older than what is remembered
        #expect(h.repair(bufferAge: 0, current: c) == .full)  // unknown
        h.record(.full)
        #expect(h.repair(bufferAge: 2, current: c) == .full)
        h.reset()
        #expect(h.repair(bufferAge: 2, current: c) == .full)
    }
}

@Suite struct PixelRectTests {
    @Test func coveringRoundsOutward() {
        #expect(PixelRect.covering([Vector2(0.5, 0.5), Vector2(10.2, 3.9)]) == PixelRect(x: 0, y: 0, width: 11, height: 4))
        #expect(PixelRect.covering([Vector2(.nan, 0)]).isEmpty)
        #expect(PixelRect.covering([Vector2(1e300, 0), Vector2(-1e300, 5)]).width == 20_000_000)
    }
}
