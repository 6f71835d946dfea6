import Testing
@testable import GadgetCore

/// What is said when a video starts in speech mode (`VideoDescriptionSpeech`): its label and
/// description; the description alone when it names the video; nothing for a video without
/// one, a gadget that is not a video, or a video of another page.
@Suite struct VideoStartSpeechTests {
    func board(_ gadgets: String) throws -> Board {
        try BoardDecoder.decode(Array(#"{"size":[320,240],"gadgets":[\#(gadgets)]}"#.utf8), file: "b.json").get()
    }

    @Test func theLabelThenTheDescription() throws {
        let b = try board(#"{"id":"v","center":[80,120],"size":[160,240],"video":"a.mp4","label":"Lobby film","description":"A guide waves."}"#)
        let s = try #require(VideoDescriptionSpeech.said(board: b, page: nil, gadget: "v", privateOutput: false))
        #expect(s.text == "Lobby film. A guide waves." && s.publicText == s.text)
    }

    @Test func aVideoNamedByItsDescriptionSaysItOnce() throws {
        let b = try board(#"{"id":"v","center":[80,120],"size":[160,240],"video":"a.mp4","description":"Rain on the lake."}"#)
        #expect(VideoDescriptionSpeech.said(board: b, page: nil, gadget: "v", privateOutput: false)?.text == "Rain on the lake.")
    }

    @Test func nothingWithoutADescriptionOrOffThePage() throws {
        let b = try board(#"{"id":"v","center":[80,120],"size":[160,240],"video":"a.mp4","label":"Film"},{"id":"t","center":[240,120],"size":[60,60],"text":{"string":"Hi"}}"#)
        #expect(VideoDescriptionSpeech.said(board: b, page: nil, gadget: "v", privateOutput: false) == nil)
        #expect(VideoDescriptionSpeech.said(board: b, page: nil, gadget: "t", privateOutput: false) == nil)
        let paged = try BoardDecoder.decode(Array(##"{"size":[320,240],"pages":[{"id":"p1","gadgets":[{"id":"x","center":[80,120],"size":[60,60],"color":"#ffffff","action":{"page":"p2"},"label":"Next"}]},{"id":"p2","gadgets":[{"id":"v","center":[80,120],"size":[160,240],"video":"a.mp4","description":"Rain"}]}]}"##.utf8), file: "b.json").get()
        #expect(VideoDescriptionSpeech.said(board: paged, page: "p1", gadget: "v", privateOutput: false) == nil)
        #expect(VideoDescriptionSpeech.said(board: paged, page: "p2", gadget: "v", privateOutput: false)?.text == "Rain")
    }
}
