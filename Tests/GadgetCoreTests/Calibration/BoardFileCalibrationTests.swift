import Testing
@testable import GadgetCore

@Suite struct BoardFileCalibrationTests {
    let m = CalibrationMatrix(a: 0.0612345678, b: 1.12, c: -0.09, d: 0.94, e: -0.05, f: 0.04)
    let written = "[0.061235, 1.12, -0.09, 0.94, -0.05, 0.04]"

    func edit(_ text: String) throws -> String {
        String(decoding: try BoardFileCalibration.write(m, into: Array(text.utf8), file: "board.json"), as: UTF8.self)
    }

    /// Everything but the array is byte-for-byte the original: odd spacing, a ppi after it,
    /// a key order of the author's own, a BOM and CRLF line ends.
    @Test func replacesTheExistingArrayOnly() throws {
        let before = "\u{FEFF}{\r\n\t\"size\" : [800,480],\r\n  \"touch\":{ \"calibration\" :[ 1,0,0,\r\n 0,1,0 ] ,\"ppi\": 133},\r\n\"gadgets\": [{\"id\": \"a\", \"color\": \"#ff0000\", \"center\": [1, 2], \"size\": [3, 4]}]}\r\n"
        let after = try edit(before)
        let old = "[ 1,0,0,\r\n 0,1,0 ]"
        #expect(before.ranges(of: old).count == 1)
        #expect(after == before.replacing(old, with: written))
        let b = try BoardDecoder.decode(Array(after.utf8), file: "x").get()
        #expect(b.touch.calibration == m.rounded(places: 6).values && b.touch.ppi == 133)
    }

    @Test func insertsIntoAnExistingTouchObject() throws {
        let before = """
        {
          "size": [800, 480],
          "touch": {
            "ppi": 133
          },
          "gadgets": []
        }

        """
        let after = try edit(before)
        #expect(after == """
        {
          "size": [800, 480],
          "touch": {
            "calibration": \(written),
            "ppi": 133
          },
          "gadgets": []
        }

        """)
        #expect(try edit("{\"size\": [8, 4], \"gadgets\": [], \"touch\": {}}") == "{\"size\": [8, 4], \"gadgets\": [], \"touch\": {\"calibration\": \(written)}}")
    }

    @Test func addsATouchObjectWhenThereIsNone() throws {
        let before = "{\n    \"size\": [800, 480],\n    \"gadgets\": []\n}\n"
        #expect(try edit(before) == "{\n    \"touch\": {\"calibration\": \(written)},\n    \"size\": [800, 480],\n    \"gadgets\": []\n}\n")
        #expect(try edit("{\"size\":[8,4],\"gadgets\":[]}") == "{\"touch\": {\"calibration\": \(written)}, \"size\":[8,4],\"gadgets\":[]}")
    }

    /// Keys inside strings and nested objects that look like the ones searched for are not
    /// touched: only the root's "touch" counts.
    @Test func ignoresLookalikesInStringsAndNestedObjects() throws {
        let before = ##"{"size": [8, 4], "gadgets": [{"id": "touch\"calibration\": [", "color": "#ff0000", "center": [1, 2], "size": [3, 4]}], "touch": {"ppi": 100, "calibration": [1, 0, 0, 0, 1, 0]}}"##
        let after = try edit(before)
        #expect(after == before.replacing("[1, 0, 0, 0, 1, 0]", with: written))
    }

    @Test func refusesABrokenBoardAndWritesNothingItCannotVerify() {
        #expect(throws: BoardFileCalibration.Failure.self) { try edit("{\"size\": [8, 4], ") }
        #expect(throws: BoardFileCalibration.Failure.self) { try edit("{\"size\": [8, 4], \"gadgets\": [], \"touch\": null}") }
        #expect(throws: BoardFileCalibration.Failure.self) { try edit("[1, 2]") }
        #expect(throws: BoardFileCalibration.Failure.self) { try edit("{\"size\": [8, 4], \"gadgets\": [], \"colour\": 1}") }
        // A singular matrix cannot go in: the board would not load.
        #expect(throws: BoardFileCalibration.Failure.self) {
            try BoardFileCalibration.write(CalibrationMatrix(a: 1, b: 1, c: 0, d: 1, e: 1, f: 0), into: Array("{\"size\": [8, 4], \"gadgets\": []}".utf8), file: "b")
        }
    }

    @Test func memberSpans() throws {
        let text = Array(#" { "a" : 1 , "b\u0063":{"x":[1,{"y":"}"}]} ,"c":"s\"" } "#.utf8)
        let o = try #require(JSONMemberSpans.object(in: text, at: 0))
        #expect(o.members.map(\.key) == ["a", "bc", "c"])
        let b = try #require(o.member("bc"))
        #expect(String(decoding: text[b.valueStart..<b.valueEnd], as: UTF8.self) == #"{"x":[1,{"y":"}"}]}"#)
        #expect(String(decoding: text[o.start..<o.end], as: UTF8.self).hasSuffix("}"))
        #expect(JSONMemberSpans.object(in: Array("{\"a\": ".utf8), at: 0) == nil)
        #expect(JSONMemberSpans.object(in: Array("{\"a\" 1}".utf8), at: 0) == nil)
    }
}
