import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender
import GadgetSystem

/// Renders boards headless and compares with stored goldens: pixels whose 3×3 neighbourhood in
/// the golden is uniform (solid fills) must match exactly; others (edges, filtered textures) may
/// differ by a small per-channel tolerance. Set GADGETBOARD_UPDATE_GOLDENS=1 to rewrite them:
/// each rewritten golden is then a recorded failure (nothing was compared), so look at them and
/// run again without the variable before committing.
@Suite struct GoldenImageTests {
    static let edgeTolerance = 6

    func compare(_ image: RGBAImage, golden name: String) throws {
        let path = fixturesDirectory() + "/goldens/" + name
        if getenv("GADGETBOARD_UPDATE_GOLDENS") != nil {
            try FileIO.replace(path, with: try PNGCodec.encode(image))
            // Nothing was compared: a run that rewrites the goldens must not read as a pass.
            Issue.record("GADGETBOARD_UPDATE_GOLDENS is set: wrote \(name) and compared nothing; look at it, then run again without the variable")
            return
        }
        let golden = try PNGCodec.decode(try FileIO.read(path))
        try #require(golden.size == image.size, "size \(image.size) vs golden \(golden.size)")
        var exactMismatches = 0, edgeMismatches = 0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let g = golden.pixel(x, y), r = image.pixel(x, y)
                var uniform = true
                for dy in -1...1 { for dx in -1...1 {
                    let nx = min(max(x + dx, 0), golden.width - 1), ny = min(max(y + dy, 0), golden.height - 1)
                    if golden.pixel(nx, ny) != g { uniform = false }
                } }
                let d = max(abs(Int(g.r) - Int(r.r)), abs(Int(g.g) - Int(r.g)), abs(Int(g.b) - Int(r.b)))
                if uniform && d != 0 { exactMismatches += 1 }
                if !uniform && d > Self.edgeTolerance { edgeMismatches += 1 }
            }
        }
        #expect(exactMismatches == 0, "\(exactMismatches) solid-fill pixels differ from \(name)")
        #expect(edgeMismatches == 0, "\(edgeMismatches) edge pixels differ by more than \(Self.edgeTolerance) from \(name)")
    }

    func goldenBoard() throws -> LoadedBoard { try BoardLoader.load(path: fixturesDirectory() + "/golden-board/board.json").get() }

    @Test func boardAtItsOwnSize() throws {
        let shot = try Snapshot.render(try goldenBoard(), size: nil)
        #expect(shot.drawCalls == 1)
        // Known colours, independent of the golden: background, opaque red, checker corner.
        #expect(shot.image.pixel(5, 195) == (0x20, 0x30, 0x40, 255))
        #expect(shot.image.pixel(60, 50) == (255, 0, 0, 255))
        #expect(shot.image.pixel(230, 30) == (255, 255, 255, 255))
        try compare(shot.image, golden: "board-320x200.png")
    }

    @Test func letterboxedOnAWiderDisplay() throws {
        let shot = try Snapshot.render(try goldenBoard(), size: PixelSize(480, 200))
        // The board (320x200) is centred: 80 px bars of the background colour on each side.
        #expect(shot.image.pixel(10, 100) == (0x20, 0x30, 0x40, 255))
        #expect(shot.image.pixel(80 + 60, 50) == (255, 0, 0, 255))
        try compare(shot.image, golden: "board-480x200-letterbox.png")
    }

    @Test func rotatedQuarterTurn() throws {
        let shot = try Snapshot.render(try goldenBoard(), size: PixelSize(200, 320), orientation: .panel(.quarter))
        // Turned 90° clockwise: board (x, y) lands at display (200 − y, x).
        #expect(shot.image.pixel(200 - 50, 60) == (255, 0, 0, 255))
        try compare(shot.image, golden: "board-200x320-rot90.png")
    }

    @Test func demoBoardIsOneDrawCall() throws {
        let shot = try Snapshot.render(try DemoBoard.load().get(), size: PixelSize(640, 360))
        #expect(shot.drawCalls == 1)
        try compare(shot.image, golden: "demo-640x360.png")
    }
}
