import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// High contrast reaches every part drawn with text or as a control, not only the text gadgets
/// (docs/accessibility.md "Contrast and large text"): the on-screen keyboard (its keys, labels and
/// the field it types into), the "more time" notice and a video's captions, measured on the
/// pixels drawn: the WCAG ratio of the text against its background is at least 7:1 (WCAG
/// 1.4.6), a key's edge against the panel at least 3:1 (1.4.11). Large text makes the notice and
/// captions larger. Partial redraws equal full ones (`--verify-damage`).
@Suite(.serialized) struct HighContrastPartsTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    static func colour(_ p: RGB) -> Color { Color(r: Double(p.0) / 255, g: Double(p.1) / 255, b: Double(p.2) / 255) }
    static func ratio(_ a: RGB, _ b: RGB) -> Double { ContrastRatio.ratio(colour(a), colour(b)) }

    /// The contrast of the text in `pixels` against their background: the background is the
    /// commonest colour, the text the pixel that contrasts most with it (a glyph's core).
    static func textContrast(_ pixels: [RGB]) -> Double {
        var counts: [Int: Int] = [:]
        for p in pixels { counts[Int(p.0) << 16 | Int(p.1) << 8 | Int(p.2), default: 0] += 1 }
        let common = counts.max { $0.value < $1.value }!.key
        let background: RGB = (UInt8(common >> 16), UInt8((common >> 8) & 255), UInt8(common & 255))
        return pixels.map { ratio($0, background) }.max() ?? 1
    }

    static func pixels(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> [RGB] {
        var out: [RGB] = []
        for yy in y { for xx in x { let p = image.pixel(xx, yy); out.append((p.r, p.g, p.b)) } }
        return out
    }

    static func box(_ f: OnScreenKeyboardLayout.Frame) -> (x: Range<Int>, y: Range<Int>) {
        (Int(f.x.rounded(.up)) + 3..<Int(f.x + f.w) - 3, Int(f.y.rounded(.up)) + 3..<Int(f.y + f.h) - 3)
    }

    @Test func theKeyboardItsPressedKeyAndItsFieldReachSevenToOne() throws {
        let h = try OnScreenKeyboardKioskTests.Harness()
        _ = h.loop.live.focusField("name")
        try h.frames(20)
        try h.tap(try h.key("a").frame.center)
        #expect(h.loop.live.fields.text(of: "name") == "a")
        _ = h.loop.controlAccessibility(AccessibilityControl(contrast: true), now: h.now)
        try h.frames(3)
        let a = try h.key("a")
        let kb = try #require(h.keyboard)
        var image = try h.display.readPixels()
        // Every labelled key's label against its cap.
        for k in kb.keys where !k.label.isEmpty && k.label != " " {
            let b = Self.box(k.frame)
            let c = Self.textContrast(Self.pixels(image, x: b.x, y: b.y))
            #expect(c >= 7, "key \(k.label): \(c):1")
        }
        // A cap's edge against the panel around it.
        let panel = image.pixel(Int(a.frame.x) - 1, Int(a.frame.y + a.frame.h / 2))
        let edge = image.pixel(Int(a.frame.x) + 1, Int(a.frame.y + a.frame.h / 2))
        let edgeRatio = Self.ratio((panel.r, panel.g, panel.b), (edge.r, edge.g, edge.b))
        #expect(edgeRatio >= 3, "cap edge \(edgeRatio):1")
        // The field it types into (lifted above the keyboard): its text against its plate.
        let lift = h.loop.live.onScreenKeyboard.panel.lift
        let field = Self.pixels(image, x: 124..<516, y: Int(284 - lift)..<Int(316 - lift))
        let fieldRatio = Self.textContrast(field)
        #expect(fieldRatio >= 7, "field \(fieldRatio):1")

        // A key held down: its label against the lit cap.
        h.loop.input.deliver(h.touch(90, .began, a.frame.center))
        try h.frames(1)
        image = try h.display.readPixels()
        let b = Self.box(a.frame)
        let pressed = Self.textContrast(Self.pixels(image, x: b.x, y: b.y))
        #expect(pressed >= 7, "pressed key \(pressed):1")
        h.loop.input.deliver(h.touch(90, .ended, a.frame.center))
        try h.frames(2)
        let verify = try #require(h.loop.drawer.verifier)
        #expect(verify.mismatchedFrames == 0)
    }

    /// The "more time" notice over a white board: 7:1 in high contrast, twice the font's pixels
    /// with large text at 1.5 (a unit of 1 screen pixel per font pixel rounds to 2).
    @Test func theMoreTimeNoticeReachesSevenToOneAndGrowsWithLargeText() throws {
        var board = Board(size: Size2(320, 240), gadgets: [])
        board.background = .color(.white)
        let h = try DisplayModeKioskTests.Harness(decoded: board)
        h.loop.drawer.showTimeoutNotice(TimeLimitWarning.text)
        _ = h.loop.controlAccessibility(AccessibilityControl(contrast: true), now: h.now)
        try h.frames(2)
        // The panel: 8 px from the screen's edges, two lines (y 200…232); its first line, drawn
        // red in normal display, 6 px below its top.
        let image = try h.display.readPixels()
        let notice = Self.textContrast(Self.pixels(image, x: 12..<308, y: 204..<215))
        #expect(notice >= 7, "notice \(notice):1")
        // Rows of the panel with text: black (the plate) and white (glyphs) in one row; the
        // white board's rows have no black, the panel's white top edge no black either.
        func inkRows(_ image: RGBAImage) -> Int {
            (120..<240).filter { y in
                (24..<296).contains { x in image.pixel(x, y).r > 200 } && (24..<296).contains { x in image.pixel(x, y).r < 50 }
            }.count
        }
        let normalRows = inkRows(image)
        _ = h.loop.controlAccessibility(AccessibilityControl(largeText: true), now: h.now)
        try h.frames(2)
        let largeRows = inkRows(try h.display.readPixels())
        #expect(normalRows > 3 && largeRows >= normalRows * 3 / 2, "ink rows \(normalRows) → \(largeRows)")
    }

    /// A caption in high contrast: the mode's black and white (21:1; the plate is near-black,
    /// 19.6:1, in normal display), and larger with large text.
    @Test func aCaptionTakesTheModesPairAndGrowsWithLargeText() throws {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=0x808080:s=320x240:r=10", "-frames:v", "20", "-c:v", "libx264", "-pix_fmt", "yuv444p",
                      w.directory + "/clip.mp4"])
        try FileIO.replace(w.directory + "/c.vtt", with: "WEBVTT\n\n00:00.500 --> 00:01.200\nHELLO WORLD\n")
        let json = ##"{"size":[640,480],"background":"#808080","gadgets":[{"id":"v","center":[320,240],"size":[640,480],"video":"clip.mp4","captions":"c.vtt"}]}"##
        let board = try w.board(json)
        func shot(_ d: AccessibilityDisplay) throws -> RGBAImage { try Snapshot.render(board, size: nil, videoTime: 800_000, accessibility: d).image }
        func measure(_ image: RGBAImage) -> (ratio: Double, inkRows: Int, dark: RGB, light: RGB) {
            let lower = Self.pixels(image, x: 0..<image.width, y: image.height * 2 / 3..<image.height)
            let darkest = lower.min { ContrastRatio.luminance(Self.colour($0)) < ContrastRatio.luminance(Self.colour($1)) }!
            let lightest = lower.max { ContrastRatio.luminance(Self.colour($0)) < ContrastRatio.luminance(Self.colour($1)) }!
            let rows = (image.height * 2 / 3..<image.height).filter { y in
                (0..<image.width).contains { x in image.pixel(x, y).r > 200 && image.pixel(x, y).g > 200 }
            }.count
            return (Self.ratio(darkest, lightest), rows, darkest, lightest)
        }
        let contrast = measure(try shot(AccessibilityDisplay(highContrast: true)))
        #expect(contrast.ratio >= 20.5, "caption \(contrast.ratio):1, \(contrast.dark) against \(contrast.light)")
        let both = measure(try shot(AccessibilityDisplay(highContrast: true, largeText: true)))
        #expect(both.ratio >= 20.5 && Double(both.inkRows) >= Double(contrast.inkRows) * 1.3, "ink rows \(contrast.inkRows) → \(both.inkRows)")
    }
}
