import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetVideo

/// The decoder against clips made with ffmpeg: order, times, the loop's seek, frame-accurate
/// seeks, and the files it refuses.
@Suite struct VideoDecoderTests {
    /// The index a frame of `Clips.indexed` encodes (its mean luma / 8).
    static func index(_ f: VideoFrame) -> Int {
        let y = f.planes[0].bytes
        return Int((Double(y.reduce(0) { $0 + Int($1) }) / Double(y.count) / 8).rounded())
    }

    @Test func decodesEveryFrameInOrderWithItsTime() throws {
        let clips = try Clips()
        let decoder = try VideoDecoder(path: try clips.indexed())
        #expect(decoder.info.width == 64 && decoder.info.height == 48)
        #expect(decoder.info.codec == "h264")
        // No V4L2 device on this machine: FFmpeg's software decoder.
        #expect(decoder.info.decoder == "h264" && decoder.info.decoderKind == .software)
        let duration = try #require(decoder.info.duration)
        #expect(abs(duration - 1_000_000) < 40_000)
        var frames: [VideoFrame] = []
        while let f = try decoder.nextFrame() { frames.append(f) }
        #expect(frames.map(VideoDecoderTests.index) == Array(0..<30))
        let expected: [Microseconds] = (0..<30).map { n in Microseconds((n * 1_000_000 + 15) / 30) }
        #expect(frames.map(\.time) == expected)
        let f = frames[0]
        #expect(f.layout == .planar && f.planes.count == 3)
        let widths = f.planes.map(\.width), heights = f.planes.map(\.height)
        #expect(widths == [64, 32, 32])
        #expect(heights == [48, 24, 24])
        #expect(f.planes[1].bytes.allSatisfy { $0 == 128 })
        // Untagged, 48 lines: BT.601, limited.
        #expect(f.color == VideoColor(matrix: .bt601, range: .limited))
        #expect(f.duration == 33_333)
    }

    @Test func rewindStartsAgainInTheSameDecoder() throws {
        let clips = try Clips()
        let decoder = try VideoDecoder(path: try clips.indexed(frames: 5))
        for pass in 0..<3 {
            var indices: [Int] = []
            while let f = try decoder.nextFrame() { indices.append(VideoDecoderTests.index(f)) }
            #expect(indices == [0, 1, 2, 3, 4], "pass \(pass)")
            try decoder.rewind()
        }
    }

    @Test func frameAtATimeIsTheFrameShownThen() throws {
        let clips = try Clips()
        let decoder = try VideoDecoder(path: try clips.indexed())
        let cases: [(Microseconds, Int)] = [(0, 0), (33_332, 0), (33_334, 1), (500_000, 15), (999_999, 29), (5_000_000, 29), (100_000, 3)]
        for (t, n) in cases {
            #expect(VideoDecoderTests.index(try decoder.frame(at: t)) == n, "t = \(t)")
        }
    }

    @Test func colourTagsComeFromTheStream() throws {
        let clips = try Clips()
        let path = try clips.make("tagged.mp4", ["-f", "lavfi", "-i", "testsrc2=s=128x96:r=25", "-frames:v", "2",
                                                 "-c:v", "libx264", "-pix_fmt", "yuvj420p", "-color_range", "pc", "-colorspace", "bt709"])
        let f = try #require(try VideoDecoder(path: path).nextFrame())
        #expect(f.color == VideoColor(matrix: .bt709, range: .full))
    }

    @Test func refusedFilesSayWhy() throws {
        let clips = try Clips()
        let text = try clips.writeText("notes.mp4", "this is not a video\n")
        #expect(throws: VideoError.notAVideo("Invalid data found when processing input")) { try VideoDecoder(path: text) }
        // A JPEG or PNG under a video's name opens as a one-frame image stream: refused as such.
        let jpeg = try clips.make("photo.jpg", ["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1"])
        let renamed = try clips.writeText("photo.mp4", "")
        try FileIO.replace(renamed, with: try FileIO.read(jpeg))
        #expect(throws: VideoError.stillImage("jpeg")) { try VideoDecoder(path: renamed) }
        let png = try clips.make("still.png", ["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1"])
        #expect(throws: VideoError.stillImage("png")) { try VideoDecoder(path: png) }
        let audio = try clips.make("tone.wav", ["-f", "lavfi", "-i", "sine=d=0.2"])
        #expect(throws: VideoError.noVideoStream) { try VideoDecoder(path: audio) }
        do {
            _ = try VideoDecoder(path: clips.directory + "/missing.mp4")
            Issue.record("a missing file opened")
        } catch {
            #expect(error.description.contains("No such file"))
        }
        let rgb = try clips.make("rgb.mov", ["-f", "lavfi", "-i", "testsrc2=s=32x32", "-frames:v", "1", "-c:v", "png"])
        #expect(throws: VideoError.unsupportedPixelFormat("rgb24")) { _ = try VideoDecoder(path: rgb).nextFrame() }
    }

    /// `check`'s probe: each bad file refused with the reason a board author can act on.
    @Test func theProbeRefusesWhatTheKioskCannotPlay() throws {
        let clips = try Clips()
        let good = try clips.make("good.mp4", ["-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-frames:v", "30",
                                               "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
        #expect((try? VideoProbe.check(path: good).get())?.width == 320)
        let whole = try FileIO.read(good)
        // Index first (faststart), data cut in half: the index promises what the file lacks.
        let half = clips.directory + "/half.mp4"
        try FileIO.replace(half, with: Array(whole.prefix(whole.count / 2)))
        #expect(VideoProbe.check(path: half).failure == .truncated)
        // Index last (the default), file cut before it: no index at all.
        let last = try clips.make("last.mp4", ["-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-frames:v", "30", "-c:v", "libx264"])
        let cut = clips.directory + "/cut.mp4"
        try FileIO.replace(cut, with: Array(try FileIO.read(last).prefix(4_000)))
        #expect(VideoProbe.check(path: cut).failure == .notAVideo("Invalid data found when processing input"))
        #expect(VideoProbe.check(path: good, limits: VideoLimits(maximumSide: 256)).failure
                == .tooLarge(width: 320, height: 240, limit: "the display's texture limit (256 pixels a side)"))
        #expect(VideoProbe.check(path: good, limits: VideoLimits(maximumSide: 4096, maximumPixels: 320 * 200)).failure != nil)
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { return e }; return nil }
}
