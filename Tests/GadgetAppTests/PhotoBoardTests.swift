import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender
import GadgetSystem

/// Photos through a board file: sized for their gadgets, told by content, and one-line errors
/// that name the board, the JSON path and the file.
@Suite struct PhotoBoardTests {
    /// A 1600×1200 gradient JPEG made by cjpeg (libjpeg-turbo-progs).
    func makeJPEG(_ dir: String, _ name: String) -> Bool {
        var ppm = Array("P6\n1600 1200\n255\n".utf8)
        for y in 0..<1200 { for x in 0..<1600 { ppm += [UInt8(x / 7 & 255), UInt8(y / 5 & 255), 128] } }
        guard (try? FileIO.replace(dir + "/g.ppm", with: ppm)) != nil else { return false }
        let status = system("cjpeg -quality 85 '\(dir)/g.ppm' > '\(dir)/\(name)'")
        if status != 0 { Issue.record("cjpeg failed: needs libjpeg-turbo-progs (scripts/install-deps.sh --test)") }
        return status == 0
    }

    @Test func photosAreDecodedForTheirGadgetAndToldByContent() throws {
        let dir = scratchDirectory("photo-board")
        guard makeJPEG(dir, "photo.jpg") else { return }
        // The same JPEG under a PNG name still decodes (content, not name).
        try FileIO.replace(dir + "/renamed.png", with: try FileIO.read(dir + "/photo.jpg"))
        try writeFile(dir + "/board.json", """
        {"size": [800, 600], "background": {"image": "renamed.png", "color": "#000000"}, "gadgets": [
          {"id": "a", "image": "photo.jpg", "center": [200, 200], "size": [100, 75], "maxScale": 2}
        ]}
        """)
        let loaded = try BoardLoader.load(path: dir + "/board.json").get()
        #expect(loaded.images["photo.jpg"]?.size == PixelSize(200, 150))
        #expect(loaded.images["renamed.png"]?.size == PixelSize(800, 600))
        // A display at twice the board's pixels asks for twice the pixels.
        let big = try BoardLoader.load(path: dir + "/board.json", displayScale: 2).get()
        #expect(big.images["photo.jpg"]?.size == PixelSize(400, 300))
        #expect(big.images["renamed.png"]?.size == PixelSize(1600, 1200))
    }

    @Test func badPhotosGiveOneLineNamingTheFile() throws {
        let dir = scratchDirectory("photo-errors")
        guard makeJPEG(dir, "good.jpg") else { return }
        let good = try FileIO.read(dir + "/good.jpg")
        try FileIO.replace(dir + "/cut.jpg", with: Array(good[0..<(good.count / 2)]))
        // SOI, SOF0 claiming 60000×60000, SOS, EOI: a 27-byte bomb.
        let bomb: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0xEA, 0x60, 0xEA, 0x60, 1, 1, 0x11, 0,
                             0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0xFF, 0xD9]
        try FileIO.replace(dir + "/bomb.jpg", with: bomb)
        try FileIO.replace(dir + "/junk.webp", with: Array("RIFF\u{20}\u{0}\u{0}\u{0}WEBPVP8 not really a webp at all".utf8))
        try writeFile(dir + "/board.json", """
        {"size": [800, 600], "gadgets": [
          {"id": "a", "image": "cut.jpg", "center": [1, 1], "size": [10, 10]},
          {"id": "b", "image": "bomb.jpg", "center": [1, 1], "size": [10, 10]},
          {"id": "c", "image": "junk.webp", "center": [1, 1], "size": [10, 10]}
        ]}
        """)
        guard case .failure(let p) = BoardLoader.load(path: dir + "/board.json") else { Issue.record("expected failure"); return }
        let lines = p.problems.map(\.description)
        let file = dir + "/board.json"
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("\(file): gadgets[0] (a).image: cut.jpg: corrupt or truncated JPEG (") })
        #expect(lines.contains { $0.hasPrefix("\(file): gadgets[1] (b).image: bomb.jpg: image claims 60000x60000 pixels") })
        #expect(lines.contains { $0.hasPrefix("\(file): gadgets[2] (c).image: junk.webp: corrupt or truncated WebP (") })
        #expect(lines.allSatisfy { !$0.contains("\n") })
    }
}
