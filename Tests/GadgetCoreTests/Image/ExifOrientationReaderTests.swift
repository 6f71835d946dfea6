import Testing
@testable import GadgetCore

/// Hand-built files in both TIFF byte orders (TIFF 6.0 §2); real camera-style files made with
/// exiftool are in GadgetRenderTests' PhotoDecodeTests.
@Suite struct ExifOrientationReaderTests {
    /// A TIFF block whose IFD0 holds `tags` (tag, type, count, value) in `bigEndian` order.
    static func tiff(bigEndian: Bool, tags: [(Int, Int, Int, Int)]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 255), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var t: [UInt8] = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8) + u16(tags.count)
        for (tag, type, count, value) in tags { t += u16(tag) + u16(type) + u32(count) + u16(value) + [0, 0] }
        return t + u32(0)
    }

    /// SOI, an APP0 (JFIF), APP1 "Exif\0\0" + `tiff`, then a scan start.
    static func jpeg(_ tiff: [UInt8]) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
        return [0xFF, 0xD8] + app0 + app1 + [0xFF, 0xDA, 0, 2]
    }

    static func webp(exifChunk: [UInt8]) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 255) } }
        let vp8x = Array("VP8X".utf8) + le32(10) + [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        var exif = Array("EXIF".utf8) + le32(exifChunk.count) + exifChunk
        if exifChunk.count % 2 == 1 { exif.append(0) }
        let body = Array("WEBP".utf8) + vp8x + exif
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    @Test(arguments: 1...8) func jpegBothByteOrders(_ value: Int) {
        for big in [true, false] {
            let t = Self.tiff(bigEndian: big, tags: [(0x010F, 2, 4, 0x4142), (0x0112, 3, 1, value), (0x011A, 5, 1, 0)])
            #expect(ExifOrientationReader.orientation(in: Self.jpeg(t)).rawValue == value)
        }
    }

    @Test func webpChunkWithAndWithoutExifPrefix() {
        let t = Self.tiff(bigEndian: false, tags: [(0x0112, 3, 1, 6)])
        #expect(ExifOrientationReader.orientation(in: Self.webp(exifChunk: t)) == .right)
        #expect(ExifOrientationReader.orientation(in: Self.webp(exifChunk: Array("Exif".utf8) + [0, 0] + t)) == .right)
    }

    @Test func missingOrMalformedReadsAsUp() {
        let good = Self.tiff(bigEndian: true, tags: [(0x0112, 3, 1, 8)])
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(good)) == .left)
        // Out of range, wrong type, wrong count, no tag, bad byte order, truncated anywhere.
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(Self.tiff(bigEndian: true, tags: [(0x0112, 3, 1, 9)]))) == .up)
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(Self.tiff(bigEndian: true, tags: [(0x0112, 4, 1, 6)]))) == .up)
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(Self.tiff(bigEndian: true, tags: [(0x0112, 3, 2, 6)]))) == .up)
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(Self.tiff(bigEndian: true, tags: [(0x0110, 3, 1, 6)]))) == .up)
        var badOrder = good; badOrder[0] = 0x4A
        #expect(ExifOrientationReader.orientation(in: Self.jpeg(badOrder)) == .up)
        let file = Self.jpeg(good)
        for cut in 0..<file.count { _ = ExifOrientationReader.orientation(in: Array(file[0..<cut])) }
        #expect(ExifOrientationReader.orientation(in: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .up)
        #expect(ExifOrientationReader.orientation(in: []) == .up)
    }
}
