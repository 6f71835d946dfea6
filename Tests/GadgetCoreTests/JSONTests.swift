import Testing
@testable import GadgetCore

@Suite struct JSONTests {
    @Test func roundTripsKeepingKeyOrder() throws {
        let text = #"{"b":1,"a":[true,false,null,-2.5,"x\"y\n\u00e9"],"c":{}}"#
        let v = try JSONParser.parse(text)
        #expect(JSONWriter.write(v) == #"{"b":1,"a":[true,false,null,-2.5,"x\"y\né"],"c":{}}"#)
    }

    @Test func rejectsMalformedInput() {
        for bad in ["{", "[1,]", "01", "1.", "\"abc", "{\"a\" 1}", "tru", "[1] x", "\"\\ud800\"", "1e999"] {
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(bad) }
        }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    }
}
