import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender

/// High contrast and large text in a headless kiosk, read back from the panel's pixels: grey
/// text on a grey gadget (2:1) is drawn white on a black plate once the visitor asks, larger with
/// large text; `state` says so; the idle return puts the board back as it was. Every frame's
/// partial redraw equals a full one (`--verify-damage`).
@Suite(.serialized) struct DisplayModeKioskTests {
    static let grey = Color(r: 0x55 / 255, g: 0x55 / 255, b: 0x55 / 255, a: 1)

    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        var now: Microseconds

        init(decoded: Board? = nil) throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.verifyDamage = true
            var board = Board(size: Size2(320, 240), gadgets: [])
            board.background = .color(Color(r: 0.2, g: 0.2, b: 0.2, a: 1))
            var sign = Gadget(id: "sign", appearance: .color(DisplayModeKioskTests.grey), center: Vector2(160, 120), size: Size2(240, 80))
            sign.text = GadgetText(style: TextStyle("Hi", size: 20, color: Color(r: 0x88 / 255, g: 0x88 / 255, b: 0x88 / 255),
                                                    alignment: .center, verticalAlignment: .middle), jsonPath: "gadgets[0].text")
            board.gadgets = [sign]
            board.idle.returnAfterSeconds = 30
            if let decoded { board = decoded }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "signs", board: board, images: [:]), service: service, hotplug: nil, display: display)
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

        /// The gadget's box (40…280, 80…160): its pixels, and the rows with bright ink.
        func box() throws -> (pixels: [(UInt8, UInt8, UInt8)], inkRows: Int) {
            let image = try display.readPixels()
            var pixels: [(UInt8, UInt8, UInt8)] = []
            var rows = 0
            for y in 82..<158 {
                var ink = false
                for x in 42..<278 {
                    let p = image.pixel(x, y)
                    pixels.append((p.r, p.g, p.b))
                    if p.r > 0xc0 { ink = true }
                }
                if ink { rows += 1 }
            }
            return (pixels, rows)
        }

        func accessibility(_ key: String) -> JSONValue? { loop.accessibilityReport?[key] }

        func tap(_ p: Vector2) throws {
            func frame(_ phase: TouchPhase) -> TouchFrame {
                TouchFrame(time: now, touches: [Touch(id: TouchID(device: 1, tracking: Int(now)), phase: phase, location: p, time: now)])
            }
            let began = frame(.began)
            loop.input.deliver(began)
            try frames(3)
            loop.input.deliver(TouchFrame(time: now, touches: [Touch(id: began.touches[0].id, phase: .ended, location: p, time: now)]))
            // Past the double tap's wait: the tap is recognized.
            try frames(30)
        }

        func key(_ code: UInt16) throws {
            _ = loop.keypad.take(KeyStroke(code: code, action: .down, time: now), shift: false)
            _ = loop.keypad.take(KeyStroke(code: code, action: .up, time: now + 50_000), shift: false)
            try frames(2)
        }
    }

    /// The board's button (bottom-left) and a keypad key named for contrast and large text.
    static let buttonBoard = ##"{"size":[320,240],"background":"#333333","idle":{"returnAfterSeconds":30},"## +
        ##""accessibility":{"button":true,"keys":{"contrast":["KEY_F10"],"largeText":["KEY_F11"]}},"gadgets":["## +
        ##"{"id":"sign","center":[160,80],"size":[240,80],"color":"#555555","text":{"string":"Hi","size":20,"color":"#888888"}}]}"##

    @Test func aTapOnTheButtonOpensThePanelWhoseEntriesToggleAndTheIdleReturnEndsThem() throws {
        let board = try BoardDecoder.decode(Array(Self.buttonBoard.utf8), file: "b.json").get()
        let h = try Harness(decoded: board)
        try h.frames(2)
        let button = try #require(board.gadget(id: AccessibilityButton.id))
        // On the panel: its slate colour in the bottom-left corner, over the board.
        let corner = try h.display.readPixels().pixel(Int(button.center.x - button.size.width / 2 + 3), Int(button.center.y))
        #expect((corner.r, corner.g, corner.b) == (0x1f, 0x29, 0x33))
        let contrast = AccessibilityPanel.id(.contrast), large = AccessibilityPanel.id(.largeText)
        func shown(_ id: String) -> Bool { h.loop.live.board.gadget(id: id)?.hidden == false }
        #expect(!shown(contrast))
        try h.tap(button.center)
        #expect(h.loop.live.accessibilityPanel.isOpen && shown(contrast) && shown(AccessibilityPanel.scrimID))
        #expect(h.loop.live.accessibilityDisplay == .normal, "a tap opens the panel; it changes no mode")
        try h.tap(try #require(board.gadget(id: contrast)).center)
        #expect(h.loop.live.accessibilityDisplay == AccessibilityDisplay(highContrast: true))
        #expect(h.loop.live.board.gadget(id: contrast)?.text?.style.string == "High contrast: on", "the entry shows its state")
        try h.tap(try #require(board.gadget(id: large)).center)
        #expect(h.loop.live.accessibilityDisplay == AccessibilityDisplay(highContrast: true, largeText: true))
        // A tap outside the entries closes it and reaches nothing beneath.
        try h.tap(Vector2(300, 20))
        #expect(!h.loop.live.accessibilityPanel.isOpen && !shown(contrast) && !shown(AccessibilityPanel.scrimID))
        try h.tap(button.center)
        try h.tap(try #require(board.gadget(id: AccessibilityPanel.id(.moreTime))).center)
        #expect(h.loop.live.moreTime && h.loop.timeouts.scale == 2, "More time doubles every limit")
        h.now += 61_000_000
        try h.frames(2)
        #expect(h.loop.live.accessibilityDisplay == .normal)
        #expect(!h.loop.live.accessibilityPanel.isOpen && !shown(contrast), "the idle return closes it")
        #expect(!h.loop.live.moreTime && h.loop.timeouts.scale == 1)
    }

    @Test func theBoardsKeysToggleContrastAndLargeText() throws {
        let board = try BoardDecoder.decode(Array(Self.buttonBoard.utf8), file: "b.json").get()
        let h = try Harness(decoded: board)
        try h.frames(2)
        try h.key(68)  // KEY_F10
        #expect(h.loop.live.accessibilityDisplay == AccessibilityDisplay(highContrast: true))
        try h.key(87)  // KEY_F11
        #expect(h.loop.live.accessibilityDisplay == AccessibilityDisplay(highContrast: true, largeText: true))
        try h.key(68)
        #expect(h.loop.live.accessibilityDisplay == AccessibilityDisplay(largeText: true))
    }

    @Test func highContrastDrawsWhiteOnABlackPlateAndLargeTextIsLarger() throws {
        let h = try Harness()
        try h.frames(2)
        let before = try h.box()
        #expect(before.pixels.first! == (0x55, 0x55, 0x55))
        #expect(before.inkRows == 0, "grey text has no bright ink")
        #expect(h.accessibility("mode") == .string("standard") && h.accessibility("highContrast") == .bool(false))

        _ = h.loop.controlAccessibility(AccessibilityControl(contrast: true), now: h.now)
        try h.frames(2)
        let contrast = try h.box()
        #expect(contrast.pixels.first! == (0, 0, 0), "the plate is black over a dark grey")
        #expect(contrast.pixels.allSatisfy { $0.0 == $0.1 && $0.1 == $0.2 }, "only black, white and their blends")
        #expect(contrast.pixels.contains { $0 == (255, 255, 255) }, "the text is white")
        #expect(contrast.inkRows > 5)
        #expect(h.accessibility("mode") == .string("standard+highContrast") && h.accessibility("highContrast") == .bool(true))

        _ = h.loop.controlAccessibility(AccessibilityControl(largeText: true), now: h.now)
        try h.frames(2)
        let large = try h.box()
        let ratio = Double(large.inkRows) / Double(contrast.inkRows)
        #expect(ratio > 1.3 && ratio < 1.7, "ink \(contrast.inkRows) → \(large.inkRows) rows")
        #expect(h.accessibility("mode") == .string("standard+highContrast+largeText") && h.accessibility("largeText") == .bool(true))

        // Off again: the board as it was.
        _ = h.loop.controlAccessibility(AccessibilityControl(contrast: false, largeText: false), now: h.now)
        try h.frames(2)
        #expect(try h.box().pixels.map { [$0.0, $0.1, $0.2] } == before.pixels.map { [$0.0, $0.1, $0.2] })
    }

    /// The next visitor finds the board as the board says (EN 5.1.3.13's rule for volume).
    @Test func theIdleReturnPutsItBackToNormal() throws {
        let h = try Harness()
        try h.frames(2)
        let before = try h.box().pixels.map { [$0.0, $0.1, $0.2] }
        _ = h.loop.controlAccessibility(AccessibilityControl(contrast: true, largeText: true), now: h.now)
        try h.frames(2)
        #expect(h.loop.live.accessibilityDisplay.highContrast && h.loop.live.accessibilityDisplay.largeText)
        // Nobody touches it for the idle return's 30 s (and its warning).
        h.now += 31_000_000
        try h.frames(2)
        #expect(h.loop.live.accessibilityDisplay == .normal)
        #expect(h.accessibility("mode") == .string("standard"))
        #expect(try h.box().pixels.map { [$0.0, $0.1, $0.2] } == before)
    }

    /// Text that fits at the board's 20 px but not at large text's 30 px in its 28 px box: the
    /// log line quotes the size laid out, not the board's.
    @Test func theLargeTextOverflowLineQuotesTheSizeLaidOut() throws {
        var board = Board(size: Size2(320, 240), gadgets: [])
        var sign = Gadget(id: "sign", appearance: .color(.black), center: Vector2(160, 120), size: Size2(100, 28))
        sign.text = GadgetText(style: TextStyle("Gate 4", size: 20, color: .white, alignment: .center, verticalAlignment: .middle),
                               jsonPath: "gadgets[0].text")
        board.gadgets = [sign]
        let h = try Harness(decoded: board)
        try h.frames(2)
        #expect(!h.loop.live.scene.textWarnings.contains { $0.contains("gadgets[0].text") }, "fits at 20 px")
        _ = h.loop.controlAccessibility(AccessibilityControl(largeText: true), now: h.now)
        try h.frames(2)
        let line = h.loop.live.scene.textWarnings.first { $0.hasPrefix("gadgets[0].text") }
        #expect(line?.hasPrefix("gadgets[0].text: laid out at 30 px (large text: 1.5 × its 20 px): text needs ") == true, "\(line ?? "none")")
    }
}
