import Testing
@testable import GadgetCore

/// The crossfade between pages (issue 26: "a crossfade draws both pages for its duration"): the
/// blend factors at the start, the middle and the end of a fade, and the session drawing both
/// pages, unshifted, while it runs.
@Suite struct PageCrossfadeTests {
    static let s: Microseconds = 1_000_000

    @Test func blendValuesAtStartMiddleAndEnd() {
        let f = PageCrossfade(from: 0, to: 2, start: 10 * Self.s, duration: 600_000)
        // t = 0: the outgoing page solid, the incoming one invisible.
        #expect(f.opacity(ofPage: 0, at: 10 * Self.s) == 1)
        #expect(f.opacity(ofPage: 2, at: 10 * Self.s) == 0)
        // t = 0.5: both at half.
        #expect(f.opacity(ofPage: 0, at: 10 * Self.s + 300_000) == 0.5)
        #expect(f.opacity(ofPage: 2, at: 10 * Self.s + 300_000) == 0.5)
        #expect(f.progress(at: 10 * Self.s + 150_000) == 0.25)
        // t = 1: the incoming page solid, the outgoing one gone.
        #expect(f.opacity(ofPage: 2, at: 10 * Self.s + 600_000) == 1)
        #expect(f.opacity(ofPage: 0, at: 10 * Self.s + 600_000) == 0)
        // Shared gadgets stay solid throughout; any other page is not drawn.
        for t in [10 * Self.s, 10 * Self.s + 300_000, 11 * Self.s] {
            #expect(f.opacity(ofPage: nil, at: t) == 1)
            #expect(f.opacity(ofPage: 1, at: t) == 0)
        }
        #expect(f.isRunning(at: 10 * Self.s + 599_999))
        #expect(!f.isRunning(at: 10 * Self.s + 600_000))
        #expect(PageCrossfade(from: 0, to: 1, start: 0, duration: 0).progress(at: 0) == 1)
    }

    /// PagedBoardFixture: header (shared), home: toMenu + photo, menu: toDetails + coffee.
    @Test func theSessionDrawsBothPagesWhileTheFadeRuns() {
        var session = BoardSession(board: PagedBoardFixture.board(), startTime: 0)
        let ids = session.board.gadgets.map(\.id)
        func index(_ id: String) -> Int { ids.firstIndex(of: id)! }
        _ = session.advance(to: Self.s)
        let shown = session.crossfadeToPage("menu", seconds: 0.6, at: Self.s, cause: .playlist)
        #expect(shown)
        // The page shown is the new one at once, with its page event.
        #expect(session.currentPage == "menu")
        let events = session.takeActionEvents()
        #expect(events.count == 1 && events.first?.page == "menu" && events.first?.cause == .playlist)
        #expect(!session.isIdle, "the loop must draw at the display's rate while the fade runs")

        var factors = session.crossfadeOpacities()
        #expect(factors?[index("header")] == 1)
        #expect(factors?[index("photo")] == 1 && factors?[index("coffee")] == 0)

        _ = session.advance(to: Self.s + 300_000)
        factors = session.crossfadeOpacities()
        #expect(factors?[index("photo")] == 0.5 && factors?[index("coffee")] == 0.5 && factors?[index("header")] == 1)
        // Both pages' gadgets where the board puts them (no slide), the third page not drawn.
        let poses = session.renderPoses()
        let board = session.board
        for id in ["photo", "toMenu", "coffee", "toDetails", "header"] {
            #expect(poses[index(id)].center == board.gadgets[index(id)].center && poses[index(id)].scale == 1, "\(id)")
        }
        #expect(poses[index("detailPhoto")].scale == 0)

        _ = session.advance(to: Self.s + 600_000)
        #expect(session.crossfadeOpacities() == nil)
        #expect(session.isIdle)
        #expect(session.renderPoses()[index("photo")].scale == 0, "the old page is gone once the fade ends")
    }

    @Test func aTouchEndsTheFadeAndZeroSecondsIsACut() {
        var session = BoardSession(board: PagedBoardFixture.board(), startTime: 0)
        let faded = session.crossfadeToPage("menu", seconds: 1, at: 0, cause: .playlist)
        #expect(faded)
        _ = session.advance(to: 100_000)
        #expect(session.crossfadeOpacities() != nil)
        let touch = Touch(id: TouchID(device: 0, tracking: 1), phase: .began, location: Vector2(640, 400), time: 200_000)
        _ = session.apply(TouchFrame(time: 200_000, touches: [touch]))
        #expect(session.crossfadeOpacities() == nil)

        var cut = BoardSession(board: PagedBoardFixture.board(), startTime: 0)
        let cutShown = cut.crossfadeToPage("details", seconds: 0, at: 0, cause: .playlist)
        #expect(cutShown)
        #expect(cut.currentPage == "details" && cut.crossfadeOpacities() == nil && cut.isIdle)
        let unknown = cut.crossfadeToPage("nowhere", seconds: 1, at: 0, cause: .playlist)
        #expect(!unknown)
    }
}
