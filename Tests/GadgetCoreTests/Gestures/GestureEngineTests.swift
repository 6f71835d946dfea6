import Testing
@testable import GadgetCore

/// The engine as the app and `replay` drive it: determinism, timers, idleness, the event stream.
@Suite struct GestureEngineTests {
    let board = gestureBoard([
        gestureGadget("photo", center: Vector2(300, 300), size: Size2(300, 200)),
        gestureGadget("card", center: Vector2(700, 500), size: Size2(200, 200)) { $0.springHome = true; $0.lock = .modal },
    ])

    /// A fixed script of taps, drags, pinches and a long press over both gadgets and the background.
    func script(_ h: inout GestureEngineHarness) {
        h.tap(Vector2(300, 300)); h.skip(120); h.tap(Vector2(305, 302))
        let f = h.down(Vector2(700, 500))[0]
        h.drag(f, to: Vector2(600, 420), steps: 8)
        h.skip(17); h.up(f)
        let ab = h.down(Vector2(250, 300), Vector2(350, 300))
        for k in 1...12 {
            let a = 0.05 * Double(k), s = 50 + 4 * Double(k)
            h.skip(17)
            h.move([(ab[0], Vector2(300 - s * Math.cos(a), 300 - s * Math.sin(a))), (ab[1], Vector2(300 + s * Math.cos(a), 300 + s * Math.sin(a)))])
        }
        h.up(ab[0], ab[1])
        let g = h.down(Vector2(900, 100))[0]
        h.wait(600)
        h.drag(g, to: Vector2(700, 100), steps: 5)
        h.up(g)
        h.wait(1000)
    }

    @Test func theSameInputGivesTheSameOutputBitForBit() {
        var a = GestureEngineHarness(board: board), b = GestureEngineHarness(board: board)
        script(&a); script(&b)
        #expect(a.events == b.events)
        #expect(a.world.poses == b.world.poses)
        #expect(a.events.map { JSONWriter.write($0.json) } == b.events.map { JSONWriter.write($0.json) })
        // And the script exercised what it should.
        let kinds = Set(a.events.map(\.kind))
        #expect(kinds.isSuperset(of: [.doubleTap, .pan, .pinch, .rotation, .longPress]))
    }

    @Test func theEventStreamKeepsTheDocumentedJSONShape() {
        var h = GestureEngineHarness(board: board)
        let f = h.down(Vector2(300, 300))[0]
        h.drag(f, to: Vector2(340, 300), steps: 4)
        h.skip(17); h.up(f)
        let began = h.events(.pan).first { $0.state == .began }
        let line = began.map { JSONWriter.write($0.json) } ?? ""
        #expect(line.hasPrefix("{\"type\":\"gesture\",\"t\":0.017,\"gesture\":\"pan\",\"state\":\"began\",\"gadget\":\"photo\",\"location\":[310,300],\"touches\":1,\"translation\":[10,0],\"velocity\":["))
        h.tap(Vector2(50, 750))
        h.wait(400)
        let tap = h.events(.tap).last.map { JSONWriter.write($0.json) }
        #expect(tap == "{\"type\":\"gesture\",\"t\":0.495001,\"gesture\":\"tap\",\"state\":\"recognized\",\"gadget\":null,\"location\":[50,750],\"taps\":1,\"touches\":1}")
    }

    @Test func timersAreAnnouncedAndTheEngineGoesIdle() {
        var h = GestureEngineHarness(board: board)
        #expect(h.engine.isIdle && h.engine.nextDeadline == nil)
        let f = h.down(Vector2(300, 300))[0]
        #expect(!h.engine.isIdle)
        #expect(h.engine.nextDeadline == 500_000, "the long press")
        h.skip(60); h.up(f)
        #expect(h.engine.nextDeadline == Microseconds(410_001), "the double-tap window: 350 ms after the lift at 60 ms")
        #expect(h.engine.activeTargets == [.gadget(0)])
        h.wait(351)
        #expect(h.events(.tap).count == 1)
        #expect(h.engine.isIdle && h.engine.nextDeadline == nil && h.engine.activeTargets.isEmpty)
    }

    @Test func timersFireAtTheirDeadlinesHoweverLateAdvanceComes() {
        var early = GestureEngineHarness(board: board)
        early.tap(Vector2(300, 300))
        for _ in 0..<40 { early.wait(10) }
        var late = GestureEngineHarness(board: board)
        late.tap(Vector2(300, 300))
        late.wait(400)
        #expect(early.events == late.events)
        #expect(early.events.first?.time == Microseconds(410_001))
    }

    @Test func aTouchThatBeganBeforeTheEngineIsIgnoredAndRepeatedBeganToo() {
        var h = GestureEngineHarness(board: board)
        // Moves and an end for a contact the engine never saw begin.
        let ghost = TouchID(device: 3, tracking: 9)
        _ = h.engine.handle(TouchFrame(time: 10, touches: [Touch(id: ghost, phase: .moved, location: Vector2(300, 300), time: 10)]), world: &h.world)
        _ = h.engine.handle(TouchFrame(time: 20, touches: [Touch(id: ghost, phase: .ended, location: Vector2(300, 300), time: 20)]), world: &h.world)
        #expect(h.engine.isIdle && h.world.held == [false, false])
        // A began repeated for a contact already down does not start a second touch.
        let t = Touch(id: ghost, phase: .began, location: Vector2(300, 300), time: 30)
        _ = h.engine.handle(TouchFrame(time: 30, touches: [t]), world: &h.world)
        _ = h.engine.handle(TouchFrame(time: 40, touches: [Touch(id: ghost, phase: .began, location: Vector2(700, 500), time: 40)]), world: &h.world)
        #expect(h.engine.target(of: ghost) == .gadget(0))
        #expect(h.world.held == [true, false])
    }

    @Test func aCancelledTouchReleasesTheGadgetAtRest() {
        var h = GestureEngineHarness(board: board)
        let f = h.down(Vector2(300, 300))[0]
        for _ in 0..<6 { h.skip(17); h.move(f, by: Vector2(12, 0)) }
        h.cancel(f)  // device unplugged mid-drag
        #expect(!h.world.held[0])
        #expect(h.engine.handOvers[0]?.cancelled == true && h.engine.handOvers[0]?.velocity == .zero)
        #expect(h.events(.pan).last?.state == .cancelled)
    }

    @Test func boardSessionRunsTheEngine() {
        var session = BoardSession(board: board, startTime: 0)
        let id = TouchID(device: 0, tracking: 1)
        var events = session.apply(TouchFrame(time: 0, touches: [Touch(id: id, phase: .began, location: Vector2(300, 300), time: 0)]))
        #expect(session.nextTimerDeadline == 500_000)
        #expect(!session.isIdle, "held")
        events += session.apply(TouchFrame(time: 50_000, touches: [Touch(id: id, phase: .ended, location: Vector2(300, 300), time: 50_000)]))
        events += session.advance(to: 1_000_000)
        #expect(events.map(\.kind) == [.tap])
        #expect(events.first?.time == 400_001)
        #expect(session.isIdle && session.nextTimerDeadline == nil)
    }
}
