import Testing
@testable import GadgetCore

@Suite struct GestureThresholdsTests {
    @Test func everyThresholdIsNamedOnceAndDefaultsAreTheReferenceValues() {
        let t = GestureThresholds()
        let names = GestureThresholds.entries.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(t.tapSlop == 10 && t.doubleTapInterval == 0.35 && t.doubleTapMinimumInterval == 0.04 && t.doubleTapSlop == 100)
        #expect(t.longPressDuration == 0.5 && t.longPressAllowableMovement == 10)
        #expect(t.panHysteresis == 10 && t.velocityHorizon == 0.1 && t.velocitySampleLimit == 20 && t.velocityStopTime == 0.04)
        #expect(t.maximumFlingSpeed == 8000 && t.minimumFlingSpeed == 50)
        #expect(t.swipeMinimumPrimaryMovement == 50 && t.swipePrimaryDecay == 0.94 && t.swipeSecondaryDecay == 0.98 && t.swipeMaximumDuration == 0.5)
        #expect(t.pinchSpanSlop == 16 && t.velocitySmoothing == 0.25)
        #expect(t.placardGrowth >= 1.1 && t.placardGrowth <= 1.2)
        // Every entry's key path reads its own default inside its range.
        for e in GestureThresholds.entries { #expect(e.range.contains(t[keyPath: e.keyPath]), "\(e.name)") }
    }

    @Test func thePointUnitComesFromThePanelDensity() {
        #expect(TouchSettings().pixelsPerPoint == 1, "unknown panel: 1 px per pt")
        let pi7 = TouchSettings(ppi: 133)
        #expect(abs(pi7.pixelsPerPoint - 133.0 / 163) < 1e-12)
        let t = GestureThresholds(pixelsPerPoint: pi7.pixelsPerPoint)
        #expect(abs(t.px(t.tapSlop) - 10 * 133.0 / 163) < 1e-12)
        #expect(GestureThresholds(pixelsPerPoint: 0).pixelsPerPoint == 1, "nonsense falls back to 1")
    }

    @Test func boardOverridesApplyByName() throws {
        let board = try BoardDecoder.decode(Array("""
        {"size":[800,480],"touch":{"ppi":326},"gadgets":[],"thresholds":{"tapSlop":20,"longPressDuration":0.8}}
        """.utf8), file: "b.json").get()
        let t = try GestureThresholds.forBoard(board, file: "b.json").get()
        #expect(t.tapSlop == 20 && t.longPressDuration == 0.8 && t.pixelsPerPoint == 2)
        #expect(t.doubleTapInterval == 0.35, "the rest keep their defaults")
        let engine = try GestureEngine.make(board: board, file: "b.json").get()
        #expect(engine.thresholds == t)
    }

    @Test func unknownNamesAndBadValuesAreProblemsAtTheirPaths() throws {
        let board = try BoardDecoder.decode(Array("""
        {"size":[800,480],"gadgets":[],"thresholds":{"tapSlopp":20,"velocitySmoothing":2,"velocitySampleLimit":7.5,"panHysteresis":12}}
        """.utf8), file: "b.json").get()
        guard case .failure(let p) = GestureThresholds.forBoard(board, file: "b.json") else {
            Issue.record("expected problems")
            return
        }
        let lines = p.problems.map(\.description)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("b.json: thresholds.tapSlopp: unknown gesture threshold \"tapSlopp\" (known: tapSlop, "))
        #expect(lines[1] == "b.json: thresholds.velocitySmoothing: 2 factor is out of range 0.01...1")
        #expect(lines[2] == "b.json: thresholds.velocitySampleLimit: expected a whole number of samples")
        if case .success = GestureEngine.make(board: board, file: "b.json") { Issue.record("the engine must refuse the board") }
    }

    @Test func overriddenThresholdsReachTheRecognizers() {
        var t = GestureThresholds()
        t.longPressDuration = 0.2
        var h = ArenaHarness()
        let press = h.add(LongPressGestureRecognizer(thresholds: t))
        _ = h.down(Vector2(10, 10))
        h.wait(200)
        #expect(h.states(press) == [.began])
    }

    @Test func everyThresholdIsDocumented() throws {
        // docs/gestures.md lists every threshold with its unit and source: keep them in step.
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let path = parts.joined(separator: "/") + "/docs/gestures.md"
        let bytes = try #require(GestureRecordings.file(path))
        let text = String(decoding: bytes, as: UTF8.self)
        for e in GestureThresholds.entries { #expect(text.contains("| `\(e.name)` |"), "\(e.name) missing from docs/gestures.md") }
    }

    @Test func theBoardSchemaListsEveryThresholdWithItsRange() throws {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let bytes = try #require(GestureRecordings.file(parts.joined(separator: "/") + "/docs/board.schema.json"))
        let schema = try JSONParser.parse(bytes)
        guard case .object(let props)? = schema["properties"]?["thresholds"]?["properties"] else {
            Issue.record("no properties.thresholds.properties")
            return
        }
        #expect(props.map(\.0) == GestureThresholds.entries.map(\.name))
        for (name, value) in props {
            guard let e = GestureThresholds.entries.first(where: { $0.name == name }),
                  case .number(let lo)? = value["minimum"], case .number(let hi)? = value["maximum"] else { continue }
            #expect(lo == e.range.lowerBound && hi == e.range.upperBound, "\(name)")
        }
        #expect(schema["properties"]?["thresholds"]?["additionalProperties"] == .bool(false), "unknown names are errors")
    }
}
