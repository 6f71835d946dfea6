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

    /// The accessibility panel's entries are the kiosk's text, not the author's: on a 320×240
    /// board their columns are narrower than the text at its size, and each was a warning the
    /// author could do nothing about (five of them); they shrink to fit instead.
    @Test func thePanelsOwnEntriesFitASmallBoard() throws {
        #expect(try warnings(#"{"size":[320,240],"accessibility":{"button":true},"gadgets":[]}"#) == [])
        #expect(try warnings(#"{"size":[1280,800],"accessibility":{"button":true},"gadgets":[]}"#) == [])
    }
}

