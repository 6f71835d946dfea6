import Testing
@testable import GadgetApp
import GadgetCore
import GadgetSystem

/// `check` (BoardLoader.load of a path) reads every video's captions: a missing or unparsable
/// file is refused in one line naming the JSON path and the file (and the line of a malformed
/// cue); a kiosk's load keeps the board and leaves that video without captions.
@Suite struct BoardCaptionsCheckTests {
    static let cue = "WEBVTT\n\n00:00.500 --> 00:01.500\n<i>Hello</i> &amp; welcome\n"

    func board(_ w: VideoSnapshotTests.Workshop, captions: [String]) throws -> String {
        try w.clip("clip.mp4", source: "testsrc2=s=64x48:r=10", frames: 10, pixelFormat: "yuv420p")
        let gadgets = captions.enumerated().map { i, c in
            #"{"id":"v\#(i)","center":[50,50],"size":[64,48],"video":"clip.mp4","captions":\#(c)}"#
        }
        let path = w.directory + "/board.json"
        try FileIO.replace(path, with: #"{"size":[100,100],"gadgets":["# + gadgets.joined(separator: ",") + "]}")
        return path
    }

    @Test func goodCaptionsAreParsedOnLoad() throws {
        let w = VideoSnapshotTests.Workshop()
        try FileIO.replace(w.directory + "/a.vtt", with: Self.cue)
        let loaded = try BoardLoader.load(path: try board(w, captions: [#""a.vtt""#, #"{"src":"a.vtt","show":false}"#])).get()
        #expect(loaded.captions["a.vtt"]?.text(at: 1_000_000) == "Hello & welcome")
        #expect(loaded.captionProblems.isEmpty)
    }

    @Test func badCaptionsAreRefusedOneLineEach() throws {
        let w = VideoSnapshotTests.Workshop()
        try FileIO.replace(w.directory + "/srt.vtt", with: "1\n00:00:01,000 --> 00:00:02,000\nan SRT file\n")
        try FileIO.replace(w.directory + "/bad.vtt", with: "WEBVTT\n\n00:00.500 --> 00:01.500\nok\n\n00:02.000 --> 00:01.000\nbackwards\n")
        let path = try board(w, captions: [#""missing.vtt""#, #""srt.vtt""#, #"{"src":"bad.vtt"}"#])
        guard case .failure(let problems) = BoardLoader.load(path: path) else { Issue.record("a board with bad captions passed"); return }
        #expect(problems.problems.map(\.description) == [
            "\(path): gadgets[0] (v0).captions: file not found: missing.vtt",
            "\(path): gadgets[1] (v1).captions: srt.vtt: line 1: not a WebVTT file (the first line must be WEBVTT)",
            "\(path): gadgets[2] (v2).captions.src: bad.vtt: line 6: the cue ends at or before its start",
        ])
        // A kiosk's load shows the board; those videos have no captions (logged when shown).
        let kiosk = try BoardLoader.loadForKiosk(path: path).get()
        #expect(kiosk.captions.isEmpty)
        #expect(kiosk.captionProblems.count == 3)
    }
}
