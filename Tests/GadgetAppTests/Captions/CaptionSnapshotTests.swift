import Testing
@testable import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem

/// A video's captions drawn by `snapshot --video-time` as the kiosk draws them: the cue of the
/// picture shown, white text on a dark plate at the bottom of the video; nothing outside the
/// cue, nothing when the board leaves them off, and the cue again on a loop's second pass.
@Suite struct CaptionSnapshotTests {
    /// A 2 s, 10 fps clip of flat mid-grey (no white or black of its own) and one cue, 0.5-1.2 s.
    func shot(at time: Microseconds, captions: String = #""c.vtt""#, rotation: Double = 0) throws -> RGBAImage {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=0x808080:s=320x240:r=10", "-frames:v", "20", "-c:v", "libx264", "-pix_fmt", "yuv444p",
                      w.directory + "/clip.mp4"])
        try FileIO.replace(w.directory + "/c.vtt", with: "WEBVTT\n\n00:00.500 --> 00:01.200\n<b>HELLO</b> WORLD\n")
        let board = ##"{"size":[320,240],"background":"#808080","gadgets":[{"id":"v","center":[160,120],"size":[320,240],"rotation":\##(rotation),"video":"clip.mp4","captions":\##(captions)}]}"##
        return try Snapshot.render(try w.board(board), size: nil, videoTime: time).image
    }

    /// Pixels of the lower third that are light (text: the clip and board are mid-grey, 128, so
    /// only the caption's glyphs, antialiased at 13 px, are above 170) and near black (plate).
    func marks(_ image: RGBAImage) -> (white: Int, dark: Int) {
        var white = 0, dark = 0
        for y in (image.height * 2 / 3)..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
                if r > 170 && g > 170 && b > 170 { white += 1 }
                if r < 30 && g < 30 && b < 30 { dark += 1 }
            }
        }
        return (white, dark)
    }

    @Test func theCueShowsInsideItsTimesOnly() throws {
        let inside = marks(try shot(at: 800_000))
        #expect(inside.white > 60 && inside.dark > 1000, "text and plate at 0.8 s: \(inside)")
        let before = marks(try shot(at: 300_000))
        #expect(before.white == 0 && before.dark == 0, "nothing at 0.3 s: \(before)")
        let after = marks(try shot(at: 1_500_000))
        #expect(after.white == 0 && after.dark == 0, "nothing at 1.5 s: \(after)")
    }

    /// The looping clip's second pass (2.8 s is clip time 0.8 s) shows the cue again.
    @Test func aLoopsSecondPassShowsItAgain() throws {
        let again = marks(try shot(at: 2_800_000))
        #expect(again.white > 60 && again.dark > 1000, "\(again)")
    }

    @Test func offUntilTheVisitorAsksWhenTheBoardSaysSo() throws {
        let off = marks(try shot(at: 800_000, captions: #"{"src":"c.vtt","show":false}"#))
        #expect(off.white == 0 && off.dark == 0, "\(off)")
    }

    /// Turned with its gadget: upside down, the plate is at the top of the picture.
    @Test func theCaptionTurnsWithItsVideo() throws {
        let image = try shot(at: 800_000, rotation: 180)
        #expect(marks(image).dark == 0)
        var flipped = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<4 { flipped.pixels[(y * image.width + x) * 4 + c] = image.pixels[((image.height - 1 - y) * image.width + x) * 4 + c] }
            }
        }
        #expect(marks(flipped).dark > 1000)
    }
}
