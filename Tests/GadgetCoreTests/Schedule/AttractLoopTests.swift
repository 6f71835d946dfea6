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

    @Test func aCutHasNoTransitionAndOnePageDoesNotFadeIntoItself() {
        let cut = AttractLoop(playlist: Playlist(pages: ["a", "b"], seconds: 5, transition: PageTransition(kind: .cut, seconds: 0.6), startAfterIdleSeconds: 0), now: 0)
        #expect(cut.phase(at: 0) == .showing(0))
        #expect(cut.phase(at: 5 * Self.s) == .showing(1))
        let one = AttractLoop(playlist: Playlist(pages: ["a"], seconds: 5, startAfterIdleSeconds: 0), now: 0)
        #expect(one.phase(at: 5 * Self.s) == .showing(0))
    }
}
