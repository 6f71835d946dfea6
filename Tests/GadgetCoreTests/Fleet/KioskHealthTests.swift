import Testing
@testable import GadgetCore

@Suite struct KioskHealthTests {
    /// Off a Pi and before any frame-time sample: those fields are left out, never null.
    @Test func leavesOutWhatIsNotKnown() {
        let h = KioskHealth(node: "k1", framesPresented: 1, uptimeSeconds: 3.42, board: "demo board")
        #expect(JSONWriter.write(h.json) == #"{"node":"k1","board":"demo board","fps":0,"framesPresented":1,"missedVblanks":0,"uptimeSeconds":3.4,"reloads":{"ok":0,"failed":0},"displayConnected":true,"blanked":false}"#)
    }

    @Test func carriesThePiFiguresWhenKnown() throws {
        let h = KioskHealth(node: "k1", framesPerSecond: 59.94, framesPresented: 3600, missedVblanks: 2, frameTimeP99Milliseconds: 16.9,
                            inputToFlipP99Milliseconds: 31.25, uptimeSeconds: 60, reloadsSucceeded: 1, reloadsFailed: 1,
                            displayConnected: false, blanked: true, board: "b", socTemperatureCelsius: 61.234,
                            throttled: ThrottledFlags(rawValue: 0x50005))
        let json = try JSONParser.parse(JSONWriter.write(h.json))
        #expect(json["fps"] == .number(59.94))
        #expect(json["frameTimeP99Ms"] == .number(16.9))
        #expect(json["inputToFlipP99Ms"] == .number(31.25))
        #expect(json["socTemperatureCelsius"] == .number(61.2))
        #expect(json["displayConnected"] == .bool(false))
        #expect(json["throttled"]?["under_voltage"] == .bool(true))
        #expect(json["reloads"]?["failed"] == .number(1))
    }

    @Test func rateIsFramesOverTheInterval() {
        #expect(KioskHealth.rate(frames: 1800, since: 0, over: 30_000_000) == 60)
        #expect(KioskHealth.rate(frames: 10, since: 10, over: 30_000_000) == 0)
        #expect(KioskHealth.rate(frames: 5, since: 10, over: 1_000_000) == 0)   // a reset counter
        #expect(KioskHealth.rate(frames: 5, since: 0, over: 0) == 0)
    }
}
