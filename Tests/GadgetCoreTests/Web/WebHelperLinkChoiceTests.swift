import Testing
@testable import GadgetCore

/// Where a web gadget's helper comes from (issue 40: gadgetboard-web.socket, WEB-UNIT.md).
@Suite struct WebHelperLinkChoiceTests {
    static let unit = "/run/gadgetboard-web/helper.sock"

    @Test func theUnitsSocketWhenItExists() {
        #expect(WebHelperLinkChoice.choose(environment: [:], exists: { $0 == Self.unit })
                == .connect(path: Self.unit, origin: "gadgetboard-web.socket"))
    }

    @Test func aChildWithoutTheUnit() {
        #expect(WebHelperLinkChoice.choose(environment: [:], exists: { _ in false }) == .spawn)
        #expect(WebHelperLinkChoice.choose(environment: ["GADGETBOARD_WEB_SOCKET": ""], exists: { _ in false }) == .spawn)
    }

    /// A named socket that is not there is a failure to say (and retry), never a quiet fall back
    /// to a child that would run as the kiosk's user inside the kiosk's sandbox.
    @Test func theNamedSocketWinsEvenWhenMissing() {
        #expect(WebHelperLinkChoice.choose(environment: ["GADGETBOARD_WEB_SOCKET": "/tmp/x/helper.sock",
                                                         "GADGETBOARD_WEB_HELPER": "/opt/double"], exists: { _ in false })
                == .connect(path: "/tmp/x/helper.sock", origin: "$GADGETBOARD_WEB_SOCKET"))
    }

    @Test func aNamedProgramBeatsTheUnitsSocket() {
        #expect(WebHelperLinkChoice.choose(environment: ["GADGETBOARD_WEB_HELPER": "/opt/double"], exists: { _ in true }) == .spawn)
    }
}
