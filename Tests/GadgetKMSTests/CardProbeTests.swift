import GadgetSystem
import Testing
@testable import GadgetDisplay

@Suite struct CardProbeTests {
    @Test func noCardsIsAClearError() {
        #expect(CardProbe.cardPaths(in: "/nonexistent-dri").isEmpty)
        do {
            _ = try CardProbe.find(card: "/nonexistent-dri/card7")
            Issue.record("opened a card that does not exist")
        } catch {
            #expect(error == .unavailable(KMSProblem.noDevice(detail: "/nonexistent-dri/card7 does not exist").message))
        }
    }

    @Test func aFileThatIsNotACardCannotModeset() {
        // /dev/null opens but is no DRM device: the probe must say so, not crash.
        do {
            _ = try CardProbe.find(card: "/dev/null")
            Issue.record("/dev/null accepted as a card")
        } catch {
            #expect(error.description.contains("no DRM card can modeset"))
        }
    }

    @Test func messagesNameWhatToDo() {
        #expect(KMSProblem.permission(path: "/dev/dri/card1", group: "video").message.contains("join the 'video' group"))
        #expect(KMSProblem.otherMaster(path: "/dev/dri/card0", failure: SystemError("drmSetMaster", errno: .resourceBusy)).message.contains("EBUSY"))
        #expect(KMSProblem.noConnectedConnector(card: "/dev/dri/card1", connectors: ["HDMI-A-1 disconnected"]).message.contains("plug in the panel"))
    }

    @Test func fourccNames() {
        #expect(Fourcc.name(Fourcc.xrgb8888) == "XR24")
        #expect(Fourcc.code("AR24") == Fourcc.argb8888)
        #expect(Fourcc.name(7) == "0x7")
    }
}
