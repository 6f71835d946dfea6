import Testing
@testable import GadgetCore

/// The display command's `state` and the state reply's `display`.
@Suite struct DisplayControlTests {
    @Test func states() throws {
        #expect(try DisplayControl.override(.string("on")) == .on)
        #expect(try DisplayControl.override(.string("off")) == .off)
        #expect(try DisplayControl.override(.string("auto")) == .auto)
        #expect(throws: ControlFailure(field: "state", message: "expected \"on\", \"off\" or \"auto\"")) { try DisplayControl.override(.string("blink")) }
        #expect(throws: ControlFailure.self) { try DisplayControl.override(.bool(true)) }
        #expect(throws: ControlFailure.self) { try DisplayControl.override(nil) }
    }

    @Test func report() {
        let json = DisplayControl.report(.init(on: false, cause: .schedule))
        #expect(JSONWriter.write(json) == #"{"on":false,"cause":"schedule"}"#)
    }
}
