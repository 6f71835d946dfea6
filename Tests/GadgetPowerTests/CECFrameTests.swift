import Testing
@testable import GadgetPower

/// The bytes a schedule puts on the CEC bus (CEC 1.4 specification, as cec-ctl --monitor shows
/// them: `<Standby>` is `40:36` from a playback device at 4).
@Suite struct CECFrameTests {
    @Test func standbyImageViewOnAndActiveSource() {
        #expect(CECFrame.standby(from: 4).bytes == [0x40, 0x36])
        #expect(CECFrame.imageViewOn(from: 4).bytes == [0x40, 0x04])
        #expect(CECFrame.activeSource(from: 4, physicalAddress: 0x1000).bytes == [0x4F, 0x82, 0x10, 0x00])
        #expect(CECFrame.activeSource(from: 8, physicalAddress: 0x2130).bytes == [0x8F, 0x82, 0x21, 0x30])
    }

    @Test func onSendsImageViewOnThenActiveSourceAndOffSendsStandby() {
        #expect(CECPower.frames(poweredOn: true, initiator: 4, physicalAddress: 0x1000).map(\.opcode) == [.imageViewOn, .activeSource])
        #expect(CECPower.frames(poweredOn: false, initiator: 4, physicalAddress: 0x1000).map(\.opcode) == [.standby])
    }

    @Test func aMissingDeviceIsATypedError() {
        #expect(throws: DisplayPowerError.self) { try CECAdapter(path: "/dev/cec-does-not-exist") }
        // /dev/null is not a CEC adapter: the capabilities ioctl fails (ENOTTY).
        do {
            _ = try CECAdapter(path: "/dev/null")
            Issue.record("/dev/null taken for a CEC adapter")
        } catch {
            guard case .system(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.call == "CEC_ADAP_G_CAPS")
        }
    }
}
