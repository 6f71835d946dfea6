import Testing
@testable import GadgetCore

/// Bodies at the edges of what a board may say: sizes only need to be positive, so a gadget can
/// be thinner than a double's smallest normal number or wider than the canvas by 1e300.
@Suite struct DegenerateBodyTests {
    /// Found by Fuzz/run.sh board: a 100 × 4e-322 px gadget flicked into another. Its mass was
    /// subnormal, 1/mass overflowed to infinity and the contact solver's impulses became NaN,
    /// so the gadget (and what it hit) left the screen for good.
    @Test func subnormalSliverCollidesWithoutNaN() {
        let sliver = Fixture.gadget("sliver", at: Vector2(300, 300), size: Size2(100, 405e-324), rotation: -80)
        let block = Fixture.gadget("block", at: Vector2(420, 300), size: Size2(80, 60))
        var world = World(board: Fixture.board([block, sliver]))
        Fixture.flick(&world, 1, velocity: Vector2(3000, 400), angularVelocity: 5)
        Fixture.flick(&world, 0, velocity: Vector2(-2000, 0))
        var steps = 0, firstNonFinite: Int?
        Fixture.run(&world, seconds: 1.5) { w in
            steps += 1
            if firstNonFinite == nil, !w.poses.allSatisfy({ $0.center.x.isFinite && $0.center.y.isFinite && $0.rotation.isFinite }) {
                firstNonFinite = steps
            }
        }
        #expect(firstNonFinite == nil)
        // The sliver did hit the block and push it: the contact is solved, not skipped.
        #expect(world.poses[0].center.x > 420)
    }

    /// The decoded crash input itself, through a session with the fuzzer's drag and fling.
    @Test func fuzzerBoardStaysFinite() throws {
        let json = """
        {"size": [342, 200], "gadgets": [
          {"id": "red", "color": "#ff0400", "center": [60, 50], "size": [80, 60]},
          {"id": "green", "color": "#00ff00", "center": [160, 100], "size": [60, 60], "rotation": 30},
          {"id": "disc", "color": "#ffffff", "center": [250, 150], "size": [64, 64], "rotation": 45},
          {"id": "blue", "color": "#0000ff80", "center": [35, 150], "size": [100, 405e-324], "rotation": -80}]}
        """
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        var session = BoardSession(board: board, startTime: 0)
        let start = Vector2(35, 150)
        let a = TouchID(device: 1, tracking: 1), b = TouchID(device: 1, tracking: 2)
        var t: Microseconds = 10_000
        func frame(_ touches: [(TouchID, TouchPhase, Vector2)]) {
            _ = session.apply(TouchFrame(time: t, touches: touches.map { Touch(id: $0.0, phase: $0.1, location: $0.2, time: t) }))
            t += 8_000
        }
        frame([(a, .began, start)])
        frame([(a, .moved, start + Vector2(30, 0)), (b, .began, start + Vector2(0, 40))])
        for i in 1...6 {
            let d = Double(i)
            frame([(a, .moved, start + Vector2(30 + 40 * d, 10 * d)), (b, .moved, start + Vector2(-5 * d, 40 + 12 * d))])
        }
        frame([(a, .ended, start + Vector2(300, 60)), (b, .ended, start + Vector2(-30, 112))])
        _ = session.advance(to: t + 1_500_000)
        for s in session.reportStates() {
            #expect(s.center.x.isFinite && s.center.y.isFinite && s.rotationDegrees.isFinite, "\(s.id)")
        }
    }
}
