import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender

/// Reach mode in a headless kiosk (docs/accessibility.md "Reach"): a board 320×240, 2 mm a
/// pixel, its bottom edge 800 mm above the floor, so the band within reach (400–1220 mm) is y
/// 30–240. The button at y 15 (box 0–30... 5–25) sits above it; `reach:true` moves it down into
/// the band, a tap there runs its action, and `reach:false` or the idle return puts it back.
@Suite(.serialized) struct ReachModeKioskTests {
    static let board = ##"{"size":[320,240],"background":"#333333","idle":{"returnAfterSeconds":30},"## +
        ##""accessibility":{"reachMode":true,"reach":{"floorToBottomMm":800,"mmPerPx":2}},"## + gadgets
    static let noReachBoard = ##"{"size":[320,240],"background":"#333333","## + gadgets
    static let gadgets = ##""gadgets":[{"id":"go","center":[160,15],"size":[100,20],"color":"#2255aa","movable":false,"scalable":false,"rotatable":false,"doubleTapReset":false,"gestures":["tap"],"action":{"emit":"go"}},"## +
        ##"{"id":"sign","center":[160,120],"size":[100,20],"color":"#555555"}]}"##

    final class Harness {
        let loop: KioskLoop
        var now: Microseconds

        init(_ json: String) throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            let display = try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "reach", board: board, images: [:]), service: service, hotplug: nil, display: display)
            now = loop.startTime
        }
        deinit { loop.destroy() }

        func frames(_ n: Int) throws {
            for _ in 0..<n {
                now += 16_667
                loop.live.tick(now: now)
                try loop.drawFrame(now: now)
            }
        }

        func center(_ id: String) -> Vector2 { loop.live.session.world.pose(loop.live.index(of: id)!).center }

        /// Whether a tap at `p` ran `go`'s action.
        func tapRuns(_ p: Vector2) throws -> Bool {
            let before = loop.service.metrics.actions["emit"] ?? 0
            let began = TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: Int(now)), phase: .began, location: p, time: now)])
            loop.input.deliver(began)
            try frames(3)
            loop.input.deliver(TouchFrame(time: now, touches: [Touch(id: began.touches[0].id, phase: .ended, location: p, time: now)]))
            try frames(30)  // past the double tap's wait
            return (loop.service.metrics.actions["emit"] ?? 0) > before
        }
    }

    @Test func reachMovesTheHighButtonIntoTheBandWhereATapRunsItAndOffPutsItBack() throws {
        let h = try Harness(Self.board)
        try h.frames(2)
        #expect(h.loop.accessibilityReport?["reach"] == .bool(false))
        let home = h.center("go")
        #expect(home == Vector2(160, 15))

        #expect(throws: Never.self) { try h.loop.controlAccessibility(AccessibilityControl(reach: true), now: h.now).get() }
        try h.frames(30)  // the 0.3 s move
        let moved = h.center("go")
        #expect(moved == Vector2(160, 40), "the least move that puts its box (5–25) inside y 30–240")
        #expect(h.center("sign") == Vector2(160, 120), "a gadget that does nothing stays")
        #expect(h.loop.accessibilityReport?["reach"] == .bool(true))
        #expect(try h.tapRuns(moved))
        #expect(try !h.tapRuns(home), "nothing is left where it was")

        _ = h.loop.controlAccessibility(AccessibilityControl(reach: false), now: h.now)
        try h.frames(30)
        #expect(h.center("go") == home)
        #expect(h.loop.accessibilityReport?["reach"] == .bool(false))
    }

    @Test func theIdleReturnPutsTheButtonBack() throws {
        let h = try Harness(Self.board)
        try h.frames(2)
        _ = h.loop.controlAccessibility(AccessibilityControl(reach: true), now: h.now)
        try h.frames(30)
        #expect(h.center("go") == Vector2(160, 40))
        h.now += 31_000_000
        try h.frames(30)
        #expect(h.center("go") == Vector2(160, 15))
        #expect(h.loop.accessibilityReport?["reach"] == .bool(false))
    }

    @Test func aBoardWithoutReachModeRefusesIt() throws {
        let h = try Harness(Self.noReachBoard)
        try h.frames(2)
        let r = h.loop.controlAccessibility(AccessibilityControl(reach: true), now: h.now)
        guard case .failure(let f) = r else { Issue.record("reach accepted"); return }
        #expect(f.description == "reach: this board offers no reach mode (accessibility.reachMode and accessibility.reach)")
        #expect(h.center("go") == Vector2(160, 15))
    }

    /// Two pages, each with a button above the band: the page shown after `reach:true` has its
    /// button moved too, the first page's stays moved, and `reach:false` puts both back.
    static let pagedBoard = ##"{"size":[320,240],"accessibility":{"reachMode":true,"reach":{"floorToBottomMm":800,"mmPerPx":2}},"pages":["## +
        ##"{"id":"home","gadgets":[{"id":"go","center":[100,15],"size":[100,20],"color":"#2255aa","action":{"page":"next"}}]},"## +
        ##"{"id":"next","gadgets":[{"id":"back","center":[220,15],"size":[100,20],"color":"#2255aa","action":{"page":"home"}}]}]}"##

    @Test func aPageShownWhileItIsOnHasItsButtonMovedToo() throws {
        let h = try Harness(Self.pagedBoard)
        try h.frames(2)
        let go = h.center("go"), back = h.center("back")
        _ = h.loop.controlAccessibility(AccessibilityControl(reach: true), now: h.now)
        try h.frames(30)
        #expect(h.center("go") == Vector2(go.x, 40))
        #expect(h.center("back") == back, "the page not shown is left alone")
        h.loop.live.showPage("next", cause: .control, animated: false, now: h.now)
        try h.frames(30)
        #expect(h.center("back") == Vector2(back.x, 40))
        #expect(h.center("go") == Vector2(go.x, 40))
        _ = h.loop.controlAccessibility(AccessibilityControl(reach: false), now: h.now)
        try h.frames(30)
        #expect(h.center("go") == go && h.center("back") == back)
    }
}
