import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// `"bind": {"video": …}`: a live value names the clip a video gadget plays. The change goes
/// through the live board's one way in (`GadgetChange.video`), the player is made again for the
/// new clip; a value that is not a clip inside the board's directory keeps the one playing.
@Suite(.serialized) struct LiveDataVideoTests {
    static func board(_ extra: String = "") -> String {
        #"{"size": [320, 240], "sources": [{"id": "clip", "topic": "cafe/clip"}], "gadgets": [{"id": "v", "center": [160, 120], "size": [320, 240], "video": "a.mp4", "bind": {"video": "{clip}"}}\#(extra)]}"#
    }

    @Test func aBoundClipSwitchesThePlayer() throws {
        let w = VideoSnapshotTests.Workshop()
        for name in ["a.mp4", "b.mp4"] { try w.clip(name, source: "testsrc2=s=64x48:r=30", frames: 6, pixelFormat: "yuv420p") }
        let broker = try LoopbackBroker()
        defer { broker.stop() }
        #expect(try broker.publishRetained("cafe/clip", "b.mp4"))
        let h = try LiveDataKioskTests.Harness(board: LiveDataVideoTests.board(), mqtt: broker.port, directory: w.directory, duration: 60)
        var played: [String] = []
        func clip(_ loop: KioskLoop) -> String? {
            let path = loop.features.videos?.player(for: "v")?.video.path
            if let path, played.last != path { played.append(path) }
            return path
        }
        // The board's own clip, read through `clip` so it is the first one `played` records (the
        // loop has not run yet: the retained value can arrive only once it does).
        #expect(clip(h.loop) == "a.mp4")
        try LiveDataFleetTests().run(h, [
            ("the retained value switches to b", { clip($0) == "b.mp4" }),
            // Outside the directory (not a board path: the binding keeps its last good value),
            // then a file that is not there (the live board refuses the change), then a: in order
            // on one connection, so a is played only after both were refused.
            ("bad values, then a", { _ in
                #expect((try? broker.publish("cafe/clip", "../a.mp4")) == true)
                #expect((try? broker.publish("cafe/clip", "missing.mp4")) == true)
                #expect((try? broker.publish("cafe/clip", "a.mp4")) == true)
                return true
            }),
            ("back to a", { clip($0) == "a.mp4" }),
        ])
        #expect(played == ["a.mp4", "b.mp4", "a.mp4"])
        #expect(h.loop.live.board.gadgets.first?.video?.path == "a.mp4")
    }

    /// `check`: binding `video` needs the gadget's own `video` (as `image` needs an image).
    @Test func bindingVideoNeedsAVideoGadget() {
        let bad = ##"{"size": [320, 240], "sources": [{"id": "clip", "topic": "c"}], "gadgets": [{"id": "v", "center": [160, 120], "size": [320, 240], "color": "#000000", "bind": {"video": "{clip}"}}]}"##
        guard case .failure(let problems) = BoardDecoder.decode(Array(bad.utf8), file: "b.json") else { Issue.record("accepted"); return }
        #expect(problems.problems.contains { $0.jsonPath == "gadgets[0] (v).bind.video" && $0.message.contains("no \"video\"") })
        guard case .success(let board) = BoardDecoder.decode(Array(LiveDataVideoTests.board().utf8), file: "b.json") else { Issue.record("refused"); return }
        #expect(board.gadgets[0].live?.bindings.map(\.property) == [.video])
        // At run time a value becomes a clip only as a path inside the board's directory.
        guard case .success(let path) = BoardRelativePath.parse("clips/b.mp4") else { Issue.record("clips/b.mp4 refused"); return }
        #expect(BoundValue.convert("clips/b.mp4", to: .video) == .video(path))
        #expect(BoundValue.convert("../b.mp4", to: .video) == nil && BoundValue.convert("/etc/b.mp4", to: .video) == nil)
    }
}
