@testable import GadgetCore

/// Range helpers over GadgetCore's seeded generator, so random tests repeat exactly.
extension SplitMix64 {
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}

/// Boards and gadgets for simulation tests.
enum Fixture {
    static func gadget(_ id: String, at center: Vector2, size: Size2 = Size2(100, 100), rotation: Double = 0,
                       configure: (inout GadgetBehavior, inout BodySettings) -> Void = { _, _ in }) -> Gadget {
        var b = GadgetBehavior(), body = BodySettings()
        configure(&b, &body)
        return Gadget(id: id, appearance: .color(.white), center: center, size: size, rotationDegrees: rotation, behavior: b, body: body)
    }

    static func board(_ gadgets: [Gadget], size: Size2 = Size2(1280, 720), gravity: Vector2 = .zero, stepRate: Double = 120) -> Board {
        Board(size: size, gadgets: gadgets, physics: PhysicsSettings(gravity: gravity, stepRate: stepRate))
    }

    /// Steps `world` for `seconds` at its board's step rate.
    static func run(_ world: inout World, seconds: Double, each: (World) -> Void = { _ in }) {
        let dt = 1 / world.board.physics.stepRate
        let steps = Int((seconds / dt).rounded())
        for _ in 0..<steps {
            world.step(dt: dt)
            each(world)
        }
    }

    /// A flick: grab, release with `velocity`.
    static func flick(_ world: inout World, _ i: GadgetIndex, velocity: Vector2, angularVelocity: Double = 0) {
        world.grab(i)
        world.release(i, velocity: velocity, angularVelocity: angularVelocity)
    }
}
