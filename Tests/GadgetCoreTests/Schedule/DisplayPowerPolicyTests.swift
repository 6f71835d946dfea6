import Testing
@testable import GadgetCore

/// The display's power decision on a manual clock: schedule, trusted clock, control, touch wake.
@Suite struct DisplayPowerPolicyTests {
    static let hours = BoardSchedule(displayOn: [ScheduleSpan(from: 8 * 3600, to: 20 * 3600)], wakeOnTouchSeconds: 60)

    @Test func anUntrustedClockKeepsTheDisplayOn() {
        var p = DisplayPowerPolicy(schedule: Self.hours, clockTrusted: false)
        p.setSchedule(on: false)
        #expect(p.decision(now: 0) == .init(on: true, cause: .start))
        p.setClockTrusted(true)
        #expect(p.decision(now: 0) == .init(on: false, cause: .schedule))
    }

    @Test func aBoardWithoutOpeningHoursIsOnFromStart() {
        var p = DisplayPowerPolicy(schedule: BoardSchedule(), clockTrusted: true)
        #expect(p.decision(now: 0) == .init(on: true, cause: .start))
        p.setIdleBlanked(true)
        #expect(p.decision(now: 0) == .init(on: false, cause: .idle))
    }

    @Test func aTouchWakesAClosedDisplayForWakeOnTouchSeconds() {
        var p = DisplayPowerPolicy(schedule: Self.hours, clockTrusted: true)
        p.setSchedule(on: false)
        let swallowed = p.touched(now: 1_000_000)
        #expect(swallowed)
        #expect(p.decision(now: 1_000_000) == .init(on: true, cause: .touch))
        #expect(p.deadline(now: 1_000_000) == 61_000_000)
        let again = p.touched(now: 30_000_000)
        #expect(!again)                                  // delivered, and extends the wake
        #expect(p.deadline(now: 30_000_000) == 90_000_000)
        #expect(p.decision(now: 89_999_999).on)
        #expect(p.decision(now: 90_000_000) == .init(on: false, cause: .schedule))
        #expect(p.deadline(now: 90_000_000) == nil)
    }

    @Test func theWakeCountsFromTheLastTouchAndHoldsWhileAFingerIsDown() {
        var p = DisplayPowerPolicy(schedule: Self.hours, clockTrusted: true)
        p.setSchedule(on: false)
        let woke = p.touchFrame(now: 1_000_000, began: true, fingersDown: true)
        #expect(woke)
        // A finger held still sends no frames: 5 minutes later the display is still on.
        #expect(p.decision(now: 301_000_000) == .init(on: true, cause: .touch))
        #expect(p.deadline(now: 301_000_000) == nil)
        // A move while awake is delivered and restarts the wake; the lift does too.
        let moved = p.touchFrame(now: 302_000_000, began: false, fingersDown: true)
        #expect(!moved)
        let lifted = p.touchFrame(now: 310_000_000, began: false, fingersDown: false)
        #expect(!lifted)
        #expect(p.deadline(now: 310_000_000) == 370_000_000)
        #expect(p.decision(now: 369_999_999) == .init(on: true, cause: .touch))
        #expect(p.decision(now: 370_000_000) == .init(on: false, cause: .schedule))
        // A move or a lift on a closed display (no touch began on it) wakes nothing.
        let stray = p.touchFrame(now: 400_000_000, began: false, fingersDown: false)
        #expect(!stray)
        #expect(!p.decision(now: 400_000_000).on)
    }

    @Test func zeroWakeSecondsNeverWakes() {
        var s = Self.hours
        s.wakeOnTouchSeconds = 0
        var p = DisplayPowerPolicy(schedule: s, clockTrusted: true)
        p.setSchedule(on: false)
        let woke = p.touched(now: 0)
        #expect(!woke)
        #expect(!p.decision(now: 0).on)
    }

    @Test func controlOverridesUntilAuto() {
        var p = DisplayPowerPolicy(schedule: Self.hours, clockTrusted: true)
        p.setOverride(.off)
        #expect(p.decision(now: 0) == .init(on: false, cause: .control))
        let woke = p.touched(now: 0)
        #expect(!woke)                                   // a touch does not beat the operator
        p.setSchedule(on: false)
        p.setOverride(.on)
        #expect(p.decision(now: 0) == .init(on: true, cause: .control))
        p.setOverride(.auto)
        #expect(p.decision(now: 0) == .init(on: false, cause: .schedule))
        p.setSchedule(on: true)
        #expect(p.decision(now: 0) == .init(on: true, cause: .schedule))
    }

    @Test func openingEndsAWake() {
        var p = DisplayPowerPolicy(schedule: Self.hours, clockTrusted: true)
        p.setSchedule(on: false)
        _ = p.touched(now: 0)
        p.setSchedule(on: true)
        p.setSchedule(on: false)
        #expect(p.decision(now: 1) == .init(on: false, cause: .schedule))
    }
}
