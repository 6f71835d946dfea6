import Testing
@testable import GadgetCore

/// The window's mouse and fingers as touches: one finger for the mouse, Ctrl + drag's mirrored
/// pair, Shift + drag's side-by-side pair, touchscreen fingers, focus loss.
@Suite struct WindowTouchesTests {
    let s = WindowTouches.spread

    func down(_ x: Double, _ y: Double, _ m: WindowModifiers = [], at t: Microseconds) -> WindowPointerEvent {
        .button(down: true, at: Vector2(x, y), modifiers: m, time: t)
    }
    func up(_ x: Double, _ y: Double, at t: Microseconds) -> WindowPointerEvent { .button(down: false, at: Vector2(x, y), modifiers: [], time: t) }
    /// The frame `e` makes (failing the test when none); mutating calls cannot sit inside #require.
    func frame(_ w: inout WindowTouches, _ e: WindowPointerEvent) throws -> TouchFrame {
        let f = w.apply(e)
        return try #require(f)
    }
    func nothing(_ w: inout WindowTouches, _ e: WindowPointerEvent) -> Bool { w.apply(e) == nil }
    func move(_ x: Double, _ y: Double, at t: Microseconds) -> WindowPointerEvent { .motion(at: Vector2(x, y), time: t) }

    @Test func theMouseIsOneFingerWithOneIDForThePress() throws {
        var w = WindowTouches()
        let idle = nothing(&w, move(5, 5, at: 1))
        #expect(idle)  // no button: nothing
        let began = try frame(&w, down(10, 20, at: 100))
        let moved = try frame(&w, move(30, 40, at: 200))
        let ended = try frame(&w, up(30, 40, at: 300))
        #expect(began.touches.map(\.phase) == [.began] && moved.touches.map(\.phase) == [.moved] && ended.touches.map(\.phase) == [.ended])
        #expect(Set([began, moved, ended].map { $0.touches[0].id }).count == 1)
        #expect(began.touches[0].id.device == WindowTouches.device)
        #expect(moved.touches[0].location == Vector2(30, 40) && moved.time == 200)
        #expect(w.contactCount == 0)
        // The next press is a new contact.
        let next = try frame(&w, down(0, 0, at: 400))
        #expect(next.touches[0].id != began.touches[0].id)
    }

    @Test func controlDragMirrorsTwoFingersThroughThePressPoint() throws {
        var w = WindowTouches()
        let began = try frame(&w, down(100, 100, .control, at: 0))
        #expect(began.touches.map(\.location) == [Vector2(100 + s, 100), Vector2(100 - s, 100)])
        // Pointer 40 right: the fingers spread to twice their distance, centred on the press point.
        let spread = try frame(&w, move(140, 100, at: 10))
        #expect(spread.touches.map(\.location) == [Vector2(140 + s, 100), Vector2(60 - s, 100)])
        let a = spread.touches[0].location, b = spread.touches[1].location
        #expect((a + b) * 0.5 == Vector2(100, 100))
        #expect((a - b).length == 2 * (2 * s))
        // Circling the press point turns the pair: a quarter turn of the pointer's offset.
        let turned = try frame(&w, move(100 - s, 100 + s, at: 20))
        let c = turned.touches[0].location, d = turned.touches[1].location
        #expect(c == Vector2(100, 100 + s) && d == Vector2(100, 100 - s))
        let ended = try frame(&w, up(100, 100, at: 30))
        #expect(ended.touches.map(\.phase) == [.ended, .ended] && w.contactCount == 0)
    }

    @Test func shiftDragMovesTwoFingersTogether() throws {
        var w = WindowTouches()
        _ = try frame(&w, down(100, 100, .shift, at: 0))
        let moved = try frame(&w, move(150, 120, at: 10))
        #expect(moved.touches.map(\.location) == [Vector2(150 + s, 120), Vector2(150 - s, 120)])
    }

    @Test func modifiersCountAtThePressOnly() throws {
        var w = WindowTouches()
        _ = try frame(&w, down(100, 100, at: 0))
        // A second press while one is held (another button's down) changes nothing.
        let none1 = nothing(&w, down(100, 100, .control, at: 5))
        #expect(none1)
        let moved = try frame(&w, move(120, 100, at: 10))
        #expect(moved.touches.count == 1)
    }

    @Test func fingersAreContactsOfTheirOwnAndFramesCarryEveryContact() throws {
        var w = WindowTouches()
        _ = try frame(&w, .finger(id: 7, phase: .began, at: Vector2(10, 10), time: 0))
        let second = try frame(&w, .finger(id: 9, phase: .began, at: Vector2(50, 50), time: 5))
        #expect(second.touches.map(\.phase) == [.stationary, .began])
        let moved = try frame(&w, .finger(id: 7, phase: .moved, at: Vector2(20, 10), time: 10))
        #expect(moved.touches.map(\.phase) == [.moved, .stationary] && moved.touches[0].location == Vector2(20, 10))
        let none2 = nothing(&w, .finger(id: 3, phase: .moved, at: Vector2(0, 0), time: 11))  // unknown finger
        #expect(none2)
        let lifted = try frame(&w, .finger(id: 7, phase: .ended, at: Vector2(20, 10), time: 12))
        #expect(lifted.touches.map(\.phase) == [.ended, .stationary])
        #expect(w.contactCount == 1)
    }

    @Test func focusLossCancelsEveryContact() throws {
        var w = WindowTouches()
        _ = try frame(&w, down(100, 100, .control, at: 0))
        let cancelled = try frame(&w, .cancelAll(time: 10))
        #expect(cancelled.touches.map(\.phase) == [.cancelled, .cancelled])
        #expect(w.contactCount == 0)
        let none3 = nothing(&w, up(100, 100, at: 20))  // the release after it: nothing left to end
        #expect(none3)
        let none4 = nothing(&w, .cancelAll(time: 30))
        #expect(none4)
    }

    @Test func timesNeverGoBackwards() throws {
        var w = WindowTouches()
        _ = try frame(&w, down(0, 0, at: 1000))
        let late = try frame(&w, move(5, 5, at: 900))
        #expect(late.time == 1000 && late.touches[0].time == 1000)
    }
}
