import Testing
@testable import GadgetCore

/// The board file's `"video"` field.
@Suite struct BoardVideoDecoderTests {
    func decode(_ gadget: String) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[800,600],"gadgets":[\#(gadget)]}"#.utf8), file: "b.json")
    }

    func problems(_ gadget: String) -> [String] {
        if case .failure(let p) = decode(gadget) { return p.problems.map(\.description) }
        return []
    }

    @Test func aPathPlaysLoopingOverBlack() throws {
        let board = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":"clips/lobby.mp4"}"#).get()
        let g = board.gadgets[0]
        #expect(g.video == VideoReference(path: "clips/lobby.mp4", jsonPath: "gadgets[0] (v).video", loop: true))
        #expect(g.appearance == .color(VideoReference.placeholderColor))
        #expect(board.videoReferences.map(\.index) == [0])
    }

    @Test func theObjectFormSetsLoopAndPoster() throws {
        let board = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":{"src":"a.mp4","loop":false,"poster":"still.jpg"}}"#).get()
        let g = board.gadgets[0]
        #expect(g.video?.loop == false)
        #expect(g.video?.jsonPath == "gadgets[0] (v).video.src")
        // The poster is the gadget's image: decoded, checked and shown as images are.
        #expect(g.appearance == .image(ImageReference(path: "still.jpg", jsonPath: "gadgets[0] (v).video.poster")))
        #expect(board.imageReferences.map(\.path) == ["still.jpg"])
    }

    /// Sound plays unless muted (issue 37), at the clip's own level.
    @Test func theObjectFormSetsMutedAndVolume() throws {
        let plain = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":"a.mp4"}"#).get()
        #expect(plain.gadgets[0].video?.muted == false)
        #expect(plain.gadgets[0].video?.volume == 1)
        let quiet = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":{"src":"a.mp4","muted":true,"volume":0.25}}"#).get()
        #expect(quiet.gadgets[0].video?.muted == true)
        #expect(quiet.gadgets[0].video?.volume == 0.25)
    }

    @Test func aColourShowsUnderAVideoWithoutPoster() throws {
        let board = try decode(##"{"id":"v","center":[400,300],"size":[640,360],"color":"#ff0000","video":"a.mp4"}"##).get()
        #expect(board.gadgets[0].appearance == .color(Color(hex: "#ff0000")!))
    }

    @Test func mistakesAreNamedByTheirPath() {
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":""}"#) == ["b.json: gadgets[0] (v).video: empty file path"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":{"loop":true}}"#) == ["b.json: gadgets[0] (v).video.src: missing required field"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":{"src":"a.mp4","speed":2}}"#)
                == ["b.json: gadgets[0] (v).video.speed: unknown field (allowed: loop, muted, poster, src, volume)"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":{"src":"a.mp4","volume":1.5}}"#)
                == ["b.json: gadgets[0] (v).video.volume: 1.5 is out of range 0...1"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":{"src":"a.mp4","muted":"no"}}"#)
                == ["b.json: gadgets[0] (v).video.muted: expected true or false, got a string"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":{"src":"a.mp4","loop":"yes"}}"#)
                == ["b.json: gadgets[0] (v).video.loop: expected true or false, got a string"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"video":42}"#)
                == [#"b.json: gadgets[0] (v).video: expected a file path string or {"src", "loop", "poster", "muted", "volume"}, got a number"#])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[4,4],"image":"a.png","video":{"src":"a.mp4","poster":"b.png"}}"#)
                == ["b.json: gadgets[0] (v).video: has both a poster and an image (give one)"])
    }
}
