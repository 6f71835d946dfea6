import Testing
@testable import GadgetCore

@Suite struct PhotoSizingTests {
    @Test func formatsAreToldByContent() {
        #expect(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat.detect([0xFF, 0xD8]) == nil)
        #expect(ImageFormat.detect(Array("GIF89a".utf8)) == nil)
    }

    /// libjpeg's scaled size is ceil(side × n / 8) (jdmaster.c jpeg_core_output_dimensions).
    @Test func decodeScaleIsTheSmallestThatStillCovers() {
        let photo = PixelSize(4000, 3000)
        #expect(DecodeScale.choose(source: photo, needed: PixelSize(480, 360)) == DecodeScale(1, 8))   // 500×375
        #expect(DecodeScale.choose(source: photo, needed: PixelSize(501, 360)) == DecodeScale(1, 4))   // 1000×750
        #expect(DecodeScale.choose(source: photo, needed: PixelSize(1920, 1440)) == DecodeScale(1, 2))
        #expect(DecodeScale.choose(source: photo, needed: PixelSize(2001, 100)) == .one)
        #expect(DecodeScale.choose(source: photo, needed: PixelSize(8000, 8000)) == .one)
        #expect(DecodeScale(1, 8).scaled(PixelSize(4001, 3001)) == PixelSize(501, 376))
        #expect(DecodeScale.choose(source: PixelSize(9, 9), needed: PixelSize(2, 2)) == DecodeScale(1, 8))   // ceil(9/8) = 2
        #expect(DecodeScale.choose(source: PixelSize(9, 9), needed: PixelSize(3, 3)) == DecodeScale(1, 4))   // ceil(9/4) = 3
    }

    @Test func bombLimits() {
        let limits = ImageDecodeLimits.standard
        #expect(limits.refusal(PixelSize(4000, 3000)) == nil)
        #expect(limits.refusal(PixelSize(10000, 10000)) == nil)         // exactly 100 MP
        #expect(limits.refusal(PixelSize(10001, 10000)) != nil)
        #expect(limits.refusal(PixelSize(65537, 1)) != nil)
        #expect(limits.refusal(PixelSize(0, 10)) != nil)
        let line = limits.refusal(PixelSize(60000, 60000)) ?? ""
        #expect(line.contains("60000x60000") && !line.contains("\n"))
    }

    @Test func imagesAreSizedForGadgetTimesMaxScaleAndTheBackgroundForTheBoard() throws {
        let json = """
        {"size": [1280, 720], "background": {"image": "bg.jpg", "color": "#000000"},
         "gadgets": [
           {"id": "a", "image": "p.jpg", "center": [100, 100], "size": [200, 150], "maxScale": 2},
           {"id": "b", "image": "p.jpg", "center": [400, 100], "size": [100, 300], "maxScale": 2},
           {"id": "c", "image": "fixed.png", "center": [600, 100], "size": [120.5, 50], "scalable": false},
           {"id": "d", "image": "huge.jpg", "center": [800, 100], "size": [300, 200]}
         ]}
        """
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        let sizes = board.imageDisplaySizes(maximumSide: 1000)
        #expect(sizes["bg.jpg"] == PixelSize(1000, 720))      // board size, capped at the page
        #expect(sizes["p.jpg"] == PixelSize(400, 600))         // the larger need per side
        #expect(sizes["fixed.png"] == PixelSize(121, 50))      // not scalable: shown at 1
        #expect(sizes["huge.jpg"] == PixelSize(1000, 800))     // default maxScale 4, capped
        #expect(board.imageDisplaySizes(displayScale: 2, maximumSide: 4086)["p.jpg"] == PixelSize(800, 1200))
    }
}

@Suite struct PlacardImageSizeTests {
    @Test func aSpringHomePlacardHasRoomToGrow() throws {
        let json = """
        {"size": [800, 600], "thresholds": {"placardGrowth": 1.5}, "gadgets": [
           {"id": "p", "image": "p.png", "center": [100, 100], "size": [200, 100], "springHome": true, "scalable": false}]}
        """
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(board.imageDisplaySizes(maximumSide: 4086)["p.png"] == PixelSize(300, 150))
    }
}
