import CGLES2
import GadgetCore
import GadgetDisplay
import Testing
@testable import GadgetRender

/// The upload reads a decoded picture's rows where the decoder left them (`Plane(borrowing:)`,
/// rows `stride` apart with padding between them, as FFmpeg's frame pools align them): in one
/// glTexSubImage2D with GL_UNPACK_ROW_LENGTH where the GL has it (llvmpipe does), else packed
/// first. Both must draw exactly what a tightly packed copy of the same picture draws, and the
/// padding (filled with a colour no quadrant has) must never show.
@Suite(.serialized) struct VideoUploadRowsTests {
    static let width = 32, height = 16
    /// Y, Cb, Cr of the quadrants (top-left, top-right, bottom-left, bottom-right).
    static let quadrants: [(UInt8, UInt8, UInt8)] = [(81, 90, 240), (145, 54, 34), (41, 240, 110), (180, 60, 150)]
    static func sample(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
    }

    /// The picture's planes as (bytes, samples, rows, bytes per sample), rows `pad` bytes longer
    /// than their samples, the padding 255.
    static func planes(_ layout: VideoFrame.Layout, pad: Int) -> [(bytes: [UInt8], samples: Int, rows: Int, stride: Int)] {
        let cw = width / 2, ch = height / 2
        func plane(samples: Int, rows: Int, bytesPerSample: Int, _ value: (Int, Int) -> [UInt8]) -> ([UInt8], Int, Int, Int) {
            let stride = samples * bytesPerSample + pad
            var bytes = [UInt8](repeating: 255, count: stride * rows)
            for y in 0..<rows { for x in 0..<samples { for (k, b) in value(x, y).enumerated() { bytes[y * stride + x * bytesPerSample + k] = b } } }
            return (bytes, samples, rows, stride)
        }
        let y = plane(samples: width, rows: height, bytesPerSample: 1) { x, y in [sample(x, y).0] }
        switch layout {
        case .nv12:
            return [y, plane(samples: cw, rows: ch, bytesPerSample: 2) { x, y in [sample(2 * x, 2 * y).1, sample(2 * x, 2 * y).2] }]
        case .planar:
            return [y, plane(samples: cw, rows: ch, bytesPerSample: 1) { x, y in [sample(2 * x, 2 * y).1] },
                    plane(samples: cw, rows: ch, bytesPerSample: 1) { x, y in [sample(2 * x, 2 * y).2] }]
        }
    }

    /// Uploads the picture (borrowed rows when `borrowed`) and draws it over a 64×32 headless
    /// display; returns what is on screen.
    static func draw(_ layout: VideoFrame.Layout, pad: Int, borrowed: Bool, rowLength: Bool) throws -> RGBAImage {
        let size = PixelSize(64, 32)
        let display = try HeadlessDisplay(size: size)
        try display.beginFrame()
        let program = try VideoProgram()
        let textures = VideoTextures()
        defer { textures.destroy(); program.destroy() }
        textures.hasRowLength = rowLength
        let source = planes(layout, pad: pad)
        let color = VideoColor(matrix: .bt601, range: .limited)
        // Borrowed rows live in memory of the test's own, standing in for the decoder's buffer.
        let memory = source.map { p in
            let m = UnsafeMutableRawBufferPointer.allocate(byteCount: p.bytes.count, alignment: 64)
            m.copyBytes(from: p.bytes)
            return m
        }
        defer { for m in memory { m.deallocate() } }
        let planes: [VideoFrame.Plane] = zip(source, memory).map { p, m in
            guard borrowed else { return .init(bytes: p.bytes, width: p.samples, height: p.rows, stride: p.stride) }
            return .init(borrowing: .init(base: UnsafeRawPointer(m.baseAddress!), count: m.count, rowBytes: p.stride - pad),
                         width: p.samples, height: p.rows, stride: p.stride)
        }
        try textures.upload(VideoFrame(width: width, height: height, layout: layout, planes: planes, time: 0, duration: 33_333, color: color))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let viewport = BoardViewport(boardSize: Size2(64, 32), displaySize: size)
        program.draw(textures, center: Vector2(32, 16), size: Size2(64, 32), rotation: 0, opacity: 1, transform: viewport.clipTransform)
        try display.present()
        return try display.readPixels()
    }

    @Test(arguments: [VideoFrame.Layout.planar, .nv12])
    func paddedRowsDrawAsTheirPackedCopy(layout: VideoFrame.Layout) throws {
        let packed = try Self.draw(layout, pad: 0, borrowed: false, rowLength: true)
        // The picture itself: each quadrant's centre is the conversion of its samples.
        for (i, s) in Self.quadrants.enumerated() {
            let got = packed.pixel(16 + (i % 2) * 32, 8 + (i / 2) * 16)
            let (r, g, b) = VideoColor(matrix: .bt601, range: .limited).rgb(y: s.0, u: s.1, v: s.2)
            let want = [r, g, b].map { Int(($0 * 255).rounded()) }
            #expect(zip([Int(got.r), Int(got.g), Int(got.b)], want).allSatisfy { abs($0 - $1) <= 2 }, "quadrant \(i): \(got) against \(want)")
        }
        // Rows read in place with a row length, and packed first on a GL without one.
        #expect(try Self.draw(layout, pad: 24, borrowed: true, rowLength: true) == packed)
        #expect(try Self.draw(layout, pad: 24, borrowed: true, rowLength: false) == packed)
        // Owned bytes with padding (a stride longer than the row) take the same paths.
        #expect(try Self.draw(layout, pad: 8, borrowed: false, rowLength: true) == packed)
    }

    @Test func theGLHereTakesARowLength() throws {
        let display = try HeadlessDisplay(size: PixelSize(8, 8))
        try display.beginFrame()
        // llvmpipe's GLES 2 lists GL_EXT_unpack_subimage: the kiosk's upload here is in place.
        #expect(VideoTextures().hasRowLength)
    }

    @Test func aStrideShorterThanItsRowIsRefusedInOneLine() throws {
        let display = try HeadlessDisplay(size: PixelSize(8, 8))
        try display.beginFrame()
        let textures = VideoTextures()
        defer { textures.destroy() }
        let frame = VideoFrame(width: 4, height: 2, layout: .nv12,
                               planes: [.init(bytes: [UInt8](repeating: 100, count: 8), width: 4, height: 2, stride: 4),
                                        .init(bytes: [128, 128, 128], width: 2, height: 1, stride: 3)],
                               time: 0, duration: 33_333, color: VideoColor(matrix: .bt601, range: .limited))
        #expect(throws: GLError.self) { try textures.upload(frame) }
    }
}
