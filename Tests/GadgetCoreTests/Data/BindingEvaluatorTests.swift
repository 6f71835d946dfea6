import Testing
@testable import GadgetCore

@Suite struct BindingEvaluatorTests {
    static let boardJSON = #"""
    {"size": [800, 480],
     "sources": [{"id": "weather", "url": "https://example.org/now.json", "every": 300, "staleAfterSeconds": 600, "fallback": "–"},
                 {"id": "price", "topic": "shop/price"}],
     "gadgets": [
       {"id": "temp", "center": [200, 100], "size": [300, 80], "text": "…",
        "bind": {"text": "{weather:/current/temp|%.1f} °C in {weather:/name}"}},
       {"id": "tag", "color": "#000000", "center": [200, 300], "size": [100, 100],
        "bind": {"color": "{price:/color}", "opacity": "{price:/o}", "hidden": "{price:/off}"}},
       {"id": "clock", "center": [600, 100], "size": [300, 80], "text": "--:--", "bind": {"text": "{time|%H:%M} {date|%a}"}},
       {"id": "menu", "center": [600, 300], "size": [200, 200], "qr": {"text": "https://example.org/menu?p={price:/v}", "ecc": "Q"}}
     ]}
    """#

    func board() throws -> Board { try BoardDecoder.decode(Array(Self.boardJSON.utf8), file: "cafe.json").get() }
    func json(_ s: String) throws -> JSONValue { try JSONParser.parse(s) }

    @Test func nothingUntilEveryPlaceholderHasAValue() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        #expect(e.evaluate(now: 1, clock: nil) == [])
        e.receive(source: "weather", payload: try json(#"{"current": {"temp": 21.46}, "name": "Lisboa"}"#), at: 2)
        #expect(e.evaluate(now: 2, clock: nil) == [BoundChange(gadget: "temp", value: .text("21.5 °C in Lisboa"))])
        // The same value again changes nothing.
        e.receive(source: "weather", payload: try json(#"{"current": {"temp": 21.49}, "name": "Lisboa"}"#), at: 3)
        #expect(e.evaluate(now: 3, clock: nil) == [])
    }

    @Test func aValueThatFailsKeepsTheLastGoodOne() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        e.receive(source: "weather", payload: try json(#"{"current": {"temp": 20}, "name": "Porto"}"#), at: 1)
        #expect(e.evaluate(now: 1, clock: nil).count == 1)
        // temp is now text and the name is gone: each placeholder keeps its own last good text.
        e.receive(source: "weather", payload: try json(#"{"current": {"temp": "n/a"}, "name": "Faro"}"#), at: 2)
        #expect(e.evaluate(now: 2, clock: nil) == [BoundChange(gadget: "temp", value: .text("20.0 °C in Faro"))])
        e.receive(source: "weather", payload: .string("<html>502</html>"), at: 3)
        #expect(e.evaluate(now: 3, clock: nil) == [])
    }

    @Test func staleSourcesShowTheirFallback() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        // Never answered: stale 600 s after the start.
        #expect(e.nextStaleDeadline(now: 0) == 600)
        #expect(e.evaluate(now: 600, clock: nil) == [BoundChange(gadget: "temp", value: .text("– °C in –"))])
        e.receive(source: "weather", payload: try json(#"{"current": {"temp": 8}, "name": "Braga"}"#), at: 700)
        #expect(e.evaluate(now: 700, clock: nil) == [BoundChange(gadget: "temp", value: .text("8.0 °C in Braga"))])
        #expect(e.nextStaleDeadline(now: 700) == 1300)
        // A 304 confirms the value: fresh again, the deadline moves.
        e.confirm(source: "weather", at: 1000)
        #expect(e.nextStaleDeadline(now: 1000) == 1600)
        #expect(e.evaluate(now: 1599, clock: nil) == [])
        #expect(e.evaluate(now: 1600, clock: nil) == [BoundChange(gadget: "temp", value: .text("– °C in –"))])
        #expect(e.nextStaleDeadline(now: 1600) == nil)
    }

    @Test func propertiesConvertOrKeepTheirLastValue() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        e.receive(source: "price", payload: try json(##"{"color": "#ff0000", "o": 0.5, "off": false, "v": 3}"##), at: 1)
        let first = e.evaluate(now: 1, clock: nil)
        #expect(first.contains(BoundChange(gadget: "tag", value: .color(Color(r: 1, g: 0, b: 0)))))
        #expect(first.contains(BoundChange(gadget: "tag", value: .opacity(0.5))))
        #expect(first.contains(BoundChange(gadget: "tag", value: .hidden(false))))
        #expect(first.contains(BoundChange(gadget: "menu", value: .qr("https://example.org/menu?p=3"))))
        e.receive(source: "price", payload: try json(#"{"color": "red", "o": 7, "off": 1, "v": 3}"#), at: 2)
        #expect(e.evaluate(now: 2, clock: nil) == [BoundChange(gadget: "tag", value: .hidden(true))])
    }

    @Test func theClockFollowsTheClockReadingGiven() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        #expect(e.readsClock && e.clockResolution == .minute)
        let t = ClockReading(unixSeconds: 1_795_686_661, utcOffsetSeconds: 0)
        #expect(e.evaluate(now: 1, clock: t) == [BoundChange(gadget: "clock", value: .text("09:51 Thu"))])
        #expect(e.evaluate(now: 2, clock: ClockReading(unixSeconds: 1_795_686_661 + 58, utcOffsetSeconds: 0)) == [])
        var pt = LocaleNames.english
        pt.abbreviatedDays[4] = "qui"
        #expect(e.evaluate(now: 3, clock: ClockReading(unixSeconds: 1_795_686_720, utcOffsetSeconds: 0), names: pt)
            == [BoundChange(gadget: "clock", value: .text("09:52 qui"))])
    }

    @Test func plainTextPayloadsAreTheirOwnValue() {
        #expect(SourcePayload.value(Array("21.5".utf8)) == .number(21.5))
        #expect(SourcePayload.value(Array("open".utf8)) == .string("open"))
        #expect(SourcePayload.value([0xff, 0x41]) == .string("\u{FFFD}A"))
    }

    @Test func conversions() {
        #expect(BoundValue.convert(" #00ff0080 ", to: .color) == .color(Color(r: 0, g: 1, b: 0, a: 128.0 / 255)))
        #expect(BoundValue.convert("1.5", to: .opacity) == nil)
        #expect(BoundValue.convert("yes", to: .hidden) == .hidden(true))
        #expect(BoundValue.convert("maybe", to: .hidden) == nil)
        #expect(BoundValue.convert("../etc/passwd", to: .image) == nil)
        #expect(BoundValue.convert("icons/sun.png", to: .image) != nil)
        #expect(BoundValue.convert(String(repeating: "x", count: 1664), to: .qr, ecc: .Q) == nil)
        #expect(BoundValue.convert(String(repeating: "x", count: 1663), to: .qr, ecc: .Q) != nil)
    }
}
