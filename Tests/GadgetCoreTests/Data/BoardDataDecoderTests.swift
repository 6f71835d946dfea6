import Testing
@testable import GadgetCore

@Suite struct BoardDataDecoderTests {
    func problems(_ json: String) -> [String] {
        BoardDecoder.decodeAll(Array(json.utf8), file: "b.json").1.map { "\($0.jsonPath): \($0.message)" }
    }

    func board(sources: String = "[]", gadget: String, extra: String = "") -> String {
        #"{"size": [100, 100], "sources": \#(sources)\#(extra), "gadgets": [\#(gadget)]}"#
    }

    @Test func decodesSourcesBindingsAndQR() throws {
        let json = board(sources: #"[{"id": "w", "url": "https://x.org/a", "every": 5, "timeoutSeconds": 2, "maxBytes": 1000, "ca": "ca.pem"}, {"id": "p", "topic": "shop/price"}]"#,
                         gadget: #"{"id": "g", "center": [1, 1], "size": [10, 10], "text": "x", "bind": {"text": "{w:/t} {p}"}, "qr": "https://x.org/m"}"#,
                         extra: #", "locale": "pt_PT.UTF-8""#)
        let b = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(b.data.locale == "pt_PT.UTF-8")
        #expect(b.data.sources.count == 2)
        guard case .http(let h) = b.data.sources[0].kind else { Issue.record("not http"); return }
        #expect(h.url.text == "https://x.org/a" && h.every == 5 && h.timeoutSeconds == 2 && h.maxBytes == 1000 && h.ca == "ca.pem")
        #expect(b.data.sources[1].kind == .mqtt(topic: "shop/price"))
        let live = try #require(b.gadgets[0].live)
        #expect(live.bindings.count == 1 && live.bindings[0].property == .text && live.bindings[0].jsonPath == "gadgets[0] (g).bind.text")
        #expect(live.qr?.initialText == "https://x.org/m" && live.qr?.ecc == .M)
    }

    /// The refusals the issue lists, one line each with its JSON path.
    @Test func checkRefusesWithPaths() {
        let g = #"{"id": "g", "center": [1, 1], "size": [10, 10], "text": "x", "bind": {"text": "{nope:/a}"}}"#
        #expect(problems(board(sources: #"[{"id": "w", "topic": "t"}]"#, gadget: g)) == ["gadgets[0] (g).bind.text: unknown source \"nope\" (sources: w)"])
        let badPointer = #"{"id": "g", "center": [1, 1], "size": [10, 10], "text": "x", "bind": {"text": "{w:a}"}}"#
        #expect(problems(board(sources: #"[{"id": "w", "topic": "t"}]"#, gadget: badPointer)).first?.hasPrefix("gadgets[0] (g).bind.text: at character 3: bad pointer") == true)
        let badFormat = #"{"id": "g", "center": [1, 1], "size": [10, 10], "text": "x", "bind": {"text": "{w:/a|%y}"}}"#
        #expect(problems(board(sources: #"[{"id": "w", "topic": "t"}]"#, gadget: badFormat)).first?.contains("bad format \"%y\"") == true)
        let plain = ##"{"id": "g", "center": [1, 1], "size": [10, 10], "color": "#ffffff"}"##
        #expect(problems(board(sources: #"[{"id": "f", "url": "file:///etc/passwd"}]"#, gadget: plain)) == ["sources[0].url: file: URLs are refused: only http and https"])
        #expect(problems(board(sources: #"[{"id": "f", "url": "gopher://x.org/"}]"#, gadget: plain)) == ["sources[0].url: gopher: URLs are refused: only http and https"])
        #expect(problems(board(sources: #"[{"id": "f", "url": ""}]"#, gadget: plain)) == ["sources[0].url: empty URL"])
        #expect(problems(board(sources: #"[{"id": "f", "url": "http://x.org/", "every": 0.5}]"#, gadget: plain)) == ["sources[0].every: 0.5 s is below the 1 s minimum"])
        let longQR = #"{"id": "q", "center": [1, 1], "size": [10, 10], "qr": {"text": "\#(String(repeating: "a", count: 1300))", "ecc": "H"}}"#
        #expect(problems(board(gadget: longQR)) == ["gadgets[0] (q).qr.text: 1300 bytes, more than a QR code holds at level H (1273); shorten it or choose a lower ecc"])
        let longShortForm = #"{"id": "q", "center": [1, 1], "size": [10, 10], "qr": "\#(String(repeating: "a", count: 2400))"}"#
        #expect(problems(board(gadget: longShortForm)) == ["gadgets[0] (q).qr: 2400 bytes, more than a QR code holds at level M (2331); shorten it or choose a lower ecc"])
    }

    @Test func aBindingObjectWithItsStaleText() throws {
        let src = #"[{"id": "s", "topic": "t", "staleAfterSeconds": 60}]"#
        let g = ##"{"id": "g", "center": [5, 5], "size": [10, 10], "text": "…", "color": "#000000", "bind": {"text": {"template": "Heute: {s:/special}", "stale": "Heute: siehe Tafel"}, "color": {"template": "{s:/c}", "stale": "#808080"}}}"##
        #expect(problems(board(sources: src, gadget: g)) == [])
        let b = try BoardDecoder.decode(Array(board(sources: src, gadget: g).utf8), file: "b.json").get()
        #expect(b.gadgets[0].live?.bindings.map(\.stale) == ["Heute: siehe Tafel", "#808080"])
        func one(_ bind: String, sources: String = src) -> [String] {
            problems(board(sources: sources, gadget: ##"{"id": "g", "center": [5, 5], "size": [10, 10], "text": "…", "color": "#000000", "bind": \##(bind)}"##))
        }
        #expect(one(##"{"text": {"template": "{s}", "stale": ""}}"##) == [])
        #expect(one(##"{"color": {"template": "{s}", "stale": "grey"}}"##) == [##"gadgets[0] (g).bind.color.stale: "grey" is not a colour (#rrggbb or #rrggbbaa)"##])
        #expect(one(##"{"text": {"stale": "x"}}"##) == ["gadgets[0] (g).bind.text.template: missing required field"])
        #expect(one(##"{"text": {"template": "{s", "stale": "x"}}"##) == [##"gadgets[0] (g).bind.text.template: at character 0: "{" without its "}" (write {{ for a brace)"##])
        #expect(one(##"{"text": {"template": "{s}", "stale": 3}}"##) == ["gadgets[0] (g).bind.text.stale: expected a string, got a number"])
        #expect(one(##"{"text": {"template": "{s}", "stail": "x"}}"##).count == 1)
        #expect(one(##"{"text": {"template": "{s}", "stale": "x"}}"##, sources: ##"[{"id": "s", "topic": "t"}]"##)
            == ["gadgets[0] (g).bind.text.stale: never shows: s has no staleAfterSeconds"])
        #expect(one(##"{"text": {"template": "{time}", "stale": "x"}}"##) == ["gadgets[0] (g).bind.text.stale: the template reads no source, so it is never stale"])
        #expect(one(##"{"text": 3}"##) == [##"gadgets[0] (g).bind.text: expected a template string or {"template", "stale"}, got a number"##])
    }

    @Test func otherRefusals() {
        let plain = ##"{"id": "g", "center": [1, 1], "size": [10, 10], "color": "#ffffff"}"##
        #expect(problems(board(sources: #"[{"id": "time", "topic": "t"}]"#, gadget: plain)).first?.hasPrefix("sources[0].id: \"time\" is the clock's name") == true)
        #expect(problems(board(sources: #"[{"id": "a", "topic": "t/#"}]"#, gadget: plain)).first?.hasPrefix("sources[0].topic:") == true)
        #expect(problems(board(sources: #"[{"id": "a", "topic": "t", "every": 5}]"#, gadget: plain)) == ["sources[0].every: applies to url sources only"])
        #expect(problems(board(sources: #"[{"id": "a", "topic": "t"}, {"id": "a", "topic": "u"}]"#, gadget: plain)).first?.hasPrefix("sources[1].id: duplicate") == true)
        #expect(problems(board(sources: #"[{"id": "a", "topic": "t", "fallback": "-"}]"#, gadget: plain)) == ["sources[0].fallback: shows once a value is stale: give staleAfterSeconds too"])
        #expect(problems(board(sources: #"[{"id": "a", "url": "https://x.org", "ca": "/etc/ssl/x.pem"}]"#, gadget: plain)).first?.hasPrefix("sources[0].ca:") == true)
        let bindImageOnColor = ##"{"id": "g", "center": [1, 1], "size": [10, 10], "color": "#ffffff", "bind": {"image": "a.png", "size": "x"}}"##
        #expect(problems(board(gadget: bindImageOnColor)) == ["gadgets[0] (g).bind.image: binds an image, but the gadget has no \"image\"",
                                                              "gadgets[0] (g).bind.size: not a bindable property (bindable: text, color, opacity, hidden, image, video)"])
        #expect(problems(board(gadget: plain, extra: #", "locale": "pt PT""#)).first?.hasPrefix("locale:") == true)
        let qrECC = #"{"id": "q", "center": [1, 1], "size": [10, 10], "qr": {"text": "x", "ecc": "Z", "color": "red"}}"#
        #expect(problems(board(gadget: qrECC)) == ["gadgets[0] (q).qr.ecc: must be \"L\", \"M\", \"Q\" or \"H\"", "gadgets[0] (q).qr.color: expected a colour \"#rrggbb\" or \"#rrggbbaa\""])
    }
}
