import Testing
@testable import GadgetCore

/// `{"cmd":"web",…}` (docs/web.md).
@Suite struct WebControlDecoderTests {
    func decode(_ s: String) -> Result<ControlRequest, ControlFailure> { ControlRequestDecoder.decode(Array(s.utf8)) }

    @Test func reloadAndNavigate() throws {
        #expect(try decode(#"{"cmd":"web","gadget":"menu","action":"reload"}"#).get().command == .web(WebControl(gadget: "menu", action: .reload)))
        #expect(try decode(#"{"cmd":"web","gadget":"menu","action":"navigate","url":"https://menu.example.com/drinks"}"#).get().command
                == .web(WebControl(gadget: "menu", action: .navigate("https://menu.example.com/drinks"))))
    }

    @Test func mistakesAreOneLine() {
        func failure(_ s: String) -> String? {
            if case .failure(let f) = decode(s) { return "\(f.field ?? "-"): \(f.message)" }
            return nil
        }
        #expect(failure(#"{"cmd":"web","gadget":"menu","action":"navigate","url":"file:///etc/passwd"}"#)
                == #"url: "file:///etc/passwd" is not an http:// or https:// URL"#)
        #expect(failure(#"{"cmd":"web","gadget":"menu","action":"navigate"}"#) == "url: missing: navigate needs the http(s) URL to go to")
        #expect(failure(#"{"cmd":"web","gadget":"menu","action":"back"}"#) == #"action: unknown action "back" (reload or navigate)"#)
        #expect(failure(#"{"cmd":"web","gadget":"menu"}"#) == "action: missing (reload or navigate)")
        #expect(failure(#"{"cmd":"web","gadget":"menu","action":"reload","url":"https://a/"}"#) == "url: only navigate takes a url")
    }
}
