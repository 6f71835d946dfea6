import Testing
@testable import GadgetCore

/// Idle blanking driven by a manual clock: no sleeping, minutes pass in a line.
@Suite struct IdleBlankerTests {
    /// Time in µs that tests move by hand.
    struct ManualClock {
        var now: Microseconds = 5_000_000
        mutating func advance(minutes: Double) { now += Microseconds(minutes * 60_000_000) }
        mutating func advance(ms: Int64) { now += ms * 1000 }
    }

    static let finger = TouchID(device: 0, tracking: 7)
    static let second = TouchID(device: 0, tracking: 8)

    func frame(_ clock: ManualClock, _ touches: (TouchID, TouchPhase)...) -> TouchFrame {
        TouchFrame(time: clock.now, touches: touches.map { Touch(id: $0.0, phase: $0.1, location: Vector2(x: 100, y: 100), time: clock.now) })
    }

    @Test func blanksAfterTheIdleTimeOnlyOnce() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 5, mode: .dpms), now: clock.now)
        #expect(idle.deadline == clock.now + 300_000_000)
        clock.advance(minutes: 4.99)
        #expect(idle.update(now: clock.now) == nil)
        clock.advance(minutes: 0.01)
        #expect(idle.update(now: clock.now) == .blank(.dpms))
        #expect(idle.isBlanked)
        #expect(idle.deadline == nil)
        clock.advance(minutes: 10)
        #expect(idle.update(now: clock.now) == nil)
    }

    @Test func aTouchRestartsTheIdleTime() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 1, mode: .black), now: clock.now)
        clock.advance(minutes: 0.9)
        var tap = frame(clock, (Self.finger, .began))
        #expect(idle.filter(&tap) == nil)
        #expect(tap.touches.count == 1)  // awake: delivered untouched
        clock.advance(ms: 80)
        var lift = frame(clock, (Self.finger, .ended))
        _ = idle.filter(&lift)
        clock.advance(minutes: 0.99)
        #expect(idle.update(now: clock.now) == nil)
        clock.advance(minutes: 0.01)
        #expect(idle.update(now: clock.now) == .blank(.black))
    }

    /// A finger resting on the glass sends no events, but the kiosk is in use: no blanking while
    /// a contact is down; the idle time counts from the lift.
    @Test func aContactDownKeepsThePanelAwake() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 1, mode: .dpms), now: clock.now)
        var press = frame(clock, (Self.finger, .began))
        _ = idle.filter(&press)
        clock.advance(minutes: 3)
        #expect(idle.deadline == nil)
        #expect(idle.update(now: clock.now) == nil)
        var lift = frame(clock, (Self.finger, .ended))
        _ = idle.filter(&lift)
        #expect(idle.deadline == clock.now + 60_000_000)
    }

    /// The waking contact is eaten from landing to lifting, so it never becomes a tap; a finger
    /// landing after the wake is delivered, and so is the next touch.
    @Test func theWakingTouchIsSwallowedUntilItLifts() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 1, mode: .dpms), now: clock.now)
        clock.advance(minutes: 2)
        #expect(idle.update(now: clock.now) == .blank(.dpms))

        var land = frame(clock, (Self.finger, .began))
        #expect(idle.filter(&land) == .wake)
        #expect(land.touches.isEmpty)
        #expect(!idle.isBlanked)

        clock.advance(ms: 17)
        var move = frame(clock, (Self.finger, .moved))
        #expect(idle.filter(&move) == nil)
        #expect(move.touches.isEmpty)

        clock.advance(ms: 17)
        var both = frame(clock, (Self.finger, .stationary), (Self.second, .began))
        _ = idle.filter(&both)
        #expect(both.touches.map(\.id) == [Self.second])

        clock.advance(ms: 17)
        var liftFirst = frame(clock, (Self.finger, .ended), (Self.second, .stationary))
        _ = idle.filter(&liftFirst)
        #expect(liftFirst.touches.map(\.id) == [Self.second])

        clock.advance(ms: 17)
        var liftSecond = frame(clock, (Self.second, .ended))
        _ = idle.filter(&liftSecond)
        #expect(liftSecond.touches.map(\.phase) == [.ended])

        // The same tracking id later is a new contact, delivered.
        clock.advance(ms: 500)
        var again = frame(clock, (Self.finger, .began))
        #expect(idle.filter(&again) == nil)
        #expect(again.touches.count == 1)
    }

    @Test func everyFingerOfTheWakingFrameIsSwallowed() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 0.5, mode: .black), now: clock.now)
        clock.advance(minutes: 1)
        _ = idle.update(now: clock.now)
        var two = frame(clock, (Self.finger, .began), (Self.second, .began))
        #expect(idle.filter(&two) == .wake)
        clock.advance(ms: 20)
        var moved = frame(clock, (Self.finger, .moved), (Self.second, .moved))
        _ = idle.filter(&moved)
        #expect(moved.touches.isEmpty)
        clock.advance(ms: 20)
        var cancelled = frame(clock, (Self.finger, .cancelled), (Self.second, .ended))
        _ = idle.filter(&cancelled)
        #expect(cancelled.touches.isEmpty)
        // Both lifted: the idle time runs again from the last event.
        #expect(idle.deadline == clock.now + 30_000_000)
    }

    @Test func neverBlanksWhenOff() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: nil), now: clock.now)
        #expect(idle.deadline == nil)
        clock.advance(minutes: 100_000)
        #expect(idle.update(now: clock.now) == nil)
    }

    @Test func reloadedSettingsTakeEffectOnABlankPanel() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 1, mode: .dpms), now: clock.now)
        clock.advance(minutes: 1)
        #expect(idle.update(now: clock.now) == .blank(.dpms))
        #expect(idle.apply(IdleSettings(blankAfterMinutes: 2, mode: .dpms)) == nil)
        #expect(idle.apply(IdleSettings(blankAfterMinutes: 2, mode: .black)) == .blank(.black))
        #expect(idle.apply(IdleSettings(blankAfterMinutes: nil, mode: .black)) == .wake)
        #expect(!idle.isBlanked)
        // Awake: new settings only move the deadline.
        #expect(idle.apply(IdleSettings(blankAfterMinutes: 3, mode: .black)) == nil)
        #expect(idle.deadline == idle.lastActivity + 180_000_000)
    }

    @Test func anOperatorWakeRestartsTheIdleTime() {
        var clock = ManualClock()
        var idle = IdleBlanker(settings: IdleSettings(blankAfterMinutes: 1, mode: .dpms), now: clock.now)
        clock.advance(minutes: 1)
        _ = idle.update(now: clock.now)
        clock.advance(minutes: 5)
        #expect(idle.wake(now: clock.now) == .wake)
        #expect(idle.wake(now: clock.now) == nil)
        #expect(idle.deadline == clock.now + 60_000_000)
    }
}
