import Testing
@testable import GadgetCore

/// A slide over a set time (a playlist's `"transition": {"type": "slide", "seconds": S}`): eased,
/// at rest exactly when its time is up, whatever the page spring would take.
@Suite struct TimedSlideTests {
    let pages = [BoardPage(id: "a"), BoardPage(id: "b"), BoardPage(id: "c")]
    let dt = 1.0 / 120

    func navigator() -> PageNavigator { PageNavigator(pages: pages, width: 1280, flickSpeed: 50) }

    /// Steps until the pages are at rest; the number of steps taken (at most `limit`).
    func stepsToRest(_ n: inout PageNavigator, limit: Int = 10_000) -> Int {
        var k = 0
        while !n.isSettled && k < limit { n.step(dt: dt); k += 1 }
        return k
    }

    @Test func aTwoSecondSlideTakesTwoSeconds() {
        var n = navigator()
        let changed = n.show(1, animated: true, seconds: 2)
        #expect(changed)
        #expect(n.offset == -1280)
        // Half-way in time is half-way in distance (smoothstep is symmetric), eased at the ends.
        for _ in 0..<120 { n.step(dt: dt) }
        #expect(abs(n.offset - -640) < 1e-6)
        var m = navigator()
        m.show(1, animated: true, seconds: 2)
        m.step(dt: dt)
        #expect(abs(m.offset) > 1279, "eased in: the first step moves less than a linear slide would (\(m.offset))")
        #expect(stepsToRest(&n) == 120, "at rest exactly at 2 s")
        #expect(n.offset == 0 && n.velocity == 0 && n.current == 1)
    }

    @Test func theSecondsSetTheLengthNotTheSpring() {
        var spring = navigator()
        spring.show(1, animated: true)
        let springSteps = stepsToRest(&spring)
        var short = navigator(), long = navigator()
        short.show(1, animated: true, seconds: 0.25)
        long.show(1, animated: true, seconds: 3)
        #expect(stepsToRest(&short) == 30)
        #expect(stepsToRest(&long) == 360)
        #expect(springSteps != 30 && springSteps != 360)
    }

    @Test func aFingerCatchesATimedSlide() {
        var n = navigator()
        n.show(2, animated: true, seconds: 1)
        for _ in 0..<30 { n.step(dt: dt) }
        n.beginDrag()
        let caught = n.offset
        n.step(dt: dt)
        #expect(n.offset == caught, "held by the finger, the slide stops")
        n.cancelDrag()
        // Released: the page spring takes it home.
        #expect(stepsToRest(&n) < 10_000 && n.offset == 0)
    }

    @Test func noSecondsOrZeroIsTheSpringOrACut() {
        var n = navigator()
        n.show(1, animated: true, seconds: 0)
        var spring = navigator()
        spring.show(1, animated: true)
        #expect(stepsToRest(&n) == stepsToRest(&spring))
        var cut = navigator()
        cut.show(1, animated: false, seconds: 2)
        #expect(cut.isSettled)
    }
}
