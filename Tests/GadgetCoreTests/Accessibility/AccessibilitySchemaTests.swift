import Testing
@testable import GadgetCore

/// docs/board.schema.json's accessibility parts say what the decoder accepts: the board fields,
/// every `"accessibility"` field, every command of `"keys"`, and the ranges of the numbers
/// (an editor that validates against the schema must not refuse a board `check` takes).
@Suite struct AccessibilitySchemaTests {
    static func schema() throws -> JSONValue {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let bytes = try #require(GestureRecordings.file(parts.joined(separator: "/") + "/docs/board.schema.json"))
        return try JSONParser.parse(bytes)
    }

    static func names(_ v: JSONValue?) -> Set<String> {
        guard case .object(let pairs)? = v else { return [] }
        return Set(pairs.map(\.0))
    }

    @Test func theSchemaListsEveryAccessibilityFieldTheDecoderAccepts() throws {
        let s = try Self.schema()
        #expect(BoardDecoder.accessibilityBoardFields.isSubset(of: Self.names(s["properties"])))
        let a = s["properties"]?["accessibility"]
        #expect(Self.names(a?["properties"]) == BoardDecoder.accessibilitySettingsFields)
        #expect(a?["additionalProperties"] == .bool(false))
        #expect(Self.names(a?["properties"]?["keys"]?["properties"]) == Set(NavigationCommand.names))
        #expect(Self.names(a?["properties"]?["reach"]?["properties"]) == ["floorToBottomMm", "mmPerPx"])
    }

    @Test func theSchemasRangesAreTheDecoders() throws {
        let s = try Self.schema()
        let a = s["properties"]?["accessibility"]?["properties"]
        func range(_ v: JSONValue?) -> ClosedRange<Double>? {
            guard case .number(let lo)? = v?["minimum"], case .number(let hi)? = v?["maximum"] else { return nil }
            return lo...hi
        }
        #expect(range(a?["largeTextScale"]) == AccessibilityDisplay.largeTextScaleRange)
        #expect(range(a?["timeoutScale"]) == 1...10)
        #expect(range(s["properties"]?["viewingDistanceMm"]) == 200...5000)
    }
}
