import Testing
@testable import GadgetCore

/// Accelerometer → gravity direction, from synthetic evdev streams.
@Suite struct AccelerometerGravityTests {
    /// A ±2 g accelerometer reporting 512 units per g (a typical input-subsystem part).
    static let axis = AccelerometerGravity.Axis(minimum: -1024, maximum: 1023, resolution: 512)

    static func sensor(rotation: DisplayRotation = .none, initial: Vector2 = Vector2(0, 1000)) -> AccelerometerGravity {
        AccelerometerGravity(x: axis, y: axis, z: axis, rotation: rotation, initial: initial, smoothing: 0)
    }

    /// One reading (in g) as the kernel sends it: three ABS events and a SYN_REPORT.
    static func reading(_ x: Double, _ y: Double, _ z: Double, at t: Microseconds) -> [InputEvent] {
        [InputEvent(time: t, type: EV.abs, code: EV.absX, value: Int32((x * 512).rounded())),
         InputEvent(time: t, type: EV.abs, code: EV.absY, value: Int32((y * 512).rounded())),
         InputEvent(time: t, type: EV.abs, code: EV.absZ, value: Int32((z * 512).rounded())),
         InputEvent(time: t, type: EV.syn, code: EV.synReport, value: 0)]
    }

    static func feed(_ s: inout AccelerometerGravity, _ events: [InputEvent]) -> Vector2? {
        var out: Vector2?
        for e in events { if let g = s.handle(e) { out = g } }
        return out
    }

    /// Upright: down the screen. Reading +x (its left edge down): to the left; −x: to the
    /// right. Upside down: up. The magnitude stays the board's.
    @Test func directionFollowsTheTilt() {
        var s = Self.sensor()
        #expect(Self.feed(&s, Self.reading(0, 1, 0, at: 0)) == nil)  // as initial: straight down
        let left = Self.feed(&s, Self.reading(1, 0, 0, at: 10_000))
        #expect(left.map { abs($0.x + 1000) < 1e-9 && abs($0.y) < 1e-9 } == true)
        let right = Self.feed(&s, Self.reading(-1, 0, 0, at: 20_000))
        #expect(right.map { abs($0.x - 1000) < 1e-9 && abs($0.y) < 1e-9 } == true)
        let up = Self.feed(&s, Self.reading(0, -1, 0, at: 30_000))
        #expect(up.map { abs($0.x) < 1e-9 && abs($0.y + 1000) < 1e-9 } == true)
        // Right edge down by 30° (reading −sin 30°, cos 30°), and leaning back a little.
        let tilted = Self.feed(&s, Self.reading(-0.5, 0.866, 0.2, at: 40_000))
        #expect(tilted.map { abs($0.length - 1000) < 1e-9 && abs(Math.degrees($0.angle) - 60) < 0.1 } == true)
    }

    /// The board drawn turned 90° clockwise: the panel's "down" is the board's +x.
    @Test func displayRotationTurnsTheDirection() {
        var s = Self.sensor(rotation: .quarter)
        let g = Self.feed(&s, Self.reading(0.3, 0.95, 0, at: 0))
        // Screen gravity (−0.3, 0.95) turned back 90°: (0.95, 0.3).
        // (Quantised to 1/512 g, hence the tolerance.)
        #expect(g.map { abs($0.normalized.x - 0.95 / (0.95 * 0.95 + 0.09).squareRoot()) < 1e-3 && $0.y > 0 } == true)
        var h = Self.sensor(rotation: .half)
        let g2 = Self.feed(&h, Self.reading(-1, 0, 0, at: 0))
        #expect(g2.map { abs($0.x + 1000) < 1e-9 } == true)
    }

    /// Lying flat the in-plane part is noise: the direction is kept.
    @Test func flatKeepsTheLastDirection() {
        var s = Self.sensor()
        _ = Self.feed(&s, Self.reading(-1, 0, 0, at: 0))
        #expect(Self.feed(&s, Self.reading(0.05, -0.1, 0.99, at: 10_000)) == nil)
        #expect(abs(s.gravity.x - 1000) < 1e-9)
    }

    /// Changes under a degree are not reported (so noise does not wake resting gadgets).
    @Test func smallTurnsAreIgnored() {
        var s = Self.sensor()
        #expect(Self.feed(&s, Self.reading(0.01, 1, 0, at: 0)) == nil)  // 0.6° from straight down
        #expect(Self.feed(&s, Self.reading(0.05, 1, 0, at: 10_000)) != nil)  // 2.9°
    }

    /// The low-pass filter follows a step with its time constant (63 % after τ), by event time.
    @Test func smoothingUsesEventTime() {
        var s = AccelerometerGravity(x: Self.axis, y: Self.axis, z: Self.axis, rotation: .none, initial: Vector2(0, 1000), smoothing: 100_000, minimumTurn: 0)
        _ = Self.feed(&s, Self.reading(0, 1, 0, at: 0))
        let g = Self.feed(&s, Self.reading(-1, 0, 0, at: 100_000))
        // Filtered reading (−0.632, 0.368): gravity at atan2(0.368, 0.632) ≈ 30.2°.
        #expect(g.map { abs(Math.degrees($0.angle) - Math.degrees(Math.atan2(Math.exp(-1), 1 - Math.exp(-1)))) < 0.01 } == true)
    }

    /// Without a resolution the range's half-width is the unit; a mount matrix swaps axes.
    @Test func rangeNormalisationAndMountMatrix() {
        let raw = AccelerometerGravity.Axis(minimum: 0, maximum: 4095)
        // Mount matrix swapping x and y, as udev's ACCEL_MOUNT_MATRIX=0, 1, 0; 1, 0, 0; 0, 0, 1.
        var s = AccelerometerGravity(x: raw, y: raw, z: raw, rotation: .none, initial: .zero, mountMatrix: [0, 1, 0, 1, 0, 0, 0, 0, 1], smoothing: 0)
        #expect(s.magnitude == 1000)  // board gravity zero: UIKit's magnitude
        // Mid-range is zero: device (0, −1, 0) in g-halfranges.
        let events = [InputEvent(time: 0, type: EV.abs, code: EV.absX, value: 2047), InputEvent(time: 0, type: EV.abs, code: EV.absY, value: 0),
                      InputEvent(time: 0, type: EV.abs, code: EV.absZ, value: 2047), InputEvent(time: 0, type: EV.syn, code: EV.synReport, value: 0)]
        // Device y = −1 → mounted x = −1 → gravity to the right.
        let g = Self.feed(&s, events)
        #expect(g.map { abs($0.x - 1000) < 1e-3 && abs($0.y) < 1 } == true)
    }

    /// End to end: tilting the panel makes a resting gadget slide the new way.
    @Test func tiltingMovesGadgets() {
        var w = World(board: Fixture.board([Fixture.gadget("box", at: Vector2(640, 670)) { _, b in b.elasticity = 0 }], gravity: Vector2(0, 1000)))
        var s = Self.sensor()
        Fixture.run(&w, seconds: 1)
        #expect(w.isAtRest)
        var t: Microseconds = 1_000_000
        for k in 0...30 {
            // Right edge going down to 30°.
            let a = Math.radians(Double(k))
            if let g = Self.feed(&s, Self.reading(-Math.sin(a), Math.cos(a), 0, at: t)) { w.setGravity(g) }
            w.step(dt: 1.0 / 120)
            t += 8_333
        }
        Fixture.run(&w, seconds: 2)
        #expect(w.poses[0].center.x > 1000)
    }
}
