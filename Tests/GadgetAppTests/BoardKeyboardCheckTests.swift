import Testing
import GadgetCore
@testable import GadgetApp

/// A layout xkb-data does not have is one problem, on the entry that names it.
@Suite struct BoardKeyboardCheckTests {
    @Test func anUnknownLayoutIsOneLineOnItsEntry() {
        var board = Board(size: Size2(800, 480), gadgets: [])
        board.keyboard = BoardKeyboard(layouts: ["de", "xx", "ar"], jsonPath: "keyboard.layouts")
        let problems = BoardKeyboardCheck.problems(board, file: "board.json")
        #expect(problems.count == 1)
        #expect(problems.first?.jsonPath == "keyboard.layouts[1]")
        #expect(problems.first?.message.hasPrefix("unknown keyboard layout 'xx'") == true)
        board.keyboard = BoardKeyboard(layouts: ["de", "us", "fr", "ar", "ru", "de(nodeadkeys)"], jsonPath: "keyboard.layouts")
        #expect(BoardKeyboardCheck.problems(board, file: "board.json").isEmpty)
    }

    @Test func checkRefusesTheBoard() {
        let json = #"{"size": [800, 480], "keyboard": {"layouts": ["qq"]}, "gadgets": []}"#
        guard case .failure(let p) = BoardLoader.load(bytes: Array(json.utf8), name: "board.json", images: NoImages()) else {
            Issue.record("loaded"); return
        }
        #expect(p.problems.count == 1)
        #expect(p.problems.first.map { "\($0)" }?.contains("keyboard.layouts[0]: unknown keyboard layout 'qq'") == true)
    }
}

/// A board without images needs none.
private struct NoImages: ImageSource {
    func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> { .failure(ImageLoadFailure("no images here")) }
}
