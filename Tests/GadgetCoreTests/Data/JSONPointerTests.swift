import Testing
@testable import GadgetCore

@Suite struct JSONPointerTests {
    /// RFC 6901 section 5's document and every pointer of its table.
    let rfcDocument = try! JSONParser.parse(#"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#)

    @Test func resolvesTheRFCExamples() throws {
        let cases: [(String, JSONValue)] = [
            ("/foo", .array([.string("bar"), .string("baz")])), ("/foo/0", .string("bar")), ("/", .number(0)), ("/a~1b", .number(1)),
            ("/c%d", .number(2)), ("/e^f", .number(3)), ("/g|h", .number(4)), ("/i\\j", .number(5)), ("/k\"l", .number(6)),
            ("/ ", .number(7)), ("/m~0n", .number(8)),
        ]
        for (text, expected) in cases {
            let p = try JSONPointer.parse(text).get()
            #expect(p.resolve(in: rfcDocument) == .success(expected), "\(text)")
            #expect(p.description == text)
        }
        #expect(try JSONPointer.parse("").get().resolve(in: rfcDocument) == .success(rfcDocument))
    }

    @Test func unescapesInOrder() throws {
        // "~01" is "~1" (the ~0 is unescaped first and does not form a new escape), not "/".
        #expect(try JSONPointer.parse("/~01").get().tokens == ["~1"])
        #expect(try JSONPointer.parse("/a//b").get().tokens == ["a", "", "b"])
    }

    @Test func refusesMalformedPointers() {
        #expect(JSONPointer.parse("foo") == .failure(.missingSlash))
        #expect(JSONPointer.parse("/a~") == .failure(.badEscape(offset: 2)))
        #expect(JSONPointer.parse("/a~2") == .failure(.badEscape(offset: 2)))
        #expect(JSONPointer.parse("/" + String(repeating: "x", count: 2000)) == .failure(.tooLong))
    }

    @Test func missesAreValuesNotCrashes() throws {
        let doc = try JSONParser.parse(#"{"list": [10, 20], "n": 3}"#)
        func miss(_ p: String) throws -> JSONPointer.Miss? {
            if case .failure(let m) = try JSONPointer.parse(p).get().resolve(in: doc) { return m }
            return nil
        }
        #expect(try miss("/nope") == .noMember("nope", at: ""))
        #expect(try miss("/list/2") == .indexOutOfRange(2, count: 2, at: "/list"))
        #expect(try miss("/list/01") == .badIndex("01", at: "/list"))
        #expect(try miss("/list/-") == .badIndex("-", at: "/list"))
        #expect(try miss("/list/-1") == .badIndex("-1", at: "/list"))
        #expect(try miss("/list/99999999999999999999") == .badIndex("99999999999999999999", at: "/list"))
        #expect(try miss("/n/x") == .notAContainer(kind: "a number", at: "/n"))
        #expect(try JSONPointer.parse("/list/1").get().resolve(in: doc) == .success(.number(20)))
    }
}

@Suite struct JSONPointerEscapeTests {
    /// Found by Fuzz/PointerFuzz: "~" followed by a combining mark is one Character, so escaping
    /// with String.replacing left it bare and the pointer's string form did not parse back.
    @Test func aTildeBeforeACombiningMarkIsEscaped() throws {
        let p = JSONPointer(tokens: ["~\u{5C1}x", "a/\u{301}"])
        #expect(p.description == "/~0\u{5C1}x/a~1\u{301}")
        #expect(try JSONPointer.parse(p.description).get() == p)
    }
}
