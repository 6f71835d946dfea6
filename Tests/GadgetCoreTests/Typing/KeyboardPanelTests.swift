import Testing
@testable import GadgetCore

/// The keyboard as the board shows it: it follows focus, slides on the simulation's time, lifts
/// the board so the field stays above it, and keeps its own touches.
@Suite struct KeyboardPanelTests {
    let board = Size2(800, 480)
    /// A field near the bottom of the board: the keyboard (202 px tall) would cover it.
    let low = OnScreenKeyboardLayout.Frame(x: 100, y: 380, w: 600, h: 60)

    func panel(focused: Bool = true) -> KeyboardPanel {
        var p = KeyboardPanel(boardSize: board)
        if focused {
            p.focus("name", kind: .text, frame: low, at: 0)
            p.relayout(layoutName: "xx", layouts: 1, labels: OnScreenKeyboardTests.labels)
        }
        return p
    }

    func tap(_ p: inout KeyboardPanel, at point: Vector2, time: Microseconds, id: Int = 1) -> (effects: [OnScreenKeyboard.Effect], left: [Touch]) {
        let tid = TouchID(device: 0, tracking: id)
        var down = TouchFrame(time: time, touches: [Touch(id: tid, phase: .began, location: point, time: time)])
        var effects = p.handle(&down)
        var up = TouchFrame(time: time + 50_000, touches: [Touch(id: tid, phase: .ended, location: point, time: time + 50_000)])
        effects += p.handle(&up)
        return (effects, down.touches + up.touches)
    }

    @Test func itSlidesInOverItsTimeAndTheBoardLiftsWithIt() {
        var p = panel()
        #expect(p.shownLayout == nil && p.isSliding)
        p.advance(to: KeyboardPanel.slideTime / 2)
        let half = try! #require(p.shownLayout)
        let full = try! #require(p.layout)
        #expect(abs(half.frame.y - (full.frame.y + full.frame.h / 2)) < 0.001)
        p.advance(to: KeyboardPanel.slideTime)
        #expect(p.progress == 1 && !p.isSliding && p.shownLayout == full)
        // The field's bottom (440) stays 12 px above the keyboard's top (480 - 202 = 278).
        #expect(full.frame.y == 278)
        #expect(p.lift == 440 + KeyboardPanel.fieldMargin - 278)
    }

    @Test func aFieldTallerThanTheSpaceLeftKeepsItsTopOnScreen() {
        var p = KeyboardPanel(boardSize: board)
        p.focus("notes", kind: .multiline, frame: .init(x: 0, y: 40, w: 800, h: 400), at: 0)
        p.relayout(layoutName: "xx", layouts: 1, labels: OnScreenKeyboardTests.labels)
        p.advance(to: 1_000_000)
        #expect(p.lift == 40 - KeyboardPanel.fieldMargin)
    }

    @Test func aFieldAboveTheKeyboardDoesNotMoveTheBoard() {
        var p = KeyboardPanel(boardSize: board)
        p.focus("name", kind: .text, frame: .init(x: 0, y: 20, w: 400, h: 50), at: 0)
        p.relayout(layoutName: "xx", layouts: 1, labels: OnScreenKeyboardTests.labels)
        p.advance(to: 1_000_000)
        #expect(p.lift == 0 && p.progress == 1)
    }

    @Test func focusLeavingSlidesItOutAndTheBoardBack() {
        var p = panel()
        p.advance(to: 1_000_000)
        p.focus(nil, kind: nil, frame: nil, at: 1_000_000)
        #expect(p.isSliding && p.stateJSON != nil)
        p.advance(to: 1_000_000 + KeyboardPanel.slideTime)
        #expect(p.lift == 0 && p.progress == 0 && p.shownLayout == nil && p.stateJSON == nil)
    }

    @Test func aKeyTapFiresOnLiftAndNeverReachesTheBoard() {
        var p = panel()
        p.advance(to: 1_000_000)
        let q = try! #require(p.shownLayout?.keys.first { $0.label == "q" })
        let (effects, left) = tap(&p, at: q.frame.center, time: 2_000_000)
        #expect(effects == [.key(code: 16, level: 0)])
        #expect(left.isEmpty)
    }

    @Test func theHideKeysTapHidesAndDoesNotFallThrough() {
        var p = panel()
        p.advance(to: 1_000_000)
        let hide = try! #require(p.shownLayout?.keys.first { $0.action == .hide })
        let (effects, left) = tap(&p, at: hide.frame.center, time: 2_000_000)
        #expect(effects == [.hide] && left.isEmpty)
    }

    @Test func touchesOffTheKeyboardReachTheLiftedBoard() {
        var p = panel()
        p.advance(to: 1_000_000)
        let (effects, left) = tap(&p, at: Vector2(400, 100), time: 2_000_000)
        #expect(effects.isEmpty && left.count == 2)
        #expect(left.allSatisfy { $0.location == Vector2(400, 100 + p.lift) })
    }

    @Test func shiftMakesTheLayoutStaleAndPinHidesThePressedKey() {
        var p = panel()
        p.advance(to: 1_000_000)
        let shift = try! #require(p.shownLayout?.keys.first { $0.action == .shift })
        _ = tap(&p, at: shift.frame.center, time: 2_000_000)
        #expect(p.layoutStale && p.keyboard.mode.shift)

        var pin = KeyboardPanel(boardSize: board)
        pin.focus("pin", kind: .pin, frame: low, at: 0)
        pin.relayout(layoutName: "xx", layouts: 1, labels: OnScreenKeyboardTests.labels)
        pin.advance(to: 1_000_000)
        #expect(pin.keyboard.mode.page == .numeric)
        let five = try! #require(pin.shownLayout?.keys.first { $0.label == "5" })
        var down = TouchFrame(time: 2_000_000, touches: [Touch(id: TouchID(device: 0, tracking: 3), phase: .began, location: five.frame.center, time: 2_000_000)])
        _ = pin.handle(&down)
        #expect(pin.pressedKey == nil)
        var text = p
        text.relayout(layoutName: "xx", layouts: 1, labels: OnScreenKeyboardTests.labels)
        var down2 = TouchFrame(time: 3_000_000, touches: [Touch(id: TouchID(device: 0, tracking: 4), phase: .began, location: try! #require(text.shownLayout?.keys.first { $0.label == "Q" }).frame.center, time: 3_000_000)])
        _ = text.handle(&down2)
        #expect(text.pressedKey?.label == "Q")
    }

    @Test func theSlideIsTheSameHoweverTimeIsSliced() {
        var a = panel(), b = panel()
        for t in stride(from: Int64(0), through: 300_000, by: 8_333) { a.advance(to: t) }
        b.advance(to: 300_000)
        #expect(a.progress == b.progress && a.lift == b.lift && a.shownLayout == b.shownLayout)
    }
}
