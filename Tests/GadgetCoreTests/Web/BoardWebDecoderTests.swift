import Testing
@testable import GadgetCore

/// The board file's `"web"` field (docs/web.md).
@Suite struct BoardWebDecoderTests {
    func decode(_ gadget: String) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[800,600],"gadgets":[\#(gadget)]}"#.utf8), file: "b.json")
    }

    func problems(_ gadget: String) -> [String] {
        if case .failure(let p) = decode(gadget) { return p.problems.map(\.description) }
        return []
    }

    @Test func aURLIsAPictureOfThePage() throws {
        let g = try decode(#"{"id":"menu","center":[400,300],"size":[640,480],"web":"https://menu.example.com/"}"#).get().gadgets[0]
        #expect(g.web == WebPageSpec(url: "https://menu.example.com/"))
        #expect(g.web?.interactive == false)
        #expect(g.web?.clearOnIdle == false)
        // White until the first frame, as a blank page is.
        #expect(g.appearance == .color(.white))
        // Gestures still move it: a web gadget is a gadget like any other.
        #expect(g.behavior.movable)
    }

    @Test func theObjectFormSetsEverything() throws {
        let g = try decode(#"""
            {"id":"menu","center":[400,300],"size":[640,480],"rotation":10,"web":{"url":"https://menu.example.com/",
             "reloadEverySeconds":600,"zoom":1.25,"interactive":true,"allow":["https://menu.example.com/*","https://*.pay.example/*"],
             "background":"#102030"}}
            """#).get().gadgets[0]
        let w = try #require(g.web)
        #expect(w.reloadEverySeconds == 600)
        #expect(w.zoom == 1.25)
        #expect(w.interactive)
        #expect(w.clearOnIdle)  // default for an interactive page
        #expect(w.allow.map(\.text) == ["https://menu.example.com/*", "https://*.pay.example/*"])
        #expect(g.appearance == .color(Color(hex: "#102030")!))
        #expect(g.rotationDegrees == 10)
    }

    @Test func clearOnIdleCanBeSaidOutright() throws {
        let g = try decode(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"http://127.0.0.1:8000/","interactive":true,"clearOnIdle":false}}"#).get().gadgets[0]
        #expect(g.web?.clearOnIdle == false)
    }

    @Test func anImageUnderThePageIsItsPoster() throws {
        let g = try decode(#"{"id":"m","center":[1,1],"size":[10,10],"image":"menu.png","web":"https://a.example/"}"#).get().gadgets[0]
        #expect(g.appearance == .image(ImageReference(path: "menu.png", jsonPath: "gadgets[0] (m).image")))
    }

    @Test func aURLThatIsNotHTTPIsOneLine() {
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":"file:///etc/passwd"}"#)
                == [#"b.json: gadgets[0] (m).web: "file:///etc/passwd" is not an http:// or https:// URL (a web gadget shows web pages only)"#])
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"menu.example.com"}}"#)
                == [#"b.json: gadgets[0] (m).web.url: "menu.example.com" is not an http:// or https:// URL (a web gadget shows web pages only)"#])
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":"https://bad host/"}"#)
                == [#"b.json: gadgets[0] (m).web: "https://bad host/" is not a URL the kiosk can open (a host, an optional port, no spaces)"#])
    }

    @Test func anAllowRuleItCannotParseIsOneLine() {
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"https://a.example/","allow":["https://a.example/*","a.example"]}}"#)
                == [#"b.json: gadgets[0] (m).web.allow[1]: "a.example" is not an http:// or https:// pattern"#])
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"https://a.example/","allow":"https://a.example/*"}}"#)
                == [#"b.json: gadgets[0] (m).web.allow: expected an array of URL patterns like ["https://menu.example.com/*"]"#])
    }

    @Test func otherMistakes() {
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"https://a.example/","zoom":0}}"#).count == 1)
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{"url":"https://a.example/","reloadEverySeconds":1}}"#).count == 1)
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":{}}"#) == ["b.json: gadgets[0] (m).web.url: missing required field"])
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":"https://a.example/","video":"a.mp4"}"#)
                == ["b.json: gadgets[0] (m).web: has both a video and a web page (give one)"])
        #expect(problems(#"{"id":"m","center":[1,1],"size":[10,10],"web":7}"#).count == 1)
    }
}
