import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender

/// Text changed while the board runs (`BoardScene.setText`, the control socket's "set … text")
/// and text re-rasterised at the zoom it is shown at once a pinch settles (`sharpenText`).
@Suite(.serialized) struct LiveTextTests {
    static func priceBoard(_ price: String) -> String {
        """
        {"size": [400, 200], "background": "#101418", "gadgets": [
          {"id": "photo", "image": "checker.png", "center": [100, 100], "size": [160, 160]},
          {"id": "price", "color": "#f4efe6", "center": [300, 100], "size": [160, 80],
           "text": {"string": "\(price)", "size": 36, "color": "#1b1b1b", "align": "center", "verticalAlign": "middle"}}
        ]}
        """
    }

    @Test func setTextDrawsWhatAFreshBoardWithThatTextDraws() throws {
        let harness = try TextSceneHarness(try textBoard(Self.priceBoard("3.10 €")))
        let before = try harness.frame()
        let pages = harness.scene.pageCount
        try harness.scene.setText("3.20 €", forGadget: "price", board: harness.board)
        let after = try harness.frame()
        let fresh = try TextSceneHarness(try textBoard(Self.priceBoard("3.20 €"))).frame()
        #expect(after.maximumDifference(fresh) == 0)
        #expect(before.maximumDifference(after, in: (220, 60, 380, 140)) > 100)
        #expect(before.maximumDifference(after, in: (0, 0, 210, 200)) == 0)   // the photo is untouched
        #expect(harness.scene.contentRevisions == [0, 1])
        #expect(harness.scene.pageCount == pages)
        #expect(harness.drawCalls == 1)
    }

    @Test func setTextRefusesWhatItCannotDo() throws {
        let harness = try TextSceneHarness(try textBoard(Self.priceBoard("1 €")))
        #expect(throws: BoardScene.SetTextError.noText("photo")) { try harness.scene.setText("x", forGadget: "photo", board: harness.board) }
        #expect(throws: BoardScene.SetTextError.noSuchGadget("nope")) { try harness.scene.setText("x", forGadget: "nope", board: harness.board) }
        try harness.scene.setText("", forGadget: "price", board: harness.board)   // empty: shows nothing, no error
        let empty = try harness.frame()
        var bare = try textBoard(Self.priceBoard("1 €"))
        bare.board.gadgets[1].text = nil
        let plain = try TextSceneHarness(bare).frame()
        #expect(empty.maximumDifference(plain) == 0)
    }

    /// A label pinched to 4× is drawn, once the pinch settles, exactly as a label made 4× as
    /// large in the board file, and its edges are much sharper than the stretched 1× image's.
    @Test func aPinchedLabelIsSharpOnceSettled() throws {
        func board(size: Int, box: (Int, Int)) -> String {
            """
            {"size": [640, 320], "background": "#000000", "gadgets": [
              {"id": "label", "center": [320, 160], "size": [\(box.0), \(box.1)],
               "text": {"string": "Ag 字", "size": \(size), "color": "#ffffff", "align": "center", "verticalAlign": "middle"}}
            ]}
            """
        }
        let harness = try TextSceneHarness(try textBoard(board(size: 20, box: (120, 50))))
        let pinched = [GadgetPose(center: Vector2(320, 160), scale: 4)]
        let stretched = try harness.frame(poses: pinched)
        #expect(try harness.scene.sharpenText(poses: pinched, board: harness.board))
        #expect(harness.scene.contentRevisions == [1])
        let sharp = try harness.frame(poses: pinched)
        #expect(try !harness.scene.sharpenText(poses: pinched, board: harness.board))   // already at that zoom
        let reference = try TextSceneHarness(try textBoard(board(size: 80, box: (480, 200)))).frame()
        let rect = (80, 60, 560, 260)
        #expect(sharp.maximumDifference(reference, in: rect) <= 1)
        let gain = sharp.edgeEnergy(in: rect) / stretched.edgeEnergy(in: rect)
        #expect(gain > 4, "edge energy sharp/stretched = \(gain)")   // measured 5.5
    }

    /// On a display twice the board's size, text is rasterised at 2× from the start.
    @Test func aLargerDisplayGetsTextAtItsScale() throws {
        let json = """
        {"size": [320, 160], "background": "#000000", "gadgets": [
          {"id": "label", "center": [160, 80], "size": [240, 100], "text": {"string": "Ag", "size": 40, "align": "center", "verticalAlign": "middle"}}]}
        """
        let doubled = try TextSceneHarness(try textBoard(json), size: PixelSize(640, 320)).frame()
        let reference = try TextSceneHarness(try textBoard(json.replacing("[320, 160]", with: "[640, 320]").replacing("[160, 80]", with: "[320, 160]")
            .replacing("[240, 100]", with: "[480, 200]").replacing("\"size\": 40", with: "\"size\": 80"))).frame()
        #expect(doubled.maximumDifference(reference) <= 1)
    }
}
