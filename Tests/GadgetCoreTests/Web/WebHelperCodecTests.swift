import Testing
@testable import GadgetCore

/// The web helper protocol's wire form (docs: /work/coord/WEB-API.md, docs/web.md).
@Suite struct WebHelperCodecTests {
    static let page = WebPageSpec(url: "https://menu.example.com/", reloadEverySeconds: 300, zoom: 1.5, interactive: true,
                                  allow: [try! WebAllowRule(parsing: "https://menu.example.com/*")],
                                  background: Color(hex: "#ffffff"), clearOnIdle: false)

    static let requests: [WebHelperRequest] = [
        .open(page, width: 640, height: 480),
        .open(WebPageSpec(url: "http://127.0.0.1:8000/"), width: 1, height: 1),
        .resize(width: 800, height: 600),
        .touch(WebTouch(phase: .down, id: 3, x: 12.5, y: -4.25, timeMs: 4_294_967_295)),
        .touch(WebTouch(phase: .cancel, id: 0, x: 0, y: 0, timeMs: 0)),
        .key(WebKey(keysym: 0xff0d, unicode: 13, pressed: true, modifiers: WebKey.shift | WebKey.control)),
        .reload, .navigate(url: "https://menu.example.com/drinks?x=\"1\""), .clearSession,
        .frameDone(sequence: 9_007_199_254_740_992), .sharedMemoryOnly, .quit,
        .settings(WebHelperSettings(memoryLimitMB: 300, loadTimeoutSeconds: 20)),
        .settings(WebHelperSettings(loadTimeoutSeconds: 3600)), .settings(WebHelperSettings()),
    ]

    static let reports: [WebHelperReport] = [
        .ready(pid: 4242, engine: "WPE WebKit 2.38.6, fdo shm"),
        .frame(WebFrame(sequence: 7, slot: 1, width: 640, height: 480, stride: 2560)),
        .frame(WebFrame(sequence: 8, slot: 0, width: 64, height: 32, stride: 256,
                        dmabuf: WebDMABufLayout(fourcc: 0x3432_5241, modifier: 0x0100_0000_0000_0001,
                                                planes: [.init(offset: 0, stride: 256), .init(offset: 8192, stride: 128)]))),
        .loadStarted(url: "https://a/"), .loaded(url: "https://a/"), .loadFailed(url: "https://a/", reason: "HTTP 500"),
        .refused(url: "https://elsewhere/", why: "outside allow"), .editableFocus(true), .editableFocus(false),
        .fatal(reason: "the web process crashed"),
        .memory(bytes: 150_323_855), .memory(bytes: 0),
    ]

    @Test(arguments: requests) func requestsRoundTrip(_ r: WebHelperRequest) throws {
        #expect(try WebHelperCodec.decodeRequest(WebHelperCodec.encode(r)) == r)
    }

    @Test(arguments: reports) func reportsRoundTrip(_ r: WebHelperReport) throws {
        #expect(try WebHelperCodec.decodeReport(WebHelperCodec.encode(r)) == r)
    }

    @Test func writingIsStable() {
        #expect(String(decoding: WebHelperCodec.encode(.frameDone(sequence: 12)), as: UTF8.self) == #"{"type":"frameDone","sequence":12}"#)
        #expect(String(decoding: WebHelperCodec.encode(.open(WebPageSpec(url: "https://a/"), width: 2, height: 3)), as: UTF8.self)
                == #"{"type":"open","page":{"url":"https://a/","zoom":1,"interactive":false,"allow":[],"clearOnIdle":false},"width":2,"height":3}"#)
    }

    /// A socket-activated helper's argv is its unit's: the per-page settings travel in a message,
    /// and a field left out stays out (the helper keeps what it had).
    @Test func settingsAndMemoryAreWrittenAsAgreed() throws {
        #expect(String(decoding: WebHelperCodec.encode(.settings(WebHelperSettings(memoryLimitMB: 300, loadTimeoutSeconds: 20))), as: UTF8.self)
                == #"{"type":"settings","memoryLimitMB":300,"loadTimeoutSeconds":20}"#)
        #expect(String(decoding: WebHelperCodec.encode(.settings(WebHelperSettings(loadTimeoutSeconds: 5))), as: UTF8.self)
                == #"{"type":"settings","loadTimeoutSeconds":5}"#)
        #expect(String(decoding: WebHelperCodec.encode(WebHelperReport.memory(bytes: 1_048_576)), as: UTF8.self)
                == #"{"type":"memory","bytes":1048576}"#)
        #expect(try WebHelperCodec.decodeRequest(Array(#"{"type":"settings","memoryLimitMB":null}"#.utf8)) == .settings(WebHelperSettings()))
    }

    @Test func aSettingThatIsNoSettingSaysWhich() {
        func error(_ text: String) -> WebHelperCodecError? {
            do { _ = try WebHelperCodec.decodeRequest(Array(text.utf8)); return nil } catch { return error }
        }
        for bad in ["0", "-5", "2.5", "\"300\"", "65537"] {
            #expect(error(#"{"type":"settings","memoryLimitMB":"# + bad + "}")
                    == .badField(type: "settings", field: "memoryLimitMB", expected: "a whole number from 1 to 65536"))
        }
        #expect(error(#"{"type":"settings","loadTimeoutSeconds":true}"#)
                == .badField(type: "settings", field: "loadTimeoutSeconds", expected: "a whole number from 1 to 65536"))
        do {
            _ = try WebHelperCodec.decodeReport(Array(#"{"type":"memory","bytes":-1}"#.utf8))
            Issue.record("a negative memory decoded")
        } catch {}
    }

    @Test func theKioskSendsItsLoadTimeoutAndTheDefaultLimit() {
        #expect(WebHelperSettings.kiosk(environment: [:]) == WebHelperSettings(memoryLimitMB: 300, loadTimeoutSeconds: 20))
        #expect(WebHelperSettings.kiosk(environment: ["GADGETBOARD_WEB_LOAD_TIMEOUT_S": "300"]).loadTimeoutSeconds == 300)
    }

    @Test func theModifierIsWrittenAsHexSoNoBitIsLost() {
        let bytes = WebHelperCodec.encode(WebHelperReport.frame(WebFrame(sequence: 1, slot: 0, width: 1, height: 1, stride: 4,
            dmabuf: WebDMABufLayout(fourcc: 1, modifier: 0x00ff_ffff_ffff_ffff, planes: [.init(offset: 0, stride: 4)]))))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""modifier":"0x00ffffffffffffff""#))
    }

    @Test func unknownTypesAreReportedAsIgnorable() {
        for decode in [{ try WebHelperCodec.decodeReport($0) as Any }, { try WebHelperCodec.decodeRequest($0) as Any }] as [([UInt8]) throws -> Any] {
            do {
                _ = try decode(Array(#"{"type":"thumbnail","size":3}"#.utf8))
                Issue.record("an unknown type decoded")
            } catch let e as WebHelperCodecError {
                #expect(e == .unknownType("thumbnail"))
                #expect(e.isUnknownType)
            } catch { Issue.record("\(error)") }
        }
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try WebHelperCodec.decodeReport(Array(#"{"type":"loaded","url":"https://a/","title":"Menu","ms":12}"#.utf8)) == .loaded(url: "https://a/"))
        #expect(try WebHelperCodec.decodeRequest(Array(#"{"type":"reload","hard":true}"#.utf8)) == .reload)
    }

    @Test func aBrokenMessageSaysWhat() {
        func error(_ text: String) -> WebHelperCodecError? {
            do { _ = try WebHelperCodec.decodeReport(Array(text.utf8)); return nil } catch { return error }
        }
        #expect(error("[1]") == .notAnObject)
        #expect(error(#"{"url":"x"}"#) == .missingType)
        #expect(error(#"{"type":"loaded"}"#) == .badField(type: "loaded", field: "url", expected: "a string"))
        #expect(error(#"{"type":"frame","sequence":1,"slot":0,"width":10,"height":10,"stride":8}"#)?.description
                == #"a "frame" message's "stride" is not at least width × 4 for a positive size"#)
        #expect(error(#"{"type":"frame","sequence":-1,"slot":0,"width":1,"height":1,"stride":4}"#)
                == .badField(type: "frame", field: "sequence", expected: "a whole number from 0 to 2^53"))
        if case .notJSON? = error("{") {} else { Issue.record("\"{\" is not JSON") }
        #expect(error(String(repeating: " ", count: 70_000) + "{}") == .tooLarge(70_002))
    }
}
