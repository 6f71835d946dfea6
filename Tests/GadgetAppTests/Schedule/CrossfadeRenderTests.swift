import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetSystem

/// The attract loop's crossfade drawn by a headless kiosk of this process (issue 26: "a
/// crossfade draws both pages for its duration"): a frame in the middle of the fade has pixels
/// of both pages, blended half and half over the background; shared gadgets stay solid; the
/// frame at the end shows the new page alone; every frame matches a full redraw
/// (`--verify-damage`), and the loop keeps drawing until that last frame.
@Suite(.serialized) struct CrossfadeRenderTests {
    /// Background #203040; page a: a red square at (50, 50); page b: a blue one at (110, 50);
    /// on the board (every page): a white bar along the bottom.
    static let board = ##"""
    { "size": [160, 100], "background": "#203040",
      "gadgets": [ { "id": "bar", "color": "#ffffff", "center": [80, 92], "size": [160, 16] } ],
      "pages": [
        { "id": "a", "gadgets": [ { "id": "red", "color": "#ff0000", "center": [50, 50], "size": [40, 40] } ] },
        { "id": "b", "gadgets": [ { "id": "blue", "color": "#0000ff", "center": [110, 50], "size": [40, 40] } ] } ] }
    """##

    final class Harness {
        let loop: KioskLoop
        init() throws {
            let dir = scratchDirectory("crossfade-render")
            try FileIO.replace(dir + "/board.json", with: Array(CrossfadeRenderTests.board.utf8))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.watchBoard = false
            o.verifyDamage = true
            o.inputPaths = ["/nonexistent"]
            o.backlightRoot = dir + "/no-backlight"
            guard case .success(let loaded) = BoardLoader.load(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(160, 100)))
        }
        deinit { loop.destroy() }
        func frame(at t: Microseconds) throws -> RGBAImage {
            loop.live.tick(now: t)
            try loop.drawFrame(now: t)
            return try loop.display.readPixels()
        }
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Double, _ g: Double, _ b: Double) -> Bool {
        abs(Double(p.r) - r) <= 3 && abs(Double(p.g) - g) <= 3 && abs(Double(p.b) - b) <= 3
    }

    @Test func aMidFadeFrameHasPixelsOfBothPages() throws {
        let h = try Harness()
        let t0 = h.loop.startTime + 1_000_000
        var image = try h.frame(at: t0)
        #expect(Self.near(image.pixel(50, 50), 255, 0, 0), "page a shows first")
        #expect(Self.near(image.pixel(110, 50), 0x20, 0x30, 0x40))

        h.loop.live.crossfadeToPage("b", seconds: 1, cause: .playlist, now: t0)
        #expect(h.loop.live.isAnimating)
        image = try h.frame(at: t0)                       // t = 0
        #expect(Self.near(image.pixel(50, 50), 255, 0, 0))
        #expect(Self.near(image.pixel(110, 50), 0x20, 0x30, 0x40))

        image = try h.frame(at: t0 + 500_000)             // t = 0.5: half red, half blue over the background
        let red = image.pixel(50, 50), blue = image.pixel(110, 50)
        let halfRed: (Double, Double, Double) = (143.5, 24, 32), halfBlue: (Double, Double, Double) = (16, 24, 159.5)
        #expect(Self.near(red, halfRed.0, halfRed.1, halfRed.2), "page a at half: \(red)")
        #expect(Self.near(blue, halfBlue.0, halfBlue.1, halfBlue.2), "page b at half: \(blue)")
        #expect(Self.near(image.pixel(80, 92), 255, 255, 255), "a gadget on the board stays solid")
        #expect(h.loop.live.isAnimating && h.loop.live.needsDraw)

        image = try h.frame(at: t0 + 1_000_000)           // t = 1: page b alone
        #expect(Self.near(image.pixel(50, 50), 0x20, 0x30, 0x40))
        #expect(Self.near(image.pixel(110, 50), 0, 0, 255))
        #expect(Self.near(image.pixel(80, 92), 255, 255, 255))
        #expect(!h.loop.live.isAnimating && !h.loop.live.needsDraw, "the loop stops drawing after the fade")
        #expect(h.loop.drawer.verifier?.mismatchedFrames == 0, "a damage-tracked fade frame differs from a full redraw")
    }

    /// The frame at the fade's end is drawn even when the last frame drawn was mid-fade and
    /// nothing else animates (the loop is asked for one more).
    @Test func theLastMidFadeFrameAsksForTheSolidOne() throws {
        let h = try Harness()
        let t0 = h.loop.startTime + 1_000_000
        _ = try h.frame(at: t0)
        h.loop.live.crossfadeToPage("b", seconds: 0.5, cause: .playlist, now: t0)
        _ = try h.frame(at: t0 + 499_000)
        #expect(h.loop.live.needsDraw)
        let image = try h.frame(at: t0 + 2_000_000)
        #expect(Self.near(image.pixel(50, 50), 0x20, 0x30, 0x40))
        #expect(!h.loop.live.needsDraw)
    }
}
