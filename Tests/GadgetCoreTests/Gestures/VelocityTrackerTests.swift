import Testing
@testable import GadgetCore

/// The velocity estimator of P4, P5, P9: least squares over 100 ms / 20 samples, stop after 40 ms.
@Suite struct VelocityTrackerTests {
    @Test func fitsAQuadraticExactlyAndReportsTheSlopeAtTheNewestSample() {
        var v = VelocityTracker()
        // x = 2 + 3t + 0.5t² (t in ms): slope at t = 40 ms is 3 + 40 = 43 px/ms.
        for t in stride(from: 0.0, through: 40, by: 8) {
            v.add(Vector2(2 + 3 * t + 0.5 * t * t, -t), at: Microseconds(t * 1000))
        }
        let est = v.velocity()
        #expect(abs(est.x - 43_000) < 1e-6 * 43_000)
        #expect(abs(est.y + 1000) < 1e-6)
    }

    @Test func usesOnlyTheLastHundredMilliseconds() {
        var v = VelocityTracker()
        var x = 0.0
        // 300 ms at 200 px/s, then 100 ms at 1000 px/s, one sample per 10 ms.
        for k in 1...30 { x += 2; v.add(Vector2(x, 0), at: Microseconds(k * 10_000)) }
        for k in 31...40 { x += 10; v.add(Vector2(x, 0), at: Microseconds(k * 10_000)) }
        #expect(abs(v.velocity().x - 1000) < 1e-6, "the 200 px/s part is older than 100 ms")
    }

    @Test func usesAtMostTwentySamples() {
        var v = VelocityTracker()
        var x = 0.0
        // 1 kHz samples: 80 at 1000 px/s then 20 at 500 px/s, all within 100 ms.
        for k in 1...80 { x += 1; v.add(Vector2(x, 0), at: Microseconds(k * 1000)) }
        for k in 81...100 { x += 0.5; v.add(Vector2(x, 0), at: Microseconds(k * 1000)) }
        #expect(v.samples.count == 20)
        #expect(abs(v.velocity().x - 500) < 1e-6)
    }

    @Test func aGapLongerThanFortyMillisecondsCutsTheRunAndStaleSamplesGiveZero() {
        var v = VelocityTracker()
        v.add(Vector2(0, 0), at: 0)
        v.add(Vector2(100, 0), at: 10_000)   // fast
        v.add(Vector2(100, 0), at: 60_000)   // 50 ms gap: the finger stopped
        v.add(Vector2(101, 0), at: 70_000)
        v.add(Vector2(102, 0), at: 80_000)
        #expect(abs(v.velocity().x - 100) < 1e-6, "only the three samples after the gap")
        #expect(abs(v.velocity(at: 120_000).x - 100) < 1e-6, "40 ms after the newest sample: still moving")
        #expect(v.velocity(at: 120_001) == .zero, "more than 40 ms after the newest sample")
    }

    @Test func fewerThanThreeSamplesGiveZero() {
        var v = VelocityTracker()
        v.add(Vector2(0, 0), at: 0)
        v.add(Vector2(10, 0), at: 10_000)
        #expect(v.velocity() == .zero)
        v.add(Vector2(20, 0), at: 20_000)
        #expect(abs(v.velocity().x - 1000) < 1e-6)
    }

    @Test func aSampleAtTheSameMicrosecondReplacesTheNewest() {
        var v = VelocityTracker()
        for k in 0...3 { v.add(Vector2(Double(k) * 10, 0), at: Microseconds(k * 10_000)) }
        v.add(Vector2(30, 0), at: 30_000)
        v.add(Vector2(5, 0), at: 20_000)  // older: ignored
        #expect(v.samples.count == 4)
        #expect(abs(v.velocity().x - 1000) < 1e-6)
    }

    @Test func p9SixtyHertzSpacingKeepsAtLeastThreeSamplesInTheHorizon() {
        for spacing in [17_000, 19_000, 21_000] as [Microseconds] {
            var v = VelocityTracker()
            for k in 0..<10 { v.add(Vector2(Double(k) * 0.6 * Double(spacing) / 1000, 0), at: Microseconds(k) * spacing) }
            let inHorizon = v.samples.filter { v.samples.last!.time - $0.time <= 100_000 }.count
            #expect(inHorizon >= 3)
            #expect(abs(v.velocity().x - 600) < 1e-6)
        }
    }

    @Test func leastSquaresSolverRejectsUnderdeterminedFits() {
        #expect(LeastSquaresSolver.fit(x: [1, 2], y: [1, 2], weights: [1, 1], degree: 2) == nil)
        #expect(LeastSquaresSolver.fit(x: [1, 1, 1], y: [1, 2, 3], weights: [1, 1, 1], degree: 2) == nil, "all x equal")
        let c = LeastSquaresSolver.fit(x: [0, 1, 2, 3], y: [1, 3, 5, 7], weights: [1, 1, 1, 1], degree: 1)
        #expect(c.map { abs($0[0] - 1) < 1e-12 && abs($0[1] - 2) < 1e-12 } == true)
    }
}
