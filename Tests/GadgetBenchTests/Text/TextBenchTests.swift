import GadgetSystem
import Testing
@testable import GadgetBench
@testable import GadgetCore

/// `bench --workload text` measures real work: every operation it times changed a label (it
/// throws when a pinched label was not drawn again), and a board without text is refused in one
/// line. The times themselves are figures for docs/text.md, not assertions.
@Suite struct TextBenchTests {
    func board(_ json: String) throws -> String {
        let path = scratchDirectory("text-bench") + "/board.json"
        try FileIO.replace(path, with: Array(json.utf8))
        return path
    }

    @Test func timesEachOperationOnce() throws {
        var o = TextBench.Options()
        o.boardPath = try board("""
            {"size": [320, 160], "background": "#000000", "gadgets": [
              {"id": "a", "center": [80, 80], "size": [120, 50], "text": {"string": "Ag 字", "size": 20}},
              {"id": "b", "center": [240, 80], "size": [120, 50], "text": {"string": "مرحبا", "size": 20}},
              {"id": "c", "center": [160, 140], "size": [40, 20], "color": "#ff0000"}]}
            """)
        o.size = PixelSize(320, 160)
        o.operations = 3
        let r = try TextBench.run(o)
        #expect(r.labels == 2)
        #expect(r.setTextMilliseconds.count == 3)
        #expect(r.sharpenMilliseconds.count == 2)   // one per label, at most `operations`
        #expect(r.renders == 2)
        #expect(r.lines.count == 5)
    }

    @Test func aBoardWithoutTextIsRefused() throws {
        var o = TextBench.Options()
        o.boardPath = try board("""
            {"size": [320, 160], "gadgets": [{"id": "c", "center": [160, 80], "size": [40, 20], "color": "#ff0000"}]}
            """)
        #expect(throws: TextBenchError.self) { try TextBench.run(o) }
        #expect(TextBenchError.noText("b.json").description == "b.json: no gadget has text")
    }

    @Test func summaryIsMedianMinimumMaximum() {
        #expect(TextBenchResult.summary([3, 1, 2]) == (2, 1, 3))
        #expect(TextBenchResult.summary([4, 1, 2, 3]) == (2.5, 1, 4))
        #expect(TextBenchResult.summary([]) == (0, 0, 0))
    }
}
