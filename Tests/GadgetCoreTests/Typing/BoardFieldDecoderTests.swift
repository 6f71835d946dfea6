import Testing
@testable import GadgetCore

/// `"field"`, `"keyboard"` and `"forms"`: what decodes, and one line per mistake with its path.
@Suite struct BoardFieldDecoderTests {
    func decode(_ text: String) -> Result<Board, BoardProblems> { BoardDecoder.decode(Array(text.utf8), file: "board.json") }
    func problems(_ text: String) -> [String] {
        if case .failure(let p) = decode(text) { return p.problems.map(\.description) }
        return []
    }
    /// A board with `gadgets` and the root fields in `extra`.
    func board(_ gadgets: String, _ extra: String = "") -> String {
        "{\"size\":[800,480],\(extra)\(extra.isEmpty ? "" : ",")\"gadgets\":[\(gadgets)]}"
    }

    @Test func decodesAGuestBook() throws {
        let b = try decode(board("""
        {"id":"name","color":"#ffffff","center":[400,100],"size":[600,60],"text":{"size":32,"color":"#000000"},
         "field":{"kind":"text","placeholder":"Your name","maxLength":40,"required":true,"form":"guests","name":"name"}},
        {"id":"pin","center":[400,200],"size":[200,60],"field":{"kind":"pin","pattern":"[0-9]{4}","form":"guests","name":"pin"}}
        """, """
        "keyboard":{"layouts":["de","us"]},
        "forms":[{"id":"guests","submit":{"url":"https://example.org/guests"},"clearAfterSeconds":90}]
        """)).get()
        let name = try #require(b.gadget(id: "name")?.field)
        #expect(name.kind == .text)
        #expect(name.placeholder == "Your name")
        #expect(name.maxLength == 40)
        #expect(name.required)
        #expect(name.form == "guests" && name.name == "name")
        #expect(name.style?.size == 32)
        // The gadget shows the placeholder, dimmed, in the field's style.
        #expect(b.gadget(id: "name")?.text?.style.string == "Your name")
        #expect(b.gadget(id: "name")?.text?.style.color.a == FieldDisplay.placeholderOpacity)
        #expect(b.gadget(id: "pin")?.text?.style.string == FieldDisplay.emptyString)
        #expect(b.gadget(id: "pin")?.field?.kind == .pin)
        #expect(b.gadget(id: "pin")?.appearance == .clear)
        #expect(b.keyboard?.layouts == ["de", "us"])
        #expect(b.forms == [BoardForm(id: "guests", submit: .url("https://example.org/guests"), clearAfterSeconds: 90, jsonPath: "forms[0]")])
    }

    @Test func aFieldNamingAnUnknownFormIsOneLine() {
        #expect(problems(board("""
        {"id":"a","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"guest","name":"a"}}
        """, "\"forms\":[{\"id\":\"guests\",\"submit\":{\"topic\":\"kiosk/guests\"}}]")) == [
            "board.json: gadgets[0] (a).field.form: unknown form \"guest\" (forms: guests)",
        ])
        #expect(problems(board("""
        {"id":"a","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"guest","name":"a"}}
        """)) == ["board.json: gadgets[0] (a).field.form: names form \"guest\", but the board has no \"forms\""])
    }

    @Test func aFieldOfAFormNeedsAUniqueName() {
        #expect(problems(board("""
        {"id":"a","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"f"}},
        {"id":"b","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"f","name":"x"}},
        {"id":"c","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"f","name":"x"}}
        """, "\"forms\":[{\"id\":\"f\",\"submit\":{\"url\":\"http://10.0.0.2/f\"}}]")) == [
            "board.json: gadgets[0] (a).field: is in form \"f\" but has no \"name\" (the key its value is submitted under)",
            "board.json: gadgets[2] (c).field.name: name \"x\" is used twice in form \"f\" (first by gadgets[1] (b).field)",
        ])
    }

    @Test func badPatternBadURLAndBadKind() {
        let p = problems(board("""
        {"id":"a","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"kind":"phone","pattern":"([0-9]"}}
        """, "\"forms\":[{\"id\":\"f\",\"submit\":{\"url\":\"ftp://example.org/f\"}}]"))
        #expect(p.count == 3)
        #expect(p[0] == "board.json: gadgets[0] (a).field.kind: must be one of \"text\", \"multiline\", \"number\", \"email\", \"pin\", \"password\"")
        #expect(p[1].hasPrefix("board.json: gadgets[0] (a).field.pattern: not a valid pattern: "))
        #expect(p[2] == "board.json: forms[0].submit.url: expected an http:// or https:// URL")
    }

    @Test func aRefusedFormIsNotReportedAgainByItsFields() {
        #expect(problems(board("""
        {"id":"a","color":"#ffffff","center":[1,1],"size":[10,10],"field":{"form":"f","name":"a"}}
        """, "\"forms\":[{\"id\":\"f\",\"submit\":{\"url\":\"file:///etc/passwd\"}}]")) == [
            "board.json: forms[0].submit.url: expected an http:// or https:// URL",
        ])
    }

    @Test func formsCheckTheirTargetAndThanksPage() {
        #expect(problems(board("", """
        "forms":[{"id":"f","submit":{"url":"https://a.example/f","topic":"t"},"thanksPage":"thanks"},
                 {"id":"g","submit":{"topic":"kiosk/#"}},
                 {"id":"h","submit":{"topic":"kiosk/h"},"thanksPage":"thanks","clearAfterSeconds":1}]
        """)) == [
            "board.json: forms[0].submit: has both url and topic (give one)",
            "board.json: forms[0].thanksPage: names page \"thanks\", but the board has no pages",
            "board.json: forms[1].submit.topic: expected an MQTT topic without wildcards (+ #), 1...1024 bytes",
            "board.json: forms[2].thanksPage: names page \"thanks\", but the board has no pages",
            "board.json: forms[2].clearAfterSeconds: 1 is out of range 5...86400",
        ])
    }

    @Test func keyboardLayoutsAreNames() {
        #expect(problems(board("", "\"keyboard\":{\"layouts\":[\"de\",\"de\",\"\"]}")) == [
            "board.json: keyboard.layouts[1]: layout \"de\" given twice",
            "board.json: keyboard.layouts[2]: expected an xkb layout name such as \"de\" or \"de(nodeadkeys)\"",
        ])
        #expect((try? decode(board("", "\"keyboard\":{}")).get())?.keyboard?.layouts == ["us"])
    }
}
