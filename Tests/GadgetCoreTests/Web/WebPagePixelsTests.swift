import GadgetCore
import Testing

/// "Start → first page pixels" (issue 40): a frame is the page's once any pixel differs from the
/// background WebKit fills a not-yet-painted view with.
@Suite struct WebPagePixelsTests {
    /// A `width`×`height` frame of `word`s, rows padded to `stride`, `page` written at (x, y).
    private func frame(width: Int, height: Int, stride: Int, fill word: UInt32, page: (x: Int, y: Int, word: UInt32)? = nil) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xAB, count: stride * height)
        func put(_ x: Int, _ y: Int, _ w: UInt32) {
            for i in 0..<4 { bytes[y * stride + x * 4 + i] = UInt8(truncatingIfNeeded: w >> (8 * UInt32(i))) }
        }
        for y in 0..<height { for x in 0..<width { put(x, y, word) } }
        if let page { put(page.x, page.y, page.word) }
        return bytes
    }

    @Test func aBlankWhiteFrameIsNotThePageAndOnePaintedPixelIs() {
        let blank = frame(width: 8, height: 4, stride: 40, fill: 0xFFFF_FFFF)
        #expect(!blank.withUnsafeBytes { WebPagePixels.showsPage($0, width: 8, height: 4, stride: 40, background: nil) })
        // The last pixel of the last row: every row and column is looked at, the padding is not.
        let painted = frame(width: 8, height: 4, stride: 40, fill: 0xFFFF_FFFF, page: (7, 3, 0xFF00_FF00))
        #expect(painted.withUnsafeBytes { WebPagePixels.showsPage($0, width: 8, height: 4, stride: 40, background: nil) })
    }

    @Test func theGadgetsBackgroundIsBlankAndWhiteOnItIsThePage() {
        let dark = Color(r: 0x20 / 255, g: 0x30 / 255, b: 0x40 / 255)
        #expect(WebPagePixels.backgroundWord(dark) == 0xFF20_3040)
        let blank = frame(width: 4, height: 2, stride: 16, fill: 0xFF20_3040)
        #expect(!blank.withUnsafeBytes { WebPagePixels.showsPage($0, width: 4, height: 2, stride: 16, background: dark) })
        // XRGB8888: the alpha byte is undefined and never decides.
        let xrgb = frame(width: 4, height: 2, stride: 16, fill: 0x0020_3040)
        #expect(!xrgb.withUnsafeBytes { WebPagePixels.showsPage($0, width: 4, height: 2, stride: 16, background: dark) })
        let white = frame(width: 4, height: 2, stride: 16, fill: 0xFF20_3040, page: (0, 0, 0xFFFF_FFFF))
        #expect(white.withUnsafeBytes { WebPagePixels.showsPage($0, width: 4, height: 2, stride: 16, background: dark) })
    }

    @Test func aTranslucentBackgroundCannotBeToldFromThePage() {
        #expect(WebPagePixels.backgroundWord(Color(r: 1, g: 1, b: 1, a: 0.5)) == nil)
        let blank = frame(width: 2, height: 2, stride: 8, fill: 0x8080_8080)
        #expect(blank.withUnsafeBytes { WebPagePixels.showsPage($0, width: 2, height: 2, stride: 8, background: Color(r: 1, g: 1, b: 1, a: 0.5)) })
    }

    @Test func aFrameShorterThanItsSizeSaysNo() {
        let short = [UInt8](repeating: 0, count: 10)
        #expect(!short.withUnsafeBytes { WebPagePixels.showsPage($0, width: 4, height: 2, stride: 16, background: nil) })
    }
}
