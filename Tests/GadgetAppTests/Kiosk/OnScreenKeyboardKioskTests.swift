import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender

/// The on-screen keyboard in a headless kiosk, read back from the panel's pixels: it comes up
/// when a field has focus, drawn by the board's batcher with its labels, the board lifted so the
/// field shows above it; a tap on a key types, the hide key takes it down and the board back;
/// every frame's partial redraw equals a full one (`--verify-damage`).
@Suite(.serialized) struct OnScreenKeyboardKioskTests {
    static let blue = Color(r: 0, g: 0, b: 1, a: 1)

    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        var now: Microseconds
        var nextID = 1

        init(kind: FieldKind = .text, rotation: DisplayRotation? = nil, size: PixelSize = PixelSize(640, 360)) throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.verifyDamage = true
            o.rotation = rotation
            var board = Board(size: Size2(640, 360), gadgets: [])
            board.keyboard = BoardKeyboard(layouts: ["de", "us"])
            var field = Gadget(id: "name", appearance: .color(OnScreenKeyboardKioskTests.blue), center: Vector2(320, 300), size: Size2(400, 40))
            field.field = FieldSpec(kind: kind)
            board.gadgets = [field]
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: size, buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "keyboard", board: board, images: [:]), service: service, hotplug: nil, display: display)
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

        func touch(_ id: Int, _ phase: TouchPhase, _ p: Vector2) -> TouchFrame {
            TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: id), phase: phase, location: p, time: now)])
        }

        func tap(_ p: Vector2, holdFrames: Int = 3) throws {
            let id = nextID; nextID += 1
            loop.input.deliver(touch(id, .began, p))
            try frames(holdFrames)
            loop.input.deliver(touch(id, .ended, p))
            try frames(1)
        }

        func pixel(_ p: Vector2) throws -> (UInt8, UInt8, UInt8) {
            let px = try display.readPixels().pixel(Int(p.x), Int(p.y))
            return (px.r, px.g, px.b)
        }

        var keyboard: OnScreenKeyboardLayout? { loop.live.onScreenKeyboard.panel.shownLayout }

        func key(_ label: String) throws -> OnScreenKeyboardLayout.Key {
            try #require(keyboard?.keys.first { $0.label == label })
        }
    }

    static func same(_ a: (UInt8, UInt8, UInt8), _ c: PremultipliedColor) -> Bool {
        abs(Int(a.0) - Int(c.r)) <= 2 && abs(Int(a.1) - Int(c.g)) <= 2 && abs(Int(a.2) - Int(c.b)) <= 2
    }

    @Test func focusBringsItUpLiftsTheBoardAndAKeyTypes() throws {
        let h = try Harness()
        try h.frames(2)
        #expect(h.keyboard == nil && h.loop.live.keyboardState == .null)
        // The field (y 280…320) is where the keyboard will be.
        #expect(try h.pixel(Vector2(320, 300)) == (0, 0, 255))
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        let kb = try #require(h.keyboard)
        #expect(kb.layout == "de" && kb.frame.y == 360 - (360 * OnScreenKeyboardLayout.heightShare).rounded())
        // Lifted: the field's bottom 12 px above the keyboard.
        let lift = h.loop.live.onScreenKeyboard.panel.lift
        #expect(lift == 320 + KeyboardPanel.fieldMargin - kb.frame.y)
        #expect(try h.pixel(Vector2(320, 300 - lift)) == (0, 0, 255))
        // Caps and the panel between them, drawn over where the field was.
        let a = try h.key("a")
        #expect(Self.same(try h.pixel(Vector2(a.frame.x + 2, a.frame.y + a.frame.h - 3)), OnScreenKeyboardView.cap))
        #expect(Self.same(try h.pixel(Vector2(a.frame.x - 1, a.frame.y + a.frame.h / 2)), OnScreenKeyboardView.panel))
        // Its label: light pixels inside the cap.
        let image = try h.display.readPixels()
        var light = 0
        for y in Int(a.frame.y)..<Int(a.frame.y + a.frame.h) { for x in Int(a.frame.x)..<Int(a.frame.x + a.frame.w) where image.pixel(x, y).r > 180 { light += 1 } }
        #expect(light > 10)
        // `ü` has its own key on the German layout.
        _ = try h.key("ü")

        try h.tap(a.frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "a")
        // ´ then e: é, through compose.
        try h.tap(try h.key("´").frame.center)
        try h.tap(try h.key("e").frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "aé")

        try h.tap(try h.key("⌨↓").frame.center)
        try h.frames(20)
        #expect(h.loop.live.fields.focused == nil && h.keyboard == nil)
        #expect(h.loop.live.onScreenKeyboard.panel.lift == 0)
        #expect(try h.pixel(Vector2(320, 300)) == (0, 0, 255))
        let verify = try #require(h.loop.drawer.verifier)
        #expect(verify.frames > 40 && verify.mismatchedFrames == 0)
    }

    @Test func aPressedKeyShowsExceptOnAPinPad() throws {
        let h = try Harness()
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        let a = try h.key("a")
        h.loop.input.deliver(h.touch(90, .began, a.frame.center))
        try h.frames(1)
        #expect(Self.same(try h.pixel(Vector2(a.frame.x + 2, a.frame.y + a.frame.h - 3)), OnScreenKeyboardView.capPressed))

        let pin = try Harness(kind: .pin)
        _ = pin.loop.live.focusField("name")
        try pin.frames(20)
        let five = try pin.key("5")
        pin.loop.input.deliver(pin.touch(91, .began, five.frame.center))
        try pin.frames(1)
        #expect(Self.same(try pin.pixel(Vector2(five.frame.x + 2, five.frame.y + five.frame.h - 3)), OnScreenKeyboardView.cap))
        pin.loop.input.deliver(pin.touch(91, .ended, five.frame.center))
        try pin.frames(1)
        #expect(pin.loop.live.fields.text(of: "name") == "5")
    }

    @Test func onAPanelTurnedAQuarterTheKeyboardTurnsWithTheBoard() throws {
        // The panel is 360 x 640 (portrait, scanned out), the board 640 x 360 turned by 90°.
        let h = try Harness(rotation: .quarter, size: PixelSize(360, 640))
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        let a = try h.key("a")
        // Where board point p is on the panel.
        let toDisplay = h.loop.live.viewport.boardToDisplay
        let capPoint = toDisplay.apply(Vector2(a.frame.x + 2, a.frame.y + a.frame.h - 3))
        #expect(Self.same(try h.pixel(capPoint), OnScreenKeyboardView.cap))
        try h.tap(a.frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "a")
    }
}
