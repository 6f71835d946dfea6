import Testing
@testable import GadgetCore

/// Conformance rows R1–R2.
@Suite struct RotationGestureRecognizerTests {
    let c = Vector2(400, 300)

    /// The pair's fingers at angle `a` (radians, clockwise) about `c`, 100 px apart.
    func place(_ h: inout ArenaHarness, _ ids: [TouchID], angle a: Double, wait ms: Double = 10) {
        h.wait(ms)
        let d = Vector2(Math.cos(a), Math.sin(a)) * 50
        h.move([(ids[0], c - d), (ids[1], c + d)])
    }

    func harness() -> (ArenaHarness, RecognizerID, [TouchID]) {
        var h = ArenaHarness()
        let id = h.add(RotationGestureRecognizer())
        let ab = h.down(c - Vector2(50, 0), c + Vector2(50, 0))
        return (h, id, ab)
    }

    @Test func r1RadiansSinceRecognitionUnwrapped() {
        var (h, rot, ab) = harness()
        place(&h, ab, angle: 0.05)
        #expect(h.states(rot).isEmpty, "under the 0.1 rad slop")
        place(&h, ab, angle: 0.2)
        #expect(h.states(rot) == [.began])
        #expect(h.lastEvent(rot)?.rotation == 0)
        place(&h, ab, angle: 0.2 + Double.pi / 4)  // a 45° step
        #expect(GT.near(h.lastEvent(rot)?.rotation ?? 0, Double.pi / 4, 1e-12))
        for k in 2...4 { place(&h, ab, angle: 0.2 + Double(k) * Double.pi / 4) }
        #expect(GT.near(h.lastEvent(rot)?.rotation ?? 0, Double.pi, 1e-12), "fingers swapped: π")
        for k in 5...6 { place(&h, ab, angle: 0.2 + Double(k) * Double.pi / 4) }
        #expect(GT.near(h.lastEvent(rot)?.rotation ?? 0, 1.5 * Double.pi, 1e-12), "past π without wrapping to −π/2")
        for k in 7...12 { place(&h, ab, angle: 0.2 + Double(k) * Double.pi / 4) }
        #expect(GT.near(h.lastEvent(rot)?.rotation ?? 0, 3 * Double.pi, 1e-12), "a turn and a half")
        // Back the other way past zero.
        for k in stride(from: 11, through: -4, by: -1) { place(&h, ab, angle: 0.2 + Double(k) * Double.pi / 4) }
        #expect(GT.near(h.lastEvent(rot)?.rotation ?? 0, -Double.pi, 1e-12))
    }

    @Test func r1ASwapInOneFrameReadsPi() {
        var (h, rot, ab) = harness()
        place(&h, ab, angle: 0.2)
        h.wait(10); h.move([(ab[0], h.stream.location(ab[1])!), (ab[1], h.stream.location(ab[0])!)])
        #expect(GT.near(abs(h.lastEvent(rot)?.rotation ?? 0), Double.pi, 1e-12))
    }

    @Test func r2VelocityIsSmoothedLikePinch() {
        var (h, rot, ab) = harness()
        place(&h, ab, angle: 0.2)                  // began
        place(&h, ab, angle: 0.3)                  // 0.1 rad in 10 ms: 10 rad/s → 2.5
        #expect(GT.near(h.lastEvent(rot)?.angularVelocity ?? 0, 2.5, 1e-9))
        place(&h, ab, angle: 0.2, wait: 20)        // −0.1 in 20 ms: −5 rad/s → 0.75·2.5 − 1.25 = 0.625
        #expect(GT.near(h.lastEvent(rot)?.angularVelocity ?? 0, 0.625, 1e-9))
        place(&h, ab, angle: 0.2, wait: 10)        // a frame without change is not an update
        place(&h, ab, angle: 0.25, wait: 10)       // +0.05 over the 20 ms since the last update: 2.5 rad/s
        #expect(GT.near(h.lastEvent(rot)?.angularVelocity ?? 0, 0.75 * 0.625 + 0.25 * 2.5, 1e-9))
        h.up(ab[1])
        #expect(h.states(rot).last == .ended)
    }
}
