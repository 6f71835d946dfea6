import Testing
@testable import GadgetCore

/// A video's `"description"` (EN 301 549 5.1.3.7) is said where the gadget is: after its label
/// and role when the keypad focuses it (`focusSpeech`, also replay's), and after its label when
/// a finger explores it (`spoken(after:)`, the kiosk's touch speech), before its hint.
@Suite struct VideoDescriptionSpeechTests {
    static let board = """
    {"size":[400,300],"gadgets":[
      {"id":"lobby","center":[200,80],"size":[320,120],"video":"a.mp4","label":"Lobby film","hint":"Plays on its own",
       "description":"A guide walks through the hall and waves."},
      {"id":"bare","center":[200,230],"size":[320,120],"video":"b.mp4","description":"Rain on the lake."},
      {"id":"none","center":[380,280],"size":[20,20],"video":"c.mp4","label":"Clip"}
    ]}
    """

    func tree() throws -> AccessibilityTree {
        AccessibilityTree(board: try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get(), page: nil)
    }

    @Test func focusSaysLabelRoleDescriptionHint() throws {
        let node = try #require(try tree().node(id: "lobby"))
        let s = node.focusSpeech(privateOutput: false)
        #expect(s.text == "Lobby film, video. A guide walks through the hall and waves. Plays on its own")
        #expect(s.publicText == s.text)
        #expect(node.spoken(after: "Lobby film") == "Lobby film. A guide walks through the hall and waves. Plays on its own")
    }

    /// A video named by nothing else is named by its description, said once.
    @Test func anUnlabelledVideoIsNamedByItsDescription() throws {
        let node = try #require(try tree().node(id: "bare"))
        #expect(node.label == "Rain on the lake")
        #expect(node.description == nil)
        #expect(node.focusSpeech(privateOutput: false).text == "Rain on the lake, video")
        let plain = try #require(try tree().node(id: "none"))
        #expect(plain.focusSpeech(privateOutput: false).text == "Clip, video")
    }
}
