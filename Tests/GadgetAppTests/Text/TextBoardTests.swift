import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender

/// Text gadgets on a board: drawn by the batcher from the atlas the photos are in.
@Suite(.serialized) struct TextBoardTests {
    /// Photos, colours and text in three scripts over a colour, over a photo and over nothing.
    static let mixedBoard = """
    {"size": [640, 360], "background": "#101418", "gadgets": [
      {"id": "photo", "image": "checker.png", "center": [160, 120], "size": [240, 160],
       "text": {"string": "Caption under a photo", "size": 18, "color": "#ffffff", "align": "center", "verticalAlign": "bottom", "padding": 8}},
      {"id": "price", "color": "#f4efe6", "center": [480, 80], "size": [220, 80],
       "text": {"string": "3.20 €", "font": "DejaVu Sans", "size": 44, "weight": "bold", "color": "#1b1b1b", "align": "center", "verticalAlign": "middle"}},
      {"id": "disc", "image": "disc.png", "center": [480, 200], "size": [80, 80]},
      {"id": "arabic", "center": [480, 290], "size": [260, 50],
       "text": {"string": "أهلاً وسهلاً", "size": 32, "color": "#ffffff"}},
      {"id": "japanese", "color": "#2a6f97", "center": [160, 290], "size": [260, 60],
       "text": {"string": "ようこそ", "size": 32, "color": "#ffffff", "align": "center", "verticalAlign": "middle"}}
    ]}
    """

    @Test func imagesColoursAndTextInOneDrawCall() throws {
        let loaded = try textBoard(Self.mixedBoard)
        let shot = try Snapshot.render(loaded, size: nil)
        #expect(shot.drawCalls <= 2)   // the target
        #expect(shot.drawCalls == 1)   // photos and text share the one atlas page
        // The text is there: the board without it differs where each text is.
        var bare = loaded
        for i in bare.board.gadgets.indices { bare.board.gadgets[i].text = nil }
        let without = try Snapshot.render(bare, size: nil)
        for rect in [(50, 170, 270, 200), (380, 50, 580, 110), (360, 270, 600, 310), (40, 265, 280, 315)] {
            #expect(shot.image.maximumDifference(without.image, in: rect) > 100, "no text in \(rect)")
        }
    }

    /// `align: start` in an Arabic paragraph is its right edge (the paragraph runs right to left).
    @Test func arabicStartsAtTheRight() throws {
        let shot = try Snapshot.render(try textBoard(Self.mixedBoard), size: nil).image
        // The gadget spans x 350...610; the background is #101418 (red 16).
        let left = shot.inkCount(in: (350, 268, 480, 312), background: 16)
        let right = shot.inkCount(in: (480, 268, 610, 312), background: 16)
        #expect(right > 100)
        #expect(left < right / 4)
    }

    @Test func aFontThatIsNotInstalledDrawsInSansSerifWithAWarning() throws {
        // Not through `BoardLoader.load` (which refuses it, as `check` does): as `run` builds it.
        var loaded = try textBoard(Self.mixedBoard)
        loaded.board.gadgets[1].text?.style.font = .family("No Such Family 1234")
        let harness = try TextSceneHarness(loaded)
        _ = try harness.frame()
        #expect(harness.scene.textWarnings == ["gadgets[1] (price).text.font: font \"No Such Family 1234\" cannot be used; drawn in sans-serif"])
        #expect(harness.drawCalls == 1)
    }
}

/// A text cut by its box is said once, not again at every later text change (a bound clock
/// changes every minute; the live board logs what `setText` returns).
@Suite(.serialized) struct TextWarningOnceTests {
    @Test func aCutTextIsWarnedOnceAcrossLaterChanges() throws {
        let board = """
        {"size": [400, 200], "gadgets": [
          {"id": "clock", "center": [200, 60], "size": [300, 40], "text": {"string": "09:30", "size": 40, "color": "#ffffff"}},
          {"id": "label", "center": [200, 150], "size": [300, 60], "text": {"string": "a", "size": 20, "color": "#ffffff"}}
        ]}
        """
        let harness = try TextSceneHarness(try textBoard(board))
        _ = try harness.frame()
        #expect(harness.scene.textWarnings.count == 1)
        #expect(harness.scene.textWarnings.first?.hasPrefix("gadgets[0] (clock).text: text needs") == true)
        var clock = try #require(harness.scene.texts[0])
        var added: [String] = []
        for minute in ["09:31", "09:32", "09:33"] {
            clock.style.string = minute
            added += try harness.scene.setText(clock, ofGadget: 0, board: harness.board)
        }
        var label = try #require(harness.scene.texts[1])
        label.style.string = "b"
        added += try harness.scene.setText(label, ofGadget: 1, board: harness.board)
        #expect(added.isEmpty, "warned again: \(added)")
    }
}
