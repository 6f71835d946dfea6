import Testing
@testable import GadgetApp
import GadgetCore

/// `check`'s warning for text cut at its box's edge: one line with the height needed; none for
/// text that fits or shrinks to fit.
@Suite struct BoardTextFitCheckTests {
    func warnings(_ text: String) throws -> [String] {
        let board = try BoardDecoder.decode(Array(text.utf8), file: "board.json").get()
        return BoardTextFitCheck.warnings(board, file: "board.json").map(\.description)
    }

    @Test func overflowingTextIsOneWarningWithTheNeededHeight() throws {
        let lines = try warnings(#"{"size":[400,200],"gadgets":[{"id":"hello","center":[200,100],"size":[300,40],"#
                                 + #""text":{"string":"Good morning!","size":40,"font":"DejaVu Sans"}}]}"#)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("board.json: gadgets[0] (hello).text: warning: text needs ") == true)
        #expect(lines.first?.contains("px of height, the box has 40 px") == true)
    }

    @Test func shrinkOrARoomyBoxIsNoWarning() throws {
        #expect(try warnings(#"{"size":[400,200],"gadgets":[{"id":"hello","center":[200,100],"size":[300,40],"#
                             + #""text":{"string":"Good morning!","size":40,"font":"DejaVu Sans","fit":"shrink"}}]}"#).isEmpty)
        #expect(try warnings(#"{"size":[400,200],"gadgets":[{"id":"hello","center":[200,100],"size":[390,120],"#
                             + #""text":{"string":"Good morning!","size":40,"font":"DejaVu Sans"}}]}"#).isEmpty)
    }
}
