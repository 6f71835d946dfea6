import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// Damage tracking's correctness: every frame of long sequences (drags, flicks, springs,
/// collisions, a pinch, a reload, the HUD, a rotated display) is drawn with damage tracking and,
/// off screen, in full, and the two must be identical pixel for pixel (`--verify-damage`), for
/// swap chains 1, 2 and 3 buffers deep (buffer ages 1, 2 and 3). And damage tracking must really
/// have saved drawing, so this cannot pass by drawing everything.
@Suite(.serialized) struct DamageIdentityTests {
    struct Outcome { var frames: Int; var mismatched: Int; var redrawn: Double }

    /// Runs the demo board through a scripted session at 60 frames a second of simulated time.
    func run(buffers: Int, hud: Bool, rotation: DisplayRotation? = nil) throws -> Outcome {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.hud = hud
        o.rotation = rotation
        o.verifyDamage = true
        guard case .success(let loaded) = DemoBoard.load() else { Issue.record("demo board"); return Outcome(frames: 0, mismatched: 0, redrawn: 1) }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let size = rotation?.isQuarterTurn == true ? PixelSize(360, 640) : PixelSize(640, 360)
        let display = try HeadlessDisplay(size: size, buffers: buffers)
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: display)
        defer { loop.destroy() }
        let board = loaded.board
        // The session's clock starts at the loop's start (the real monotonic time); a clock of
        // its own starting earlier would draw every frame before the session's time, and no
        // physics would step until the reload.
        var now = loop.startTime
        func frame() throws { now += 16_667; try loop.drawFrame(now: now) }
        func pose(_ i: Int) -> GadgetPose { loop.live.session.world.poses[i] }
        func touching(_ i: Int) -> Bool { loop.live.session.world.contactCache.keys.contains { $0.a == Int32(i) || $0.b == Int32(i) } }
        func touch(_ id: Int, _ phase: TouchPhase, _ p: Vector2) -> Touch {
            Touch(id: TouchID(device: 1, tracking: id), phase: phase, location: p, time: now)
        }
        try frame(); try frame()
        // A slow drag of the first photo across two others, then let go (inertia, collisions).
        var p = board.gadgets[0].center
        loop.input.deliver(TouchFrame(time: now, touches: [touch(1, .began, p)]))
        for _ in 0..<40 { p = p + Vector2(9, 2); loop.input.deliver(TouchFrame(time: now, touches: [touch(1, .moved, p)])); try frame() }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(1, .ended, p)]))
        for _ in 0..<30 { try frame() }
        // A flick of a disc into the others.
        var d = board.gadgets[5].center
        loop.input.deliver(TouchFrame(time: now, touches: [touch(2, .began, d)]))
        for _ in 0..<4 { d = d + Vector2(40, -25); loop.input.deliver(TouchFrame(time: now, touches: [touch(2, .moved, d)])); try frame() }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(2, .ended, d)]))
        let released = pose(5).center
        var collided = false
        for _ in 0..<40 { try frame(); collided = collided || touching(5) }
        // The flick flew on after the finger left, and hit something on the way.
        #expect((pose(5).center - released).length > 20, "the flicked disc moved on from \(released) to \(pose(5).center)")
        #expect(collided, "the flicked disc collided")
        // The placard dragged away springs home.
        var q = board.gadgets[9].center
        loop.input.deliver(TouchFrame(time: now, touches: [touch(3, .began, q)]))
        for _ in 0..<10 { q = q + Vector2(-12, -15); loop.input.deliver(TouchFrame(time: now, touches: [touch(3, .moved, q)])); try frame() }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(3, .ended, q)]))
        let home = board.gadgets[9].center, away = (pose(9).center - home).length
        for _ in 0..<40 { try frame() }
        // The spring pulled the placard most of the way home.
        #expect(away > 100 && (pose(9).center - home).length < away / 4,
                "the placard was \(away) from home when let go and \((pose(9).center - home).length) after the spring")
        // A pinch and turn of the note with two fingers.
        let c = board.gadgets[4].center
        var a = c + Vector2(-30, 0), b = c + Vector2(30, 0)
        loop.input.deliver(TouchFrame(time: now, touches: [touch(4, .began, a), touch(5, .began, b)]))
        for _ in 0..<12 {
            a = a + Vector2(-3, 2); b = b + Vector2(3, -2)
            loop.input.deliver(TouchFrame(time: now, touches: [touch(4, .moved, a), touch(5, .moved, b)])); try frame()
        }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(4, .ended, a), touch(5, .ended, b)]))
        for _ in 0..<20 { try frame() }
        // The note's text changed live (a control command): only its region is redrawn.
        try loop.live.setText("To do\n• tea\n• ship it!", forGadget: "note")
        for _ in 0..<3 { try frame() }
        // A photo pinched larger, its caption re-rasterised at that zoom once it settles.
        let m = board.gadgets[1].center
        var e = m + Vector2(-20, 0), f = m + Vector2(20, 0)
        loop.input.deliver(TouchFrame(time: now, touches: [touch(7, .began, e), touch(8, .began, f)]))
        for _ in 0..<10 {
            e = e + Vector2(-4, 0); f = f + Vector2(4, 0)
            loop.input.deliver(TouchFrame(time: now, touches: [touch(7, .moved, e), touch(8, .moved, f)])); try frame()
        }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(7, .ended, e), touch(8, .ended, f)]))
        for _ in 0..<10 { try frame() }
        // (What `sharpenSettledText` decides once the session is idle; the glide would take
        // hundreds of verified frames to end.)
        #expect(loop.scene.textNeedsSharpening(poses: loop.session.renderPoses(), board: loop.live.board))
        loop.live.textSharpeningDue = true
        for _ in 0..<3 { try frame() }
        #expect(loop.scene.contentRevisions[1] > 0)   // the caption was drawn again at its zoom
        // A reload: a new scene, drawn whole, then small changes again.
        loop.live.reload(reason: "SIGHUP", now: now)
        try loop.live.awaitLoad(now: now)
        for _ in 0..<3 { try frame() }
        var r = board.gadgets[2].center
        loop.input.deliver(TouchFrame(time: now, touches: [touch(6, .began, r)]))
        for _ in 0..<10 { r = r + Vector2(0, 6); loop.input.deliver(TouchFrame(time: now, touches: [touch(6, .moved, r)])); try frame() }
        loop.input.deliver(TouchFrame(time: now, touches: [touch(6, .ended, r)]))
        for _ in 0..<10 { try frame() }
        let verifier = try #require(loop.drawer.verifier)
        return Outcome(frames: verifier.frames, mismatched: verifier.mismatchedFrames, redrawn: loop.pacing.stats.redrawnFraction)
    }

    @Test(arguments: [1, 2, 3]) func everyFrameEqualsAFullRedraw(buffers: Int) throws {
        let outcome = try run(buffers: buffers, hud: false)
        #expect(outcome.frames > 200)
        #expect(outcome.mismatched == 0)
        #expect(outcome.redrawn < 0.6, "damage tracking drew \(outcome.redrawn) of the screen on average")
    }

    @Test func withTheHUDAndOnARotatedDisplay() throws {
        let hud = try run(buffers: 2, hud: true)
        #expect(hud.mismatched == 0 && hud.frames > 200)
        let turned = try run(buffers: 3, hud: false, rotation: .quarter)
        #expect(turned.mismatched == 0 && turned.frames > 200)
        #expect(turned.redrawn < 0.6)
    }

    /// Overlapping control changes (issue 23): moves, a turn with scale, a fade, a colour, a new
    /// text object, a hide and show, a move interrupting a running one, a restack and a plain
    /// text, each while others still animate, every frame verified against a full redraw.
    func runControl(buffers: Int) throws -> (Outcome, KioskLoop) {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.verifyDamage = true
        guard case .success(let loaded) = DemoBoard.load() else { throw ImageLoadFailure("demo board") }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(640, 360), buffers: buffers))
        var now = loop.startTime
        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }
        func set(_ json: String) {
            guard case .success(let r) = ControlRequestDecoder.decode(Array(json.utf8)), case .set(let change) = r.command else { Issue.record("bad request \(json)"); return }
            if case .failure(let f) = loop.live.apply(change, now: now) { Issue.record("\(json): \(f)") }
        }
        try frame(); try frame()
        set(##"{"cmd":"set","gadget":"red-disc","center":[600,300],"duration":1.2}"##)
        for _ in 0..<10 { try frame() }
        set(##"{"cmd":"set","gadget":"alps","rotation":30,"scale":1.5,"duration":0.8}"##)
        for _ in 0..<10 { try frame() }
        set(##"{"cmd":"set","gadget":"blue-bar","opacity":0.1,"duration":0.6}"##)
        set(##"{"cmd":"set","gadget":"yellow-square","color":"#ff00ff","duration":0.5}"##)
        for _ in 0..<5 { try frame() }
        set(##"{"cmd":"set","gadget":"note","text":{"string":"New\nnote","size":30}}"##)
        for _ in 0..<5 { try frame() }
        set(##"{"cmd":"set","gadget":"city","hidden":true}"##)
        for _ in 0..<10 { try frame() }
        set(##"{"cmd":"set","gadget":"city","hidden":false}"##)
        set(##"{"cmd":"set","gadget":"red-disc","center":[200,200],"duration":0.5}"##)
        for _ in 0..<5 { try frame() }
        set(##"{"cmd":"set","gadget":"sunset","z":100}"##)
        for _ in 0..<5 { try frame() }
        set(##"{"cmd":"set","gadget":"placard","text":"Hello"}"##)
        set(##"{"cmd":"set","gadget":"weather","center":[300,150],"opacity":0.5,"duration":0.3}"##)
        for _ in 0..<90 { try frame() }
        let verifier = try #require(loop.drawer.verifier)
        return (Outcome(frames: verifier.frames, mismatched: verifier.mismatchedFrames, redrawn: loop.pacing.stats.redrawnFraction), loop)
    }

    @Test(arguments: [1, 2, 3]) func overlappingControlChangesEqualAFullRedraw(buffers: Int) throws {
        let (outcome, loop) = try runControl(buffers: buffers)
        defer { loop.destroy() }
        #expect(outcome.frames > 140)
        #expect(outcome.mismatched == 0)
        // The changes were really drawn: everything ended where it was sent.
        let poses = Dictionary(uniqueKeysWithValues: zip(loop.live.board.gadgets.map(\.id), loop.live.session.world.poses))
        #expect(poses["red-disc"]?.center == Vector2(200, 200))
        #expect(poses["weather"]?.center == Vector2(300, 150))
        #expect(loop.live.board.gadgets.last?.id == "sunset")
        #expect(outcome.redrawn < 0.8)
    }
}
