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

    @Test func aPayloadTheBindingsCannotReadIsRefusedWhole() throws {
        var e = BindingEvaluator(board: try board(), start: 0)
        #expect(e.receive(source: "weather", payload: try json(#"{"current": {"temp": 20}, "name": "Porto"}"#), at: 1) == nil)
        #expect(e.evaluate(now: 1, clock: nil).count == 1)
        // temp is now text: the whole answer is refused (the new name is not shown either).
        #expect(e.receive(source: "weather", payload: try json(#"{"current": {"temp": "n/a"}, "name": "Faro"}"#), at: 2)
            == #"/current/temp is the text "n/a", not a number"#)
        #expect(e.evaluate(now: 2, clock: nil) == [])
        // A maintenance page: not JSON, so no pointer finds anything.
        #expect(e.receive(source: "weather", payload: .string("<html>502</html>"), at: 3)
            == #"not JSON (text "<html>502</html>"), so /current/temp finds nothing"#)
        // The name is gone.
        #expect(e.receive(source: "weather", payload: try json(#"{"current": {"temp": 20}}"#), at: 4)
            == #"/name finds nothing: no member "name" at """#)
        #expect(e.receive(source: "weather", payload: try json(#"{"current": {"temp": [20]}, "name": "Faro"}"#), at: 5)
            == "/current/temp is an array, not a value to show")
        #expect(e.evaluate(now: 5, clock: nil) == [])
        // None refreshed the value: it is stale 600 s after the last good one, as after a timeout.
        #expect(e.age(of: "weather", now: 5) == 4)
        #expect(e.nextStaleDeadline(now: 5) == 601)
        #expect(e.evaluate(now: 601, clock: nil) == [BoundChange(gadget: "temp", value: .text("– °C in –"))])
    }

    @Test func aTextTooLongForItsPropertyIsRefused() throws {
        let json = #"""
        {"size": [100, 100], "sources": [{"id": "s", "topic": "t"}, {"id": "u", "topic": "u"}, {"id": "v", "topic": "v"}],
         "gadgets": [{"id": "a", "center": [50, 50], "size": [100, 100], "text": "…", "bind": {"text": "{s:/special}"}},
                     {"id": "b", "center": [50, 50], "size": [100, 100], "text": "…", "bind": {"text": "{u}{v}"}}]}
        """#
        var e = BindingEvaluator(board: try BoardDecoder.decode(Array(json.utf8), file: "b.json").get(), start: 0)
        let long = String(repeating: "x", count: GadgetText.maximumLength + 1)
        #expect(e.receive(source: "s", payload: .object([("special", .string(long))]), at: 1)
            == "gadget \"a\" text: 10001 characters, more than a text holds (10000)")
        #expect(e.evaluate(now: 1, clock: nil) == [])
        // Two values too long only together, arriving before either had a text: each passes
        // alone, the evaluation drops the line and says so in `drops` (the runner's
        // rate-limited log line); the board's own text stays.
        let half = String(repeating: "y", count: 6000)
        #expect(e.receive(source: "u", payload: .string(half), at: 2) == nil)
        #expect(e.receive(source: "v", payload: .string(half), at: 2) == nil)
        #expect(e.evaluate(now: 2, clock: nil) == [])
        #expect(e.drops == [BindingEvaluator.Drop(gadget: "b", property: .text, sources: ["u", "v"], reason: "12000 characters, more than a text holds (10000)")])
        #expect(e.evaluate(now: 3, clock: nil) == [] && e.drops.count == 1)
    }

    @Test func aStaleTextReplacesTheWholeLine() throws {
        let json = #"""
        {"size": [100, 100], "sources": [{"id": "s", "topic": "t", "staleAfterSeconds": 60, "fallback": "—"}],
         "gadgets": [{"id": "a", "center": [50, 50], "size": [100, 100], "text": "…",
                      "bind": {"text": {"template": "Heute: {s:/special} · {s:/price|n2} €", "stale": "Heute: siehe Tafel"}}},
                     {"id": "b", "center": [50, 50], "size": [100, 100], "text": "…",
                      "bind": {"text": {"template": "{s:/special}", "stale": ""}}},
                     {"id": "c", "center": [50, 50], "size": [100, 100], "text": "…", "bind": {"text": "Heute: {s:/special}"}}]}
        """#
        var e = BindingEvaluator(board: try BoardDecoder.decode(Array(json.utf8), file: "b.json").get(), start: 0)
        var de = LocaleNames.english
        de.numbers = LocaleNumbers(decimalSeparator: ",", groupSeparator: ".", grouping: [3])
        e.receive(source: "s", payload: .object([("special", .string("Suppe")), ("price", .number(4.5))]), at: 1)
        #expect(e.evaluate(now: 1, clock: nil, names: de) == [BoundChange(gadget: "a", value: .text("Heute: Suppe · 4,50 €")),
                                                             BoundChange(gadget: "b", value: .text("Suppe")),
                                                             BoundChange(gadget: "c", value: .text("Heute: Suppe"))])
        // Stale: the whole line, nothing for "", the fallback placeholder by placeholder without.
        #expect(e.evaluate(now: 61, clock: nil, names: de) == [BoundChange(gadget: "a", value: .text("Heute: siehe Tafel")),
                                                              BoundChange(gadget: "b", value: .text("")),
                                                              BoundChange(gadget: "c", value: .text("Heute: —"))])
        e.receive(source: "s", payload: .object([("special", .string("Eintopf")), ("price", .number(5))]), at: 70)
        #expect(e.evaluate(now: 70, clock: nil, names: de).first == BoundChange(gadget: "a", value: .text("Heute: Eintopf · 5,00 €")))
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
        // A colour that is not one refuses the whole answer (the hidden flag in it too).
        #expect(e.receive(source: "price", payload: try json(#"{"color": "red", "o": 0.5, "off": 1, "v": 3}"#), at: 2)
            == #"gadget "tag" color: "red" is not a colour (#rrggbb or #rrggbbaa)"#)
        #expect(e.receive(source: "price", payload: try json(##"{"color": "#ff0000", "o": 7, "off": 1, "v": 3}"##), at: 2)
            == #"gadget "tag" opacity: "7" is not an opacity (a number 0…1)"#)
        #expect(e.evaluate(now: 2, clock: nil) == [])
        e.receive(source: "price", payload: try json(##"{"color": "#ff0000", "o": 0.5, "off": 1, "v": 3}"##), at: 3)
        #expect(e.evaluate(now: 3, clock: nil) == [BoundChange(gadget: "tag", value: .hidden(true))])
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
