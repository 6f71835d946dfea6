import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender

/// Moving a photo with keys in a headless kiosk (EN 5.9; `GadgetPickUp` through KioskKeypad and
/// the one way gadgets change): the panel's pixels show it where the keys put it, every partial
/// redraw equal to a full one (`--verify-damage`); Escape puts it back.
@Suite(.serialized) struct PickUpKioskTests {
    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        var now: Microseconds

        init() throws {
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.verifyDamage = true
            var board = Board(size: Size2(320, 240), gadgets: [])
            board.background = .color(Color(r: 0, g: 0, b: 0, a: 1))
            var photo = Gadget(id: "photo", appearance: .color(Color(r: 1, g: 0, b: 0, a: 1)), center: Vector2(160, 120), size: Size2(100, 60))
            photo.accessibility.label = "Photo"
            board.gadgets = [photo]
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "photo", board: board, images: [:]), service: service, hotplug: nil, display: display)
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

        func key(_ code: UInt16) throws {
            #expect(loop.keypad.take(KeyStroke(code: code, action: .down, time: now), shift: false))
            _ = loop.keypad.take(KeyStroke(code: code, action: .up, time: now + 50_000), shift: false)
            try frames(4)
        }

        func red(_ x: Int) throws -> Bool { try display.readPixels().pixel(x, 120).r > 0xc0 }
    }

    @Test func keysMoveThePhotoAndEscapePutsItBack() throws {
        let h = try Harness()
        try h.frames(2)
        #expect(try h.red(115) && !h.red(225))
        // Right focuses it, Enter picks it up, two Rights step it 2 × 240 / 20 = 24 px, Enter puts it down.
        for code in [EvdevKey.right, EvdevKey.enter, EvdevKey.right, EvdevKey.right, EvdevKey.enter] { try h.key(code) }
        #expect(h.loop.live.session.world.pose(GadgetIndex(0)).center == Vector2(184, 120))
        #expect(try !h.red(115) && h.red(225))
        #expect(h.loop.keypad.pickUp.held == nil)
        // Again, then Escape: back where it was picked up.
        for code in [EvdevKey.enter, EvdevKey.left, EvdevKey.esc] { try h.key(code) }
        #expect(h.loop.live.session.world.pose(GadgetIndex(0)).center == Vector2(184, 120))
    }
}
