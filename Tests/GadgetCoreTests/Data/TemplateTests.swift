import Testing
@testable import GadgetCore

@Suite struct TemplateTests {
    @Test func parsesTheIssueExample() throws {
        let t = try Template.parse("{weather:/current/temp|%.1f} °C in {weather:/name}").get()
        #expect(t.parts.count == 3)
        guard case .value("weather", let p, .printf(let f)?) = t.parts[0] else { Issue.record("first part \(t.parts[0])"); return }
        #expect(p.tokens == ["current", "temp"])
        #expect(f.conversion == .f && f.precision == 1)
        #expect(t.parts[1] == .literal(" °C in "))
        #expect(t.parts[2] == .value(source: "weather", pointer: JSONPointer(tokens: ["name"]), format: nil))
        #expect(t.sources == ["weather"])
        #expect(!t.readsClock)
    }

    @Test func wholePayloadAndClock() throws {
        let t = try Template.parse("{price} at {time|%H:%M:%S}, {date}").get()
        #expect(t.parts[0] == .value(source: "price", pointer: JSONPointer(tokens: []), format: nil))
        guard case .clock(let c) = t.parts[2] else { Issue.record("no clock"); return }
        #expect(c.resolution == .second)
        guard case .clock(let d) = t.parts[4] else { Issue.record("no date"); return }
        #expect(d.resolution == .day)
        #expect(t.readsClock && t.sources == ["price"])
    }

    @Test func doubledBracesAreLiterals() throws {
        let t = try Template.parse("{{x}} {p:/a}}}").get()
        #expect(t.parts == [.literal("{x} "), .value(source: "p", pointer: JSONPointer(tokens: ["a"]), format: nil), .literal("}")])
        #expect(try Template.parse("{{}}").get().literalText == "{}")
    }

    @Test func refusalsSayWhere() {
        func failure(_ s: String) -> String? { if case .failure(let f) = Template.parse(s) { return f.description } else { return nil } }
        #expect(failure("a } b")?.contains("at character 2") == true)
        #expect(failure("{w:/a")?.contains("without its") == true)
        #expect(failure("{:/a}")?.contains("without a source") == true)
        #expect(failure("{w:a}")?.contains("bad pointer") == true)
        #expect(failure("{w:/a~2}")?.contains("bad pointer") == true)
        #expect(failure("{w:/a|%q}")?.contains("bad format") == true)
        #expect(failure("{w:/a|%d%d}")?.contains("bad format") == true)
        #expect(failure("{time:/x}")?.contains("takes a format") == true)
        #expect(failure("{time|%c}")?.contains("spell it out") == true)
        #expect(failure("{date|%Q}")?.contains("unknown clock conversion") == true)
        #expect(failure(String(repeating: "a", count: 5000)) != nil)
    }
}
