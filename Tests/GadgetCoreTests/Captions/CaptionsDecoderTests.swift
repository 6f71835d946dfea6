import Testing
@testable import GadgetCore

/// A video gadget's `"captions"` and `"description"` in the board file.
@Suite struct CaptionsDecoderTests {
    func decode(_ gadget: String) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[800,600],"gadgets":[\#(gadget)]}"#.utf8), file: "b.json")
    }
    func problems(_ gadget: String) -> [String] {
        if case .failure(let p) = decode(gadget) { return p.problems.map(\.description) }
        return []
    }

    @Test func theStringFormShowsFromTheStart() throws {
        let board = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":"a.mp4","captions":"a.vtt","description":"A guide waves."}"#).get()
        #expect(board.gadgets[0].video?.captions == CaptionsReference(path: "a.vtt", jsonPath: "gadgets[0] (v).captions", show: true))
        #expect(board.gadgets[0].video?.spokenDescription == "A guide waves.")
        #expect(board.captionReferences.map(\.index) == [0])
    }

    @Test func theObjectFormMayWaitForTheVisitor() throws {
        let board = try decode(#"{"id":"v","center":[400,300],"size":[640,360],"video":{"src":"a.mp4"},"captions":{"src":"c/a.vtt","show":false}}"#).get()
        #expect(board.gadgets[0].video?.captions == CaptionsReference(path: "c/a.vtt", jsonPath: "gadgets[0] (v).captions.src", show: false))
    }

    @Test func mistakesAreOneLineEach() {
        #expect(problems(##"{"id":"t","center":[1,1],"size":[10,10],"color":"#000000","captions":"a.vtt"}"##)
                == ["b.json: gadgets[0] (t).captions: only a gadget with a video has captions"])
        #expect(problems(##"{"id":"t","center":[1,1],"size":[10,10],"color":"#000000","description":"x"}"##)
                == [#"b.json: gadgets[0] (t).description: only a gadget with a video has a description (give others a "hint")"#])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[10,10],"video":"a.mp4","captions":""}"#) == ["b.json: gadgets[0] (v).captions: empty file path"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[10,10],"video":"a.mp4","captions":{"show":true}}"#) == ["b.json: gadgets[0] (v).captions.src: missing required field"])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[10,10],"video":"a.mp4","captions":3}"#)
                == [#"b.json: gadgets[0] (v).captions: expected a WebVTT file path or {"src", "show"}, got a number"#])
        #expect(problems(#"{"id":"v","center":[1,1],"size":[10,10],"video":"a.mp4","description":""}"#) == ["b.json: gadgets[0] (v).description: expected a non-empty string"])
    }
}
