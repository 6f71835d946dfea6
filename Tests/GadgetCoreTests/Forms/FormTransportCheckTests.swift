import Testing
@testable import GadgetCore

/// `check` on a board whose form submits to an MQTT topic: a warning unless `--mqtt` says the
/// kiosk will have a broker; an HTTP form never.
@Suite struct FormTransportCheckTests {
    static let board = #"""
    { "size": [800, 480],
      "forms": [ { "id": "book", "submit": { "url": "https://example.org/book" } },
                 { "id": "tickets", "submit": { "topic": "lobby/tickets" } } ],
      "gadgets": [
        { "id": "a", "color": "#ffffff", "center": [200, 100], "size": [300, 60], "field": { "kind": "text", "form": "book", "name": "a" } },
        { "id": "b", "color": "#ffffff", "center": [200, 300], "size": [300, 60], "field": { "kind": "text", "form": "tickets", "name": "b" } } ] }
    """#

    @Test func aTopicFormIsAWarningWithoutMQTT() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "board.json").get()
        let warnings = FormTransportCheck.warnings(board, file: "board.json", hasMQTT: false)
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.hasPrefix("board.json: forms[1].submit.topic: warning: form \"tickets\" submits to the MQTT topic lobby/tickets") == true)
    }

    @Test func withMQTTNothingIsSaid() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "board.json").get()
        #expect(FormTransportCheck.warnings(board, file: "board.json", hasMQTT: true).isEmpty)
    }
}
