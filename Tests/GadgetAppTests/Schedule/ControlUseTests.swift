import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// Issue 36: a control `page` counts as use of the panel (docs/control.md), so the attract loop
/// waits `startAfterIdleSeconds` again from it instead of pulling the page an operator just
/// chose. A headless kiosk of this process, the request through its socket; times are made up
/// from the loop's start and handed to `tick`, never waited for.
@Suite(.serialized) struct ControlUseTests {
    static let s: Microseconds = 1_000_000
    static let board = ##"""
    { "size": [160, 100],
      "pages": [ { "id": "home" }, { "id": "a" }, { "id": "b" } ],
      "playlist": { "pages": ["a", "b"], "seconds": 10, "transition": { "type": "cut" }, "startAfterIdleSeconds": 60 } }
    """##

    @Test func aControlPageDelaysTheAttractLoop() throws {
        let k = try DisplayCommandTests.Kiosk(board: Self.board)
        let t0 = k.loop.startTime
        k.loop.live.tick(now: t0 + 50 * Self.s)
        #expect(k.loop.currentPageID == "home")
        k.now = t0 + 50 * Self.s
        let reply = try k.request(#"{"cmd":"page","page":"b"}"#)
        #expect(reply?["ok"] == .bool(true))
        // 60 s after the start, but only 11 s after the operator's page: the loop waits.
        k.loop.live.tick(now: t0 + 61 * Self.s)
        #expect(k.loop.currentPageID == "b", "the attract loop took the page 11 s after a control page")
        k.loop.live.tick(now: t0 + 109 * Self.s)
        #expect(k.loop.currentPageID == "b")
        // 60 s after the request it starts, from its first page.
        k.loop.live.tick(now: t0 + 110 * Self.s)
        #expect(k.loop.currentPageID == "a")
    }

    /// A control `set` counts as use too (issue 36): the loop waits 60 s from it.
    @Test func aControlSetDelaysTheAttractLoop() throws {
        let board = ##"""
        { "size": [160, 100],
          "pages": [ { "id": "home" }, { "id": "a" }, { "id": "b" } ],
          "playlist": { "pages": ["a", "b"], "seconds": 10, "transition": { "type": "cut" }, "startAfterIdleSeconds": 60 },
          "gadgets": [ { "id": "price", "center": [80, 50], "size": [120, 40], "text": "3.20 €" } ] }
        """##
        let k = try DisplayCommandTests.Kiosk(board: board)
        let t0 = k.loop.startTime
        k.loop.live.tick(now: t0 + 50 * Self.s)
        k.now = t0 + 50 * Self.s
        let reply = try k.request(#"{"cmd":"set","gadget":"price","text":"3.40 €"}"#)
        #expect(reply?["ok"] == .bool(true))
        k.loop.live.tick(now: t0 + 61 * Self.s)
        #expect(k.loop.currentPageID == "home", "the attract loop started 11 s after a control set")
        k.loop.live.tick(now: t0 + 110 * Self.s)
        #expect(k.loop.currentPageID == "a")
    }

    /// Without any use, the same board's loop starts at 60 s (what the tests above delay).
    @Test func withoutUseTheLoopStartsAfterSixtySeconds() throws {
        let k = try DisplayCommandTests.Kiosk(board: Self.board)
        let t0 = k.loop.startTime
        k.loop.live.tick(now: t0 + 59 * Self.s)
        #expect(k.loop.currentPageID == "home")
        k.loop.live.tick(now: t0 + 60 * Self.s)
        #expect(k.loop.currentPageID == "a")
    }
}
