import Glibc
import Testing
@testable import GadgetCore
@testable import GadgetRender
@testable import GadgetGL

/// Reads a fixture beside this file (no Foundation bundle needed).
func fixture(_ name: String, file: String = #filePath) -> [UInt8] {
    let dir = String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures/png/"
    guard let f = fopen(dir + name, "rb") else { Issue.record("missing fixture \(name)"); return [] }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out += buf[0..<n]
    }
    return out
}

@Suite struct PNGCodecTests {
    /// The logical pixels every colour-type fixture encodes (make-fixtures.py).
    static let expected: [(UInt8, UInt8, UInt8, UInt8)] = [
        (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255),
        (0, 0, 0, 255), (128, 128, 128, 255), (255, 0, 0, 128), (0, 0, 0, 0),
    ]

    func pixels(_ img: RGBAImage) -> [(UInt8, UInt8, UInt8, UInt8)] {
        (0..<img.height).flatMap { y in (0..<img.width).map { x in let p = img.pixel(x, y); return (p.r, p.g, p.b, p.a) } }
    }

    func same(_ a: [(UInt8, UInt8, UInt8, UInt8)], _ b: [(UInt8, UInt8, UInt8, UInt8)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    }

    @Test func rgba8AndRgba16() throws {
        #expect(same(pixels(try PNGCodec.decode(fixture("rgba8.png"))), Self.expected))
        #expect(same(pixels(try PNGCodec.decode(fixture("rgba16.png"))), Self.expected))
    }

    @Test func rgbIsOpaqueAndColourKeyIsTransparent() throws {
        let opaque = Self.expected.map { ($0.0, $0.1, $0.2, UInt8(255)) }
        #expect(same(pixels(try PNGCodec.decode(fixture("rgb8.png"))), opaque))
        let keyed = pixels(try PNGCodec.decode(fixture("rgb8-trns.png")))
        #expect(keyed[4].3 == 0)   // black is the tRNS key
        #expect(keyed[7].3 == 0)
        #expect(keyed[0] == (255, 0, 0, 255))
    }

    @Test func greyAndGreyAlpha() throws {
        let g = pixels(try PNGCodec.decode(fixture("grey8.png")))
        #expect(same(g, [0, 85, 170, 255, 255, 170, 85, 0].map { (UInt8($0), UInt8($0), UInt8($0), UInt8(255)) }))
        let ga = pixels(try PNGCodec.decode(fixture("grey-alpha8.png")))
        #expect(ga.map(\.3) == [255, 255, 128, 0, 255, 255, 255, 255])
        #expect(ga[1].0 == 85 && ga[1].1 == 85 && ga[1].2 == 85)
    }

    @Test func paletteWithAndWithoutTransparency() throws {
        let red = (UInt8(255), UInt8(0), UInt8(0), UInt8(255)), green = (UInt8(0), UInt8(255), UInt8(0), UInt8(255))
        let blue = (UInt8(0), UInt8(0), UInt8(255), UInt8(255)), white = (UInt8(255), UInt8(255), UInt8(255), UInt8(255))
        #expect(same(pixels(try PNGCodec.decode(fixture("palette8.png"))), [red, green, blue, white, white, blue, green, red]))
        let t = pixels(try PNGCodec.decode(fixture("palette8-trns.png")))
        #expect(t.map(\.3) == [255, 128, 0, 255, 255, 0, 128, 255])
        let one = pixels(try PNGCodec.decode(fixture("palette1.png")))
        #expect(one.map(\.0) == [255, 0, 255, 0, 0, 255, 0, 255])
    }

    @Test func brokenFilesAreErrorsNotCrashes() {
        #expect(throws: PNGCodec.Failure.notPNG) { try PNGCodec.decode(fixture("not-a-png.png")) }
        #expect(throws: PNGCodec.Failure.notPNG) { try PNGCodec.decode([]) }
        #expect(throws: PNGCodec.Failure.tooLarge(width: 9000, height: 1)) { try PNGCodec.decode(fixture("too-wide.png")) }
        for name in ["truncated.png", "corrupt-crc.png"] {
            #expect(throws: PNGCodec.Failure.self) { try PNGCodec.decode(fixture(name)) }
        }
        // Every prefix of a valid file either fails cleanly or (when only the trailing IEND is
        // cut) gives the whole image: never a half image.
        let full = fixture("rgba8.png")
        let whole = try? PNGCodec.decode(full)
        var failures = 0
        for n in 0..<full.count {
            if let img = try? PNGCodec.decode(Array(full[0..<n])) { #expect(img == whole, "prefix \(n)") } else { failures += 1 }
        }
        #expect(failures >= full.count - 12)
    }

    /// Found by Fuzz/run.sh png: a header chunk claiming 1.4 GB made libpng allocate that much
    /// before failing at the end of the data. It is refused before libpng sees it, and a valid
    /// file with a header chunk still decodes.
    @Test func headerChunkPastTheEndIsRefusedBeforeLibpng() throws {
        let valid = fixture("rgba8.png")
        let afterIHDR = 8 + 25
        let huge: [UInt8] = [0x54, 0x00, 0x00, 0x0A] + Array("tEXtTitle".utf8)
        let file = Array(valid[0..<afterIHDR]) + huge + Array(valid[afterIHDR...])
        #expect(throws: PNGCodec.Failure.corrupt("tEXt chunk runs past the end of the file")) { try PNGCodec.decode(file) }
        #expect(PNGCodec.firstOverlongHeaderChunk(valid) == nil)
        // Image data cut short is libpng's to judge, as before.
        #expect(PNGCodec.firstOverlongHeaderChunk(Array(valid.dropLast(14))) == nil)
    }

    @Test func encodeRoundTrips() throws {
        var img = RGBAImage(width: 37, height: 5)
        for y in 0..<5 { for x in 0..<37 { img.setPixel(x, y, (UInt8(x * 7 % 256), UInt8(y * 50), UInt8((x + y) % 256), UInt8(255 - x))) } }
        #expect(try PNGCodec.decode(PNGCodec.encode(img)) == img)
    }
}

@Suite struct ImageProcessingTests {
    @Test func premultiplies() {
        var img = RGBAImage(width: 2, height: 1)
        img.setPixel(0, 0, (255, 128, 0, 128))
        img.setPixel(1, 0, (10, 20, 30, 255))
        let p = img.premultiplied()
        #expect(p.pixel(0, 0) == (128, 64, 0, 128))
        #expect(p.pixel(1, 0) == (10, 20, 30, 255))
    }

    /// Premultiplying starts at the first translucent pixel; an opaque image is returned as it
    /// is, sharing its storage (no second copy of every photo while an atlas is built).
    @Test func premultipliesFromTheFirstTranslucentPixelAndSharesAnOpaqueImage() {
        var img = RGBAImage(width: 3, height: 1, fill: (200, 100, 50, 255))
        img.setPixel(2, 0, (200, 100, 50, 0))
        let p = img.premultiplied()
        #expect(p.pixel(0, 0) == (200, 100, 50, 255) && p.pixel(1, 0) == (200, 100, 50, 255))
        #expect(p.pixel(2, 0) == (0, 0, 0, 0))
        let opaque = RGBAImage(width: 64, height: 64, fill: (9, 8, 7, 255))
        let same = opaque.premultiplied()
        #expect(same == opaque)
        let a = opaque.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let b = same.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(a == b)
    }

    /// glReadPixels' rows (bottom first) turned top first in place, alpha forced opaque, for odd
    /// and even heights (the middle row of an odd one stays).
    @Test func readbackRowsAreTurnedTopFirstAndOpaque() {
        for h in [1, 2, 3, 4] {
            let w = 2
            let raw: [UInt8] = (0..<h).flatMap { y in (0..<w).flatMap { x in [UInt8(y), UInt8(x), 7, 0] } }
            let img = FramebufferReadback.image(fromBottomUp: raw, size: PixelSize(w, h))
            for y in 0..<h { for x in 0..<w { #expect(img.pixel(x, y) == (UInt8(h - 1 - y), UInt8(x), 7, 255)) } }
        }
    }

    @Test func downscalesToFitKeepingAspect() {
        let big = RGBAImage(width: 5000, height: 2500, fill: (10, 20, 30, 255))
        let small = big.downscaled(toFit: 4000)
        #expect(small.width == 4000 && small.height == 2000)
        #expect(small.pixel(1999, 999) == (10, 20, 30, 255))
    }

    @Test func atlasPacksWithoutOverlapAndKeepsAWhiteBlock() {
        let sizes = [PixelSize(300, 200), PixelSize(64, 64), PixelSize(1000, 900), PixelSize(5, 700), PixelSize(900, 1000)]
        let layout = AtlasLayout(sizes: sizes, pageSide: 2048)
        #expect(layout.pages.count == 1)
        var rects: [(Int, Int, Int, Int)] = [(0, 0, AtlasLayout.whiteBlock, AtlasLayout.whiteBlock)]
        for (i, x, y) in layout.pages[0].placements {
            let g = AtlasLayout.gutter
            rects.append((x - g, y - g, sizes[i].width + 2 * g, sizes[i].height + 2 * g))
            #expect(x + sizes[i].width + g <= layout.pages[0].width && y + sizes[i].height + g <= layout.pages[0].height)
        }
        for a in 0..<rects.count {
            for b in (a + 1)..<rects.count {
                let (ax, ay, aw, ah) = rects[a], (bx, by, bw, bh) = rects[b]
                #expect(ax + aw <= bx || bx + bw <= ax || ay + ah <= by || by + bh <= ay, "rects \(a) and \(b) overlap")
            }
        }
        let images = sizes.map { RGBAImage(width: $0.width, height: $0.height, fill: (1, 2, 3, 4)) }
        let page = layout.composePage(0, images: images)
        #expect(page.pixel(1, 1) == (255, 255, 255, 255))
    }

    /// A page composed in bands of rows (as `BoardScene` uploads it) has the texels of the page
    /// composed whole, gutters and white block included, whatever the band height.
    @Test func aPageComposedInBandsEqualsThePageComposedWhole() {
        let sizes = [PixelSize(30, 20), PixelSize(7, 40), PixelSize(50, 9), PixelSize(1, 1)]
        let images = sizes.enumerated().map { i, s in
            var img = RGBAImage(width: s.width, height: s.height)
            for y in 0..<s.height { for x in 0..<s.width { img.setPixel(x, y, (UInt8(x * 7 % 256), UInt8(y * 5 % 256), UInt8(i * 60), 255)) } }
            return img
        }
        let layout = AtlasLayout(sizes: sizes, pageSide: 128)
        let whole = layout.composePage(0, images: images)
        for band in [1, 3, 16, 1000] {
            var pixels: [UInt8] = []
            var y = 0
            while y < whole.height {
                let part = layout.composePage(0, images: images, rows: y..<(y + band))
                #expect(part.width == whole.width && part.height == min(band, whole.height - y))
                pixels += part.pixels
                y += part.height
            }
            #expect(pixels == whole.pixels, "bands of \(band) rows")
        }
    }

    @Test func atlasOverflowsIntoMorePages() {
        let layout = AtlasLayout(sizes: Array(repeating: PixelSize(900, 900), count: 5), pageSide: 2048)
        #expect(layout.pages.count == 2)
        #expect(Set(layout.regions.map(\.page)) == [0, 1])
    }
}
