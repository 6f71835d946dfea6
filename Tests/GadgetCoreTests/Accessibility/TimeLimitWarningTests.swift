import Testing
@testable import GadgetCore

/// Warn-then-extend (EN 11.2.2.1): the warning 20 s before a limit, once per deadline, again after
/// an extension; short limits warned half-way; the scale from the board and speech mode, applied
/// to the idle return, the attract loop's start and the fields' clearing.
@Suite struct TimeLimitWarningTests {
    /// `due` is mutating: `#expect` cannot call it in place.
    static func due(_ w: inout TimeLimitWarning, _ start: Microseconds, _ deadline: Microseconds?, _ now: Microseconds) -> Bool {
        w.due(start: start, deadline: deadline, now: now)
    }

    @Test func warnsTwentySecondsBeforeOncePerDeadlineThenAgainAfterAnExtension() {
        var w = TimeLimitWarning()
        let start: Microseconds = 0, deadline: Microseconds = 60_000_000
        #expect(w.nextCheck(start: start, deadline: deadline) == 40_000_000)
        let early = Self.due(&w, start, deadline, 39_999_999)
        let onTime = Self.due(&w, start, deadline, 40_000_000)
        let again = Self.due(&w, start, deadline, 45_000_000)
        #expect(!early && onTime && !again)
        #expect(w.isShown(deadline: deadline, now: 45_000_000))
        #expect(w.nextCheck(start: start, deadline: deadline) == nil)
        // A touch at 50 s extends it: a new deadline, the notice down, a new warning 20 s before it.
        #expect(!w.isShown(deadline: 110_000_000, now: 50_000_000))
        let atTouch = Self.due(&w, 50_000_000, 110_000_000, 50_000_000)
        let later = Self.due(&w, 50_000_000, 110_000_000, 90_000_000)
        #expect(!atTouch && later)
    }

    /// 20 s before whenever the limit is longer than 20 s (a 30 s limit warned at 10 s, not at
    /// 15 s as before, which left 15 s); 20 s or less half-way.
    @Test func theWarningComesTwentySecondsBeforeWheneverTheLimitAllows() {
        #expect(TimeLimitWarning.warnAt(start: 0, deadline: 30_000_000) == 10_000_000)
        #expect(TimeLimitWarning.warnAt(start: 0, deadline: 21_000_000) == 1_000_000)
        #expect(TimeLimitWarning.warnAt(start: 5_000_000, deadline: 40_000_000) == 20_000_000)
        #expect(TimeLimitWarning.warnAt(start: 0, deadline: 100_000_000) == 80_000_000)
        #expect(TimeLimitWarning.warnAt(start: 0, deadline: 20_000_000) == 10_000_000)
        #expect(TimeLimitWarning.warnAt(start: 0, deadline: 8_000_000) == 4_000_000)
    }

    @Test func noDeadlineForgetsTheWarningAndAFiredLimitIsNotWarnedLate() {
        var w = TimeLimitWarning()
        let warned = Self.due(&w, 0, 60_000_000, 50_000_000)
        let off = Self.due(&w, 0, nil, 61_000_000)
        #expect(warned && !off && w.warnedFor == nil)
        let late = Self.due(&w, 0, 60_000_000, 61_000_000)
        #expect(!late && !w.isShown(deadline: 60_000_000, now: 61_000_000))
    }

    @Test func theScaleComesFromTheBoardElseSpeechModeDoublesIt() {
        #expect(TimeLimitWarning.scale(board: nil, speech: false) == 1)
        #expect(TimeLimitWarning.scale(board: nil, speech: true) == 2)
        #expect(TimeLimitWarning.scale(board: 3, speech: true) == 3)
        #expect(TimeLimitWarning.scale(board: 1, speech: true) == 1)
    }

    @Test func theIdleReturnIsScaledFromTheBoardsTime() {
        var r = IdleReturn(settings: IdleSettings(returnAfterSeconds: 30), now: 0)
        #expect(r.deadline == 30_000_000)
        r.setScale(2)
        #expect(r.deadline == 60_000_000)
        r.setScale(2)  // applied each loop iteration: not compounded
        #expect(r.deadline == 60_000_000)
        r.setScale(1)
        #expect(r.deadline == 30_000_000)
    }

    @Test func theAttractLoopsStartIsScaled() {
        var loop = AttractLoop(playlist: Playlist(pages: ["a", "b"], seconds: 10, startAfterIdleSeconds: 60), now: 0)
        #expect(loop.startsAt == 60_000_000)
        loop.scale = 2.5
        #expect(loop.startsAt == 150_000_000)
    }

    @Test func theFieldsClearingIsScaledAndKeepsItsTwentySecondWarning() {
        var t = FieldClearTimer(quietSeconds: 60)
        t.used(at: 0, hasText: true)
        #expect(t.clearsAt == 80_000_000)
        t.setScale(2)
        // The whole limit doubles (160 s); the warning still takes its last 20 s.
        #expect(t.clearsAt == 160_000_000 && t.warningStarts == 140_000_000)
        t.setScale(2)
        #expect(t.clearsAt == 160_000_000)
    }

    @Test func theSessionsIdleReturnTakesTheBoardsScale() throws {
        var board = Board(size: Size2(10, 10))
        board.idle.returnAfterSeconds = 30
        board.accessibility.timeoutScale = 3
        let s = BoardSession(board: board, startTime: 0)
        #expect(s.idleReturnWindow.deadline == 90_000_000)
    }
}
