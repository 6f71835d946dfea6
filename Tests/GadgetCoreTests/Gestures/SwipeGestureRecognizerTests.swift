import Testing
@testable import GadgetCore

/// Conformance rows S1–S6.
@Suite struct SwipeGestureRecognizerTests {
    let p = Vector2(300, 300)

    func harness(_ direction: SwipeDirection = .right, touches: Int = 1) -> (ArenaHarness, RecognizerID) {
        var h = ArenaHarness()
        let id = h.add(SwipeGestureRecognizer(direction: direction, touches: touches))
        return (h, id)
    }

    /// Moves every touch by `step` per frame, `frameMs` apart, `frames` times.
    func stroke(_ h: inout ArenaHarness, _ ids: [TouchID], step: Vector2, frames: Int, frameMs: Double = 10) {
        for _ in 0..<frames {
            h.wait(frameMs)
            h.move(ids.map { ($0, h.stream.location($0)! + step) })
        }
    }

    @Test func s1DefaultsAreRightOneTouchDiscrete() {
        let s = SwipeGestureRecognizer()
        #expect(s.direction == .right)
        #expect(s.numberOfTouchesRequired == 1)
        #expect(s.core.isDiscrete)
        var (h, swipe) = harness()
        let a = h.down(p)[0]
        stroke(&h, [a], step: Vector2(20, 0), frames: 3)
        #expect(h.states(swipe) == [.recognized])
        #expect(h.lastEvent(swipe)?.direction == "right")
        #expect(h.lastEvent(swipe)?.location == p, "where the swipe began")
        h.up(a)
        #expect(h.states(swipe) == [.recognized], "once")
    }

    @Test func s2DistanceAndPrecisionRuleFallsWithTime() {
        let s = SwipeGestureRecognizer()
        #expect(GT.near(s.requiredPrimary(after: 0), 50) && GT.near(s.allowedSecondary(after: 0), 50))
        #expect(GT.near(s.requiredPrimary(after: 0.5), 26.5) && GT.near(s.allowedSecondary(after: 0.5), 25.5))
        #expect(GT.near(s.requiredPrimary(after: 2), 26.5), "clamped at 0.5 s")

        // Fast: 60 px in 30 ms recognizes (needs 48.6 then).
        var (h, swipe) = harness()
        let a = h.down(p)[0]
        stroke(&h, [a], step: Vector2(20, 0), frames: 2)
        #expect(h.states(swipe).isEmpty, "40 px at 20 ms is short of 49.1")
        stroke(&h, [a], step: Vector2(20, 0), frames: 1)
        #expect(h.states(swipe) == [.recognized])

        // Slow: 3 px per 17 ms (176 px/s) is recognized well short of 50 px: at t, 176·t ≥ 50·(1 − 0.94·t).
        var (h2, swipe2) = harness()
        let b = h2.down(p)[0]
        var frames = 0
        while h2.states(swipe2).isEmpty && frames < 40 { stroke(&h2, [b], step: Vector2(3, 0), frames: 1, frameMs: 17); frames += 1 }
        let travelled = h2.stream.location(b)!.x - p.x
        let t = h2.time.seconds
        #expect(h2.states(swipe2) == [.recognized])
        #expect(travelled < 50 && travelled >= 50 * (1 - 0.94 * t), "\(travelled) px at \(t) s")
        #expect(travelled - 3 < 50 * (1 - 0.94 * (t - 0.017)), "not a frame earlier")

        // Secondary: 30 px sideways is allowed at 0.4 s (30.4) and fails by 0.45 s (27.95).
        var (h3, swipe3) = harness()
        let c = h3.down(p)[0]
        h3.wait(400); h3.move(c, by: Vector2(5, 30))
        #expect(h3.arena.recognizer(swipe3).state == .possible)
        h3.wait(50); h3.move(c, by: Vector2(1, 0))
        #expect(h3.arena.recognizer(swipe3).state == .failed)
        #expect(h3.states(swipe3).isEmpty)
    }

    @Test func s3StillPossibleAfterHalfASecondFails() {
        var (h, swipe) = harness()
        let a = h.down(p)[0]
        h.wait(100); h.move(a, by: Vector2(5, 0))
        h.wait(400)
        #expect(h.arena.recognizer(swipe).state == .possible)
        h.wait(1)
        #expect(h.arena.recognizer(swipe).state == .failed)
        stroke(&h, [a], step: Vector2(30, 0), frames: 3)
        #expect(h.states(swipe).isEmpty, "too late")
    }

    @Test func s4MovementAgainstTheDirectionFails() {
        var (h, swipe) = harness()
        let a = h.down(p)[0]
        h.wait(20); h.move(a, by: Vector2(-11, 0))
        #expect(h.arena.recognizer(swipe).state == .failed)

        var (h2, swipe2) = harness()
        let b = h2.down(p)[0]
        h2.wait(20); h2.move(b, by: Vector2(-9, 0))
        stroke(&h2, [b], step: Vector2(30, 0), frames: 3)
        #expect(h2.states(swipe2) == [.recognized])
    }

    @Test func s5EveryTouchMustQualifyAndALiftFails() {
        var (h, swipe) = harness(.down, touches: 2)
        let ab = h.down(p, p + Vector2(60, 0))
        stroke(&h, ab, step: Vector2(0, 25), frames: 3)
        #expect(h.states(swipe) == [.recognized])
        #expect(h.lastEvent(swipe)?.location == p + Vector2(30, 0))
        #expect(h.lastEvent(swipe)?.touches == 2)

        var (h2, swipe2) = harness(.down, touches: 2)
        let cd = h2.down(p, p + Vector2(60, 0))
        stroke(&h2, [cd[0]], step: Vector2(0, 25), frames: 3)
        #expect(h2.states(swipe2).isEmpty, "one finger of two moved")

        var (h3, swipe3) = harness(.down, touches: 2)
        let ef = h3.down(p, p + Vector2(60, 0))
        stroke(&h3, ef, step: Vector2(0, 15), frames: 1)
        h3.up(ef[1])
        #expect(h3.arena.recognizer(swipe3).state == .failed, "a lift before success")
        stroke(&h3, [ef[0]], step: Vector2(0, 30), frames: 2)
        #expect(h3.states(swipe3).isEmpty)

        var (h4, swipe4) = harness(.down, touches: 1)
        _ = h4.down(p, p + Vector2(60, 0))
        #expect(h4.arena.recognizer(swipe4).state == .failed, "more touches than required")
    }

    @Test func s6DirectionIsABitSet() {
        #expect([SwipeDirection.right.rawValue, SwipeDirection.left.rawValue, SwipeDirection.up.rawValue, SwipeDirection.down.rawValue] == [1, 2, 4, 8])
        for (step, name) in [(Vector2(25, 0), "right"), (Vector2(-25, 0), "left")] {
            var (h, swipe) = harness([.left, .right])
            let a = h.down(p)[0]
            stroke(&h, [a], step: step, frames: 3)
            #expect(h.states(swipe) == [.recognized])
            #expect(h.lastEvent(swipe)?.direction == name)
        }
        var (h, swipe) = harness(.up)
        let a = h.down(p)[0]
        stroke(&h, [a], step: Vector2(25, 0), frames: 3)
        #expect(h.states(swipe).isEmpty, "right is not up")
        #expect(h.arena.recognizer(swipe).state == .failed, "the secondary limit rules sideways strokes out")
    }
}
