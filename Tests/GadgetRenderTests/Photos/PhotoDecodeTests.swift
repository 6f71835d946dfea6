import Testing
@testable import GadgetCore
@testable import GadgetRender

/// JPEG and WebP decoding against files made by Debian's tools (PhotoWorkshop).
@Suite struct PhotoDecodeTests {
    /// Upright corner colours (top left, top right, bottom left, bottom right) of the quadrant
    /// photo for each EXIF orientation, written from EXIF 2.32 §4.6.4's table: where the stored
    /// row 0 and column 0 belong. Stored: red green / blue yellow.
    static let corners: [Int: [Int]] = {
        let (r, g, b, y) = (PhotoWorkshop.red, PhotoWorkshop.green, PhotoWorkshop.blue, PhotoWorkshop.yellow)
        return [
            1: [r, g, b, y],
            2: [g, r, y, b],   // mirrored left–right
            3: [y, b, g, r],   // half turn
            4: [b, y, r, g],   // mirrored top–bottom
            5: [r, b, g, y],   // transposed
            6: [b, r, y, g],   // quarter turn clockwise (a phone held upright)
            7: [y, g, b, r],   // transverse
            8: [g, y, r, b],   // quarter turn anticlockwise
        ]
    }()

    func checkCorners(_ image: RGBAImage, _ expected: [Int], _ what: String) {
        let inset = 3
        let points = [(inset, inset), (image.width - 1 - inset, inset), (inset, image.height - 1 - inset), (image.width - 1 - inset, image.height - 1 - inset)]
        for (k, (x, y)) in points.enumerated() {
            let c = PhotoWorkshop.quadrantColours[expected[k]]
            #expect(near(image.pixel(x, y), c), "\(what): corner \(k) is \(image.pixel(x, y)), expected \(c)")
        }
    }

    @Test(arguments: 1...8) func jpegOrientation(_ orientation: Int) throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeQuadrantPPM("q.ppm", width: 64, height: 48)
        guard shop.run("cjpeg -quality 95 -sample 1x1 q.ppm > q.jpg"),
              shop.run("exiftool -q -n -Orientation=\(orientation) -overwrite_original q.jpg") else { return }
        let decoded = try ImageDecoder.decode(shop.read("q.jpg"), needed: nil)
        #expect(decoded.format == .jpeg)
        #expect(decoded.orientation.rawValue == orientation)
        #expect(decoded.storedSize == PixelSize(64, 48))
        #expect(decoded.image.size == (orientation >= 5 ? PixelSize(48, 64) : PixelSize(64, 48)))
        checkCorners(decoded.image, Self.corners[orientation]!, "JPEG orientation \(orientation)")
    }

    @Test(arguments: [1, 3, 6, 8]) func webpOrientation(_ orientation: Int) throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeQuadrantPPM("q.ppm", width: 64, height: 48)
        guard shop.run("cwebp -quiet -q 95 q.ppm -o q.webp"),
              shop.run("exiftool -q -n -Orientation=\(orientation) -overwrite_original q.webp") else { return }
        let decoded = try ImageDecoder.decode(shop.read("q.webp"), needed: nil)
        #expect(decoded.format == .webp)
        #expect(decoded.orientation.rawValue == orientation)
        checkCorners(decoded.image, Self.corners[orientation]!, "WebP orientation \(orientation)")
    }

    /// A 1600×1200 photo shown at 200×150 decodes at 1/8 straight from the DCT (libjpeg-turbo's
    /// scaled IDCT): the same size and pixels as `djpeg -scale 1/8`.
    @Test func jpegDecodesAtOneEighthForASmallGadget() throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeGradientPPM("g.ppm", width: 1600, height: 1200)
        guard shop.run("cjpeg -quality 90 g.ppm > g.jpg"), shop.run("djpeg -scale 1/8 -pnm g.jpg > eighth.ppm") else { return }
        let reference = try #require(shop.readPPM("eighth.ppm"))
        #expect(reference.size == PixelSize(200, 150))
        let decoded = try ImageDecoder.decode(shop.read("g.jpg"), needed: PixelSize(200, 150))
        #expect(decoded.decodeScale == DecodeScale(1, 8))
        #expect(decoded.storedSize == PixelSize(1600, 1200))
        #expect(decoded.image.size == PixelSize(200, 150))
        let worst = zip(decoded.image.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 2, "largest channel difference from djpeg -scale 1/8: \(worst)")

        // Just over 1/8: decoded at 1/4 (400×300) and box-downscaled to the need, never below it.
        let bigger = try ImageDecoder.decode(shop.read("g.jpg"), needed: PixelSize(260, 190))
        #expect(bigger.decodeScale == DecodeScale(1, 4))
        #expect(bigger.image.size == PixelSize(260, 190))
        // Needs beyond the photo keep the photo's own size.
        #expect(try ImageDecoder.decode(shop.read("g.jpg"), needed: PixelSize(4000, 4000)).image.size == PixelSize(1600, 1200))
    }

    /// A portrait phone photo (stored 1600×1200, orientation 6) for an upright 150×200 gadget:
    /// the need is turned to the stored orientation before the scale is chosen.
    @Test func rotatedPhotoIsScaledForItsUprightSize() throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeGradientPPM("g.ppm", width: 1600, height: 1200)
        guard shop.run("cjpeg -quality 80 g.ppm > g.jpg"), shop.run("exiftool -q -n -Orientation=6 -overwrite_original g.jpg") else { return }
        let decoded = try ImageDecoder.decode(shop.read("g.jpg"), needed: PixelSize(150, 200))
        #expect(decoded.decodeScale == DecodeScale(1, 8))
        #expect(decoded.image.size == PixelSize(150, 200))
    }

    @Test func webpScalesWhileDecoding() throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeGradientPPM("g.ppm", width: 800, height: 600)
        guard shop.run("cwebp -quiet -q 80 g.ppm -o g.webp") else { return }
        let decoded = try ImageDecoder.decode(shop.read("g.webp"), needed: PixelSize(100, 75))
        #expect(decoded.storedSize == PixelSize(800, 600))
        #expect(decoded.image.size == PixelSize(100, 75))
        // The gradient survives: red grows left to right, green top to bottom.
        #expect(decoded.image.pixel(95, 37).r > 200 && decoded.image.pixel(4, 37).r < 50)
        #expect(decoded.image.pixel(50, 72).g > 200 && decoded.image.pixel(50, 2).g < 50)
    }
}
