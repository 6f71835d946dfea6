import Glibc
import Testing
@testable import GadgetApp
import GadgetCore
import GadgetSystem
import GadgetVideo

/// `check` (BoardLoader.load with the board's directory): every bad video refused in one line
/// naming the board, the JSON path and the file.
@Suite struct BoardVideoCheckTests {
    @Test func badVideosAreRefusedOneLineEach() throws {
        let w = VideoSnapshotTests.Workshop()
        let d = w.directory
        try w.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-frames:v", "30", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                      "-movflags", "+faststart", d + "/good.mp4"])
        let good = try FileIO.read(d + "/good.mp4")
        try FileIO.replace(d + "/half.mp4", with: Array(good.prefix(good.count / 2)))
        try FileIO.replace(d + "/notes.mp4", with: "not a video\n")
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=d=0.2", d + "/tone.wav"])
        try w.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=32x32", "-frames:v", "1", "-c:v", "png", d + "/rgb.mov"])
        try w.ffmpeg(["-f", "lavfi", "-i", "color=s=2000x1200", "-frames:v", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", d + "/big.mp4"])
        // A photo renamed: FFmpeg opens it (jpeg_pipe, one mjpeg frame) and would play it as a still.
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", d + "/photo.jpg"])
        try FileIO.replace(d + "/photo.mp4", with: try FileIO.read(d + "/photo.jpg"))
        let names = ["good.mp4", "missing.mp4", "half.mp4", "notes.mp4", "tone.wav", "rgb.mov", "big.mp4", "photo.mp4"]
        let gadgets = names.enumerated().map { i, n in #"{"id":"g\#(i)","center":[10,10],"size":[10,10],"video":"\#(n)"}"# }
        let path = d + "/board.json"
        try FileIO.replace(path, with: #"{"size":[320,240],"gadgets":["# + gadgets.joined(separator: ",") + "]}")
        guard case .failure(let problems) = BoardLoader.load(path: path) else { Issue.record("a board with bad videos passed"); return }
        let lines = problems.problems.map(\.description)
        #expect(lines.count == 7)
        #expect(lines[0] == "\(path): gadgets[1] (g1).video: file not found: missing.mp4")
        #expect(lines[1] == "\(path): gadgets[2] (g2).video: half.mp4: truncated (the file ends before the data its index lists)")
        #expect(lines[2] == "\(path): gadgets[3] (g3).video: notes.mp4: not a video (FFmpeg: Invalid data found when processing input)")
        #expect(lines[3] == "\(path): gadgets[4] (g4).video: tone.wav: not a video (no video stream)")
        #expect(lines[4].hasPrefix("\(path): gadgets[5] (g5).video: rgb.mov: unsupported pixel format rgb24"))
        #expect(lines[5] == "\(path): gadgets[6] (g6).video: big.mp4: 2000x1200 is larger than the video pixel budget (2088960 pixels, 1920x1088)")
        #expect(lines[6] == "\(path): gadgets[7] (g7).video: photo.mp4: a still image (jpeg), not a video (give it as the gadget's image or the video's poster)")
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("avformat") })
    }
}
