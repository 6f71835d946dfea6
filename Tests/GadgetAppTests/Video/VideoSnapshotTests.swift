import Glibc
import Testing
@testable import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem

/// `snapshot --video-time`: each video shows the frame on screen at that time, compared with
/// FFmpeg's own RGB decode of that frame (clips made here with the ffmpeg CLI).
@Suite struct VideoSnapshotTests {
    /// A scratch directory for clips made at test time, removed with them when released.
    final class Workshop {
        let directory = scratchDirectory("video-snapshot")

        deinit {
            // Only plain files, one level deep.
            if let dir = opendir(directory) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name != ".", name != ".." { unlink(directory + "/" + name) }
                }
                closedir(dir)
            }
            rmdir(directory)
        }

        func ffmpeg(_ arguments: [String]) throws {
            let all = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y"] + arguments
            guard try ChildProcess.run(all).succeeded else { throw SystemError("ffmpeg", all.joined(separator: " "), errno: .ioError) }
        }

        func clip(_ name: String, source: String, frames: Int, pixelFormat: String) throws {
            try ffmpeg(["-f", "lavfi", "-i", source, "-frames:v", "\(frames)", "-c:v", "libx264", "-pix_fmt", pixelFormat, directory + "/" + name])
        }

        /// FFmpeg's RGB decode of frame `n` (selected by number, not by time: the reference
        /// cannot share a timing mistake with the code under test).
        func reference(_ name: String, frame n: Int) throws -> [UInt8] {
            let out = directory + "/ref-\(n).rgb"
            try ffmpeg(["-i", directory + "/" + name, "-vf", "select=eq(n\\,\(n))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", out])
            return try FileIO.read(out)
        }

        func board(_ json: String) throws -> LoadedBoard {
            let path = directory + "/board.json"
            try FileIO.replace(path, with: json)
            return try BoardLoader.load(path: path).get()
        }
    }

    static func psnr(_ rgb: [UInt8], _ image: RGBAImage) -> Double {
        var sum = 0.0
        for i in 0..<(image.width * image.height) {
            for c in 0..<3 {
                let d = Double(rgb[i * 3 + c]) - Double(image.pixels[i * 4 + c])
                sum += d * d
            }
        }
        let mse = sum / Double(image.width * image.height * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// A 320x240 board with one full-board video gadget whose `"video"` is `video`.
    static func board(video: String = #""clip.mp4""#) -> String {
        ##"{"size":[320,240],"background":"#000000","gadgets":[{"id":"v","center":[160,120],"size":[320,240],"video":"## + video + "}]}"
    }

    /// testsrc2 moves every frame, so a neighbouring frame scores far below the threshold: the
    /// test tells frames apart. 4:4:4, so the comparison is of frames and colour conversion, not
    /// of FFmpeg's bicubic chroma upsampling against the GPU's bilinear one.
    @Test(arguments: [(Microseconds(0), 0), (500_000, 15), (1_000_000, 30), (1_016_000, 30), (1_980_000, 59)])
    func theFrameAtATimeMatchesFFmpegsDecode(time: Microseconds, frame n: Int) throws {
        let w = Workshop()
        try w.clip("clip.mp4", source: "testsrc2=s=320x240:r=30", frames: 60, pixelFormat: "yuv444p")
        let shot = try Snapshot.render(try w.board(VideoSnapshotTests.board()), size: nil, videoTime: time)
        #expect(shot.videos == 1)
        let right = VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: n), shot.image)
        #expect(right >= 40, "frame \(n) at \(time) µs: \(right) dB")
        let neighbour = VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: n == 0 ? 1 : n - 1), shot.image)
        #expect(neighbour < 30, "the neighbouring frame scores \(neighbour) dB")
    }

    /// 4:2:0 (the common case) with frames whose colour encodes their index.
    @Test func fourTwoZeroFramesMatchToo() throws {
        let w = Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=320x240:r=25", "-frames:v", "25",
                      "-vf", "geq=lum='40+N*6':cb='60+N*5':cr='200-N*5'", "-c:v", "libx264", "-pix_fmt", "yuv420p", w.directory + "/clip.mp4"])
        let shot = try Snapshot.render(try w.board(VideoSnapshotTests.board()), size: nil, videoTime: 520_000)
        #expect(VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: 13), shot.image) >= 40)
        #expect(VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: 12), shot.image) < 40)
    }

    @Test func aLoopingClipWrapsAndAStoppingOneHoldsItsLastFrame() throws {
        let w = Workshop()
        try w.clip("clip.mp4", source: "testsrc2=s=320x240:r=30", frames: 60, pixelFormat: "yuv444p")
        let looping = try Snapshot.render(try w.board(VideoSnapshotTests.board()), size: nil, videoTime: 2_500_000)
        #expect(VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: 15), looping.image) >= 40)
        let once = VideoSnapshotTests.board(video: #"{"src":"clip.mp4","loop":false}"#)
        let held = try Snapshot.render(try w.board(once), size: nil, videoTime: 2_500_000)
        #expect(VideoSnapshotTests.psnr(try w.reference("clip.mp4", frame: 59), held.image) >= 40)
    }

    /// The video is one more draw call, between the board's sprites, in drawing order: a gadget
    /// above it covers it.
    @Test func theVideoIsOneMoreDrawCallInDrawingOrder() throws {
        let w = Workshop()
        try w.clip("clip.mp4", source: "testsrc2=s=320x240:r=30", frames: 2, pixelFormat: "yuv420p")
        let json = ##"{"size":[320,240],"background":"#000000","gadgets":["##
            + ##"{"id":"v","center":[160,120],"size":[320,240],"video":"clip.mp4"},"##
            + ##"{"id":"c","center":[40,40],"size":[40,40],"color":"#00ff00"}]}"##
        let shot = try Snapshot.render(try w.board(json), size: nil)
        // Background batch, the video, the square over it.
        #expect(shot.drawCalls == 3)
        let p = (40 * 320 + 40) * 4
        #expect(Array(shot.image.pixels[p..<p + 3]) == [0, 255, 0])
    }

    /// An opaque picture is drawn without blending (VideoProgram.drawQuad): it must still cover
    /// the background exactly, and a faded one must still blend over it.
    @Test func anOpaquePictureCoversTheBackgroundAndAFadedOneBlends() throws {
        let w = Workshop()
        try w.clip("clip.mp4", source: "testsrc2=s=320x240:r=30", frames: 2, pixelFormat: "yuv444p")
        func shot(background: String, opacity: Double) throws -> RGBAImage {
            let json = ##"{"size":[320,240],"background":"\##(background)","gadgets":[{"id":"v","center":[160,120],"size":[320,240],"opacity":\##(opacity),"video":"clip.mp4"}]}"##
            return try Snapshot.render(try w.board(json), size: nil).image
        }
        let onBlack = try shot(background: "#000000", opacity: 1), onWhite = try shot(background: "#ffffff", opacity: 1)
        #expect(onBlack.pixels == onWhite.pixels, "an opaque picture shows nothing of the background")
        let fadedBlack = try shot(background: "#000000", opacity: 0.5), fadedWhite = try shot(background: "#ffffff", opacity: 0.5)
        // The background shows through the faded picture evenly (by a quarter here: under the
        // picture, the gadget's placeholder colour, `VideoReference.placeholderColor`, is drawn at half
        // opacity too).
        var differences: [Int] = []
        for i in stride(from: 0, to: fadedBlack.pixels.count, by: 4 * 97) {
            differences.append(Int(fadedWhite.pixels[i]) - Int(fadedBlack.pixels[i]))
        }
        #expect(differences.allSatisfy { abs($0 - 64) <= 2 }, "\(differences.prefix(20))")
    }
}
