import Testing
@testable import GadgetCore

/// The page swipe's decisions and its spring, against figures computed by hand.
@Suite struct PageNavigatorTests {
    let pages = [BoardPage(id: "a"), BoardPage(id: "b"), BoardPage(id: "c")]
    /// 1280 px pages, flicks above 50 px/s, the simulation's spring (k = 100, critical).
    func navigator() -> PageNavigator { PageNavigator(pages: pages, width: 1280, flickSpeed: 50) }

    @Test func pastHalfAPageGoesToTheNext() {
        var n = navigator()
        n.beginDrag()
        n.drag(translation: -641)
        #expect(n.offset == 641)
        #expect(n.endDrag(fingerVelocity: 0) == 1)
        #expect(n.current == 1 && n.currentID == "b")
        // The view has not jumped: it is 1280 − 641 px short of page b.
        #expect(n.offset == -639)
        #expect(n.shift(ofPage: 1) == 639)
    }

    @Test func lessThanHalfSpringsBack() {
        var n = navigator()
        n.beginDrag()
        n.drag(translation: -639)
        #expect(n.endDrag(fingerVelocity: -49) == nil)
        #expect(n.current == 0 && n.offset == 639)
    }

    @Test func aFlickTurnsThePageWhateverTheDistance() {
        var n = navigator()
        n.beginDrag()
        n.drag(translation: -30)
        #expect(n.endDrag(fingerVelocity: -51) == 1)
        n.beginDrag()
        n.drag(translation: -30)  // against the flick
        #expect(n.endDrag(fingerVelocity: 400) == 0, "the flick's direction wins")
    }

    @Test func rubberBandAtTheEnds() {
        var n = navigator()
        n.beginDrag()
        n.drag(translation: 640)
        // (1 − 1/(640·0.55/1280 + 1))·1280 = (1 − 1/1.275)·1280 = 276.0784…
        #expect(abs(n.offset - -276.07843137254906) < 1e-9)
        n.drag(translation: 1_000_000)
        #expect(n.offset > -1280, "never a whole page")
        #expect(n.endDrag(fingerVelocity: 5000) == nil, "no page before the first")
        n.show(2, animated: false)
        n.beginDrag()
        n.drag(translation: -200)
        #expect(n.offset > 0 && n.offset < 200)
        #expect(n.endDrag(fingerVelocity: -5000) == nil, "no page after the last")
    }

    @Test func criticallyDampedSpringFollowsTheClosedForm() {
        var n = navigator()
        n.show(1, animated: true)
        #expect(n.offset == -1280 && n.velocity == 0)
        // x(t) = x0·(1 + ω0·t)·e^(−ω0·t), ω0 = 10 /s: at 0.1 s, −1280 · 2 · e^(−1).
        for _ in 0..<12 { n.step(dt: 1.0 / 120) }
        #expect(abs(n.offset - -1280 * 2 * 0.36787944117144233) < 1e-6)
        var last = n.offset
        var steps = 12
        while !n.isSettled && steps < 1200 {
            n.step(dt: 1.0 / 120)
            #expect(n.offset >= last, "critical damping: no overshoot")
            last = n.offset
            steps += 1
        }
        // Within 0.25 px: (1 + 10t)·e^(−10t)·1280 < 0.25 from t ≈ 1.12 s (135 steps).
        #expect(n.isSettled && n.offset == 0)
        #expect(steps > 120 && steps < 150)
    }

    @Test func backReturnsThroughTheHistory() {
        var n = navigator()
        n.show(1, animated: false)
        n.show(2, animated: false)
        #expect(n.history == [0, 1])
        #expect(n.back(animated: false) == 1)
        #expect(n.back(animated: false) == 0)
        #expect(n.back(animated: false) == nil)
        #expect(n.current == 0 && n.history.isEmpty)
    }

    @Test func aDragCatchesAMovingPage() {
        var n = navigator()
        n.show(1, animated: true)
        n.step(dt: 1.0 / 120)
        let caught = n.offset
        n.beginDrag()
        #expect(n.velocity == 0 && n.offset == caught && !n.isSettled)
        n.step(dt: 1.0 / 120)
        #expect(n.offset == caught, "no spring while held")
    }
}
