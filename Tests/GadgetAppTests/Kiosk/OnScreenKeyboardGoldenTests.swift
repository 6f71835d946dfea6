import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender

/// A golden of the on-screen keyboard as the kiosk draws it: the German layout fully in, the
/// board lifted so the focused field (with "Grüße" typed on the keys) shows above it. Made with the
/// headless kiosk (its keyboard comes with focus, not with `Snapshot`), compared like the other
/// goldens (GADGETBOARD_UPDATE_GOLDENS=1 rewrites it). The labels are the system's fonts through
/// fontconfig (Debian 12's DejaVu here): another font set changes the labels' pixels.
extension GoldenImageTests {
    @Test func onScreenKeyboardGermanWithTheBoardLifted() throws {
        let h = try OnScreenKeyboardKioskTests.Harness()
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        for label in ["⇧", "G", "r", "ü", "ß", "e"] {
            let key = try #require(h.keyboard?.keys.first { $0.label == label }, "no key \(label)")
            try h.tap(key.frame.center)
        }
        #expect(h.loop.live.fields.text(of: "name") == "Grüße")
        // Settled: fully in, no key pressed, and the caret shown (its blink restarts with each key).
        try h.frames(20)
        #expect(!h.loop.live.onScreenKeyboard.panel.isSliding && h.loop.live.onScreenKeyboard.panel.pressedKey == nil)
        try compare(try h.display.readPixels(), golden: "keyboard-de-640x360.png")
    }
}
