import Testing
@testable import GadgetCore

/// The accessibility fields of the board format: what decodes, and one line with its JSON path
/// for each mistake.
@Suite struct AccessibilityDecoderTests {
    static let gadgets = ##"{"id":"buy","color":"#ffffff","center":[10,10],"size":[5,5],"action":{"emit":"buy"}},{"id":"logo","image":"l.png","center":[30,10],"size":[5,5]EXTRA}"##

    func problems(_ root: String, extra: String = "") -> [String] {
        let json = #"{"size":[100,100],"gadgets":[\#(Self.gadgets.replacing("EXTRA", with: extra))]\#(root)}"#
        if case .failure(let p) = BoardDecoder.decode(Array(json.utf8), file: "b.json") { return p.problems.map(\.description) }
        return []
    }

    @Test func decodesEveryField() throws {
        let json = ##"{"size":[100,100],"focusOrder":["logo","buy"],"accessibility":{"speech":true},"gadgets":[{"id":"buy","color":"#ffffff","center":[10,10],"size":[5,5],"label":"Buy","role":"link","hint":"Opens the shop","private":true,"lang":"fr"},{"id":"logo","image":"l.png","center":[30,10],"size":[5,5]}]}"##
        let board = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(board.accessibility == BoardAccessibility(focusOrder: ["logo", "buy"], speech: true))
        #expect(board.gadget(id: "buy")?.accessibility == GadgetAccessibility(label: "Buy", role: .link, hint: "Opens the shop", isPrivate: true, language: "fr"))
        #expect(board.gadget(id: "logo")?.accessibility == GadgetAccessibility())
        #expect(problems("") == [])
    }

    @Test func eachMistakeIsOneLineWithItsPath() {
        #expect(problems("", extra: #","role":"knob""#) == ["b.json: gadgets[1] (logo).role: must be one of button, link, image, text, field, video, page"])
        #expect(problems("", extra: #","label":"""#) == ["b.json: gadgets[1] (logo).label: expected a non-empty string"])
        #expect(problems("", extra: #","hint":3"#) == ["b.json: gadgets[1] (logo).hint: expected a non-empty string"])
        #expect(problems("", extra: #","hidden":"yes""#) == ["b.json: gadgets[1] (logo).hidden: expected true or false, got a string"])
        #expect(problems("", extra: #","private":1"#) == ["b.json: gadgets[1] (logo).private: expected true or false, got a number"])
        #expect(problems("", extra: #","lang":"english!""#) == [#"b.json: gadgets[1] (logo).lang: expected a BCP 47 language tag such as "ja", "zh-Hans" or "en-GB""#])
        #expect(problems("", extra: #","hidden":true,"action":{"emit":"x"}"#)
                == [#"b.json: gadgets[1] (logo).hidden: has an action, so a visitor who cannot see must be able to find it (leave "hidden" out)"#])
    }

    @Test func focusOrderNamesEachVisibleGadgetOnce() {
        #expect(problems(#","focusOrder":["buy","byu"]"#) == [#"b.json: focusOrder[1]: unknown gadget "byu" (did you mean "buy"?)"#])
        #expect(problems(#","focusOrder":["buy","nothing"]"#) == [#"b.json: focusOrder[1]: unknown gadget "nothing""#])
        #expect(problems(#","focusOrder":["buy","logo","buy"]"#) == [#"b.json: focusOrder[2]: "buy" given twice (first at focusOrder[0])"#])
        #expect(problems(#","focusOrder":["logo"]"#, extra: #","hidden":true"#) == [#"b.json: focusOrder[0]: gadget "logo" is "hidden": true, so it is never read"#])
        #expect(problems(#","focusOrder":"buy""#) == ["b.json: focusOrder: expected an array of gadget ids, got a string"])
        #expect(problems(#","focusOrder":[""]"#) == ["b.json: focusOrder[0]: expected a gadget id (a non-empty string), got a string"])
        #expect(problems(#","accessibility":{"speach":true}"#) == [#"b.json: accessibility.speach: unknown field (did you mean "speech"?)"#])
    }

    @Test func aGadgetRefusedForItsOwnMistakeIsNotAlsoUnknownInFocusOrder() {
        // "logo" fails on its role; focusOrder naming it is not a second mistake.
        #expect(problems(#","focusOrder":["logo","buy"]"#, extra: #","role":"knob""#)
                == ["b.json: gadgets[1] (logo).role: must be one of button, link, image, text, field, video, page"])
    }
}
