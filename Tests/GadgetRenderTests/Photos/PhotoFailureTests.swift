import Testing
@testable import GadgetCore
@testable import GadgetRender

/// Bad photos give one-line errors and never a crash: truncated, garbage, decompression bombs.
@Suite struct PhotoFailureTests {
    /// A baseline JPEG header by hand (ITU T.81 B.2): SOI, SOF0 claiming `width`×`height` with one
    /// component, SOS, EOI. No tables and no data: it gets as far as the size and no further.
    static func jpegHeader(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8,
         0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 1, 1, 0x11, 0,
         0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0,
         0xFF, 0xD9]
    }

    func failure(_ bytes: [UInt8]) -> ImageDecodeFailure? {
        do { _ = try ImageDecoder.decode(bytes, needed: PixelSize(100, 100)); return nil } catch { return error }
    }

    @Test func jpegBombsAreRefusedFromTheHeader() {
        for (w, h) in [(60000, 60000), (12000, 9000), (20000, 5001)] {
            let f = failure(Self.jpegHeader(width: w, height: h))
            guard case .tooLarge(let line) = f else { Issue.record("\(w)x\(h): \(String(describing: f))"); continue }
            #expect(line.contains("\(w)x\(h)") && !line.contains("\n"))
        }
        // libjpeg's own limit (65500 a side) comes first for a very long thin one: still one line.
        #expect(failure(Self.jpegHeader(width: 65535, height: 1)).map { !$0.description.contains("\n") } == true)
        // Within the limits the same header gets past the size check and fails on the missing data.
        guard case .corrupt(let format, _) = failure(Self.jpegHeader(width: 100, height: 100)) else { Issue.record("no error"); return }
        #expect(format == "JPEG")
    }

    @Test func truncatedAndGarbageJPEG() throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeGradientPPM("g.ppm", width: 320, height: 240)
        guard shop.run("cjpeg -quality 90 g.ppm > g.jpg"), shop.run("cjpeg -quality 90 -progressive g.ppm > p.jpg") else { return }
        for name in ["g.jpg", "p.jpg"] {
            let good = shop.read(name)
            #expect(throws: Never.self) { try ImageDecoder.decode(good, needed: nil) }
            // Every cut: an error, never a crash or a half-grey image.
            for cut in stride(from: 0, to: good.count - 2, by: max(1, good.count / 97)) {
                let f = failure(Array(good[0..<cut]))
                #expect(f != nil, "\(name) cut at \(cut) of \(good.count) decoded")
                if let f { #expect(!f.description.contains("\n")) }
            }
            // Garbage over the entropy-coded data (after the headers).
            var garbage = good
            for i in stride(from: good.count / 2, to: good.count - 2, by: 1) { garbage[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 7) }
            if let f = failure(garbage) { #expect(!f.description.contains("\n")) }
        }
        let f = failure([0xFF, 0xD8, 0xFF] + Array(repeating: 0x41, count: 100))
        guard case .corrupt(let format, let reason) = f else { Issue.record("garbage JPEG: \(String(describing: f))"); return }
        #expect(format == "JPEG" && !reason.isEmpty)
    }

    @Test func truncatedAndGarbageWebP() throws {
        let shop = PhotoWorkshop(); defer { shop.close() }
        shop.writeGradientPPM("g.ppm", width: 320, height: 240)
        guard shop.run("cwebp -quiet -q 80 g.ppm -o lossy.webp"), shop.run("cwebp -quiet -lossless g.ppm -o lossless.webp") else { return }
        for name in ["lossy.webp", "lossless.webp"] {
            let good = shop.read(name)
            #expect(throws: Never.self) { try ImageDecoder.decode(good, needed: nil) }
            for cut in stride(from: 0, to: good.count - 1, by: max(1, good.count / 97)) {
                let f = failure(Array(good[0..<cut]))
                #expect(f != nil, "\(name) cut at \(cut) of \(good.count) decoded")
                if let f { #expect(!f.description.contains("\n")) }
            }
        }
        #expect(failure(Array("RIFF\u{10}\u{0}\u{0}\u{0}WEBPVP8 garbagegarbage".utf8)) != nil)
    }

    @Test func unknownFormats() {
        #expect(failure(Array("GIF89a....".utf8)) == .unknownFormat)
        #expect(failure([]) == .unknownFormat)
        #expect(ImageDecodeFailure.unknownFormat.description == "not a PNG, JPEG or WebP file")
    }
}
