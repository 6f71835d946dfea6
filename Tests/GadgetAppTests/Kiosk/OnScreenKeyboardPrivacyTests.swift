import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender

/// The privacy wipe (issue 38: the field timer running out, or the idle return home) resets the
/// on-screen keyboard as well as the fields: the next visitor finds it unshifted, caps lock off,
/// on the letters page and in the board's first layout, whatever the last one left on.
@Suite(.serialized) struct OnScreenKeyboardPrivacyTests {
    typealias Harness = OnScreenKeyboardKioskTests.Harness

    /// Types a letter (so the timer runs), then leaves the keyboard on the `us` layout, caps lock
    /// on, the symbols page, shift on.
    func leaveEverythingOn(_ h: Harness) throws {
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        try h.tap(try h.key("a").frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "a")
        try h.tap(try h.key("de").frame.center)
        try h.frames(2)
        try h.tap(try h.key("⇪").frame.center)
        try h.tap(try h.key("&123").frame.center)
        try h.tap(try #require(h.keyboard?.keys.first { $0.label == "⇧" }).frame.center)
        try h.frames(2)
        let mode = h.loop.live.onScreenKeyboard.panel.keyboard.mode
        #expect(mode == OnScreenKeyboardLayout.Mode(page: .symbols, shift: true, capsLock: true))
        #expect(h.keyboard?.layout == "us")
    }

    /// After the wipe: focus again and look at the keyboard the next visitor gets.
    func expectFresh(_ h: Harness) throws {
        try h.frames(20)
        #expect(h.loop.live.fields.focused == nil && h.keyboard == nil)
        #expect(h.loop.live.fields.text(of: "name") == "")
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        #expect(h.loop.live.onScreenKeyboard.panel.keyboard.mode == OnScreenKeyboardLayout.Mode())
        let kb = try #require(h.keyboard)
        #expect(kb.layout == "de")
        #expect(kb.keys.filter { $0.label == "⇧" || $0.label == "⇪" }.allSatisfy { !$0.isOn })
        // Unshifted letters, with the German layout's own key.
        _ = try h.key("a")
        _ = try h.key("ü")
        try h.tap(try h.key("a").frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "a")
    }

    @Test func theFieldTimerResetsTheKeyboard() throws {
        let h = try Harness()
        try leaveEverythingOn(h)
        // No touch for longer than the wait and its warning: the timer's wipe.
        h.now += Microseconds(FieldClearTimer.defaultQuietSeconds * 1_000_000) + FieldClearTimer.warning
        try h.frames(2)
        try expectFresh(h)
    }

    /// The idle return home runs the same wipe (LiveBoard.publish on an `idleReturn` action).
    @Test func theIdleReturnsWipeResetsTheKeyboard() throws {
        let h = try Harness()
        try leaveEverythingOn(h)
        h.loop.live.clearForPrivacy()
        try expectFresh(h)
    }
}
