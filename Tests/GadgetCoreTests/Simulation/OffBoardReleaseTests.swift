import Testing
@testable import GadgetCore

/// A gadget dragged partly off the board and let go there (the gesture layer keeps only part of
/// it on) goes back on: pushed at up to `contactPushSpeed`, never teleported, and not turned.
@Suite struct OffBoardReleaseTests {
    /// Releases gadget 0 at `center` at rest, steps 3 s, and records the largest per-step move.
    static func releaseAt(_ center: Vector2, size: Size2 = Size2(200, 200), degrees: Double = 0, gravity: Vector2 = .zero) -> (World, maxStep: Double) {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 360), size: size, rotation: degrees)], gravity: gravity))
        w.grab(0)
        var pose = w.poses[0]
        pose.center = center
        w.move(0, to: pose)
        w.release(0, velocity: .zero)
        var maxStep = 0.0
        var last = w.poses[0].center
        Fixture.run(&w, seconds: 3) { w in
            maxStep = max(maxStep, w.poses[0].center.distance(to: last))
            last = w.poses[0].center
        }
        return (w, maxStep)
    }

    /// The case from the issue: 200×200 released at x = 1250 on a 1280-wide board (70 px off).
    @Test func releasedPartlyOffTheRightEdgeIsPushedBackUnturned() {
        let (w, maxStep) = Self.releaseAt(Vector2(1250, 360))
        let onBoard = EdgeBounceTests.isOnBoard(w, 0)
        #expect(onBoard, "center \(w.poses[0].center)")
        #expect(abs(w.poses[0].center.x - 1180) < 1e-9)
        #expect(abs(w.poses[0].center.y - 360) < 1e-6)
        #expect(w.poses[0].rotation == 0, "turned \(w.poses[0].rotation * 180 / Math.pi)°")
        // Pushed, not teleported: no step moves it faster than the push speed allows.
        let limit = SimulationTuning.standard.contactPushSpeed / 120
        #expect(maxStep <= limit * 1.001 + 1e-9, "largest step \(maxStep) px, limit \(limit)")
        #expect(w.motion[0] == .resting)
    }

    /// Every edge and a corner; a turned gadget keeps its angle.
    @Test(arguments: [Vector2(-40, 360), Vector2(640, -60), Vector2(640, 790), Vector2(1300, 760)])
    func everyEdgeAndCorner(center: Vector2) {
        let (w, _) = Self.releaseAt(center, degrees: 20)
        let onBoard = EdgeBounceTests.isOnBoard(w, 0)
        #expect(onBoard, "center \(w.poses[0].center)")
        #expect(abs(w.poses[0].rotation - 20 * Math.pi / 180) < 1e-12)
        #expect(w.motion[0] == .resting)
    }

    /// Flicked off the board while partly off: it still comes back and stays on.
    @Test func flickedOutwardFromPartlyOff() {
        var w = World(board: Fixture.board([Fixture.gadget("g", at: Vector2(640, 360), size: Size2(200, 200))]))
        w.grab(0)
        var pose = w.poses[0]
        pose.center = Vector2(1250, 360)
        w.move(0, to: pose)
        w.release(0, velocity: Vector2(2000, 300))
        Fixture.run(&w, seconds: 3)
        let onBoard = EdgeBounceTests.isOnBoard(w, 0)
        #expect(onBoard, "center \(w.poses[0].center)")
    }

    /// Under gravity too (it then rests on the floor).
    @Test func withGravity() {
        let (w, _) = Self.releaseAt(Vector2(1250, 300), gravity: Vector2(0, 1000))
        let onBoard = EdgeBounceTests.isOnBoard(w, 0, tolerance: 0.5)
        #expect(onBoard, "center \(w.poses[0].center)")
    }
}
