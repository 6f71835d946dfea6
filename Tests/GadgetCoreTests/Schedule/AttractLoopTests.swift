import Testing
@testable import GadgetCore

/// The attract loop's timing on a manual clock (µs).
@Suite struct AttractLoopTests {
    static let s: Microseconds = 1_000_000
    static let playlist = Playlist(pages: ["a", "b", "c"], seconds: 10, transition: PageTransition(kind: .crossfade, seconds: 0.5),
                                   startAfterIdleSeconds: 60)

    @Test func startsAfterIdleAndCyclesInOrder() {
        let loop = AttractLoop(playlist: Self.playlist, now: 0)
        #expect(loop.phase(at: 60 * Self.s - 1) == .stopped)
        #expect(loop.deadline(after: 0) == 60 * Self.s)
        #expect(loop.phase(at: 60 * Self.s) == .transition(from: nil, to: 0, progress: 0))
        #expect(loop.phase(at: 60 * Self.s + Self.s / 4) == .transition(from: nil, to: 0, progress: 0.5))
        #expect(loop.phase(at: 60 * Self.s + Self.s / 2) == .showing(0))
        #expect(!loop.isAnimating(at: 61 * Self.s))
        #expect(loop.deadline(after: 61 * Self.s) == 70 * Self.s)
        #expect(loop.phase(at: 70 * Self.s) == .transition(from: 0, to: 1, progress: 0))
        #expect(loop.isAnimating(at: 70 * Self.s))
        #expect(loop.phase(at: 80 * Self.s + Self.s) == .showing(2))
        // The last wraps to the first.
        #expect(loop.phase(at: 90 * Self.s) == .transition(from: 2, to: 0, progress: 0))
        #expect(loop.switchNumber(at: 90 * Self.s) == 3)
        #expect(loop.upcoming(after: 90 * Self.s)?.index == 1)
        #expect(loop.upcoming(after: 90 * Self.s)?.at == 100 * Self.s)
    }

    @Test func aTouchStopsItAndIdleRestartsItFromTheFirstPage() {
        var loop = AttractLoop(playlist: Self.playlist, now: 0)
        loop.touches(now: 75 * Self.s, fingersDown: true)
        #expect(loop.phase(at: 75 * Self.s) == .stopped)
        #expect(loop.deadline(after: 75 * Self.s) == nil)
        #expect(loop.phase(at: 500 * Self.s) == .stopped)        // a finger held down: never
        loop.touches(now: 501 * Self.s, fingersDown: false)
        #expect(loop.phase(at: 560 * Self.s) == .stopped)
        #expect(loop.phase(at: 561 * Self.s) == .transition(from: nil, to: 0, progress: 0))
    }

    /// Issue 36: use that is not a touch (a control `page` or `video`) restarts the idle wait,
    /// and stops a running loop.
    @Test func useOfThePanelRestartsTheIdleWait() {
        var loop = AttractLoop(playlist: Self.playlist, now: 0)
        loop.used(now: 50 * Self.s)
        #expect(loop.phase(at: 60 * Self.s) == .stopped)
        #expect(loop.deadline(after: 60 * Self.s) == 110 * Self.s)
        #expect(loop.phase(at: 110 * Self.s) == .transition(from: nil, to: 0, progress: 0))
        // Running: stopped, and it starts again from the first page.
        loop.used(now: 125 * Self.s)
        #expect(loop.phase(at: 125 * Self.s) == .stopped)
        #expect(loop.phase(at: 185 * Self.s) == .transition(from: nil, to: 0, progress: 0))
        // A finger down stays down.
        loop.touches(now: 200 * Self.s, fingersDown: true)
        loop.used(now: 201 * Self.s)
        #expect(loop.phase(at: 900 * Self.s) == .stopped)
    }

    @Test func aCutHasNoTransitionAndOnePageDoesNotFadeIntoItself() {
        let cut = AttractLoop(playlist: Playlist(pages: ["a", "b"], seconds: 5, transition: PageTransition(kind: .cut, seconds: 0.6), startAfterIdleSeconds: 0), now: 0)
        #expect(cut.phase(at: 0) == .showing(0))
        #expect(cut.phase(at: 5 * Self.s) == .showing(1))
        let one = AttractLoop(playlist: Playlist(pages: ["a"], seconds: 5, startAfterIdleSeconds: 0), now: 0)
        #expect(one.phase(at: 5 * Self.s) == .showing(0))
    }
}
