import Glibc
import Testing
@testable import GadgetPower

/// The real kernel CEC API on a real adapter: run where one may be driven (the VM's CEC test
/// loads vivid, makes its HDMI input a TV with cec-ctl and runs these with
/// GADGETBOARD_CEC_DEVICE on the playback side, reading the TV's side with `cec-ctl --monitor`;
/// see Tests/vm/guest-cec.sh). Elsewhere they are disabled: this machine has no /dev/cec*.
@Suite(.serialized, .enabled(if: CECTestDevice.path != nil, "set GADGETBOARD_CEC_DEVICE to a CEC adapter this test may use"))
struct CECHardwareTests {
    @Test func claimsAPlaybackAddressAndSwitchesTheTV() throws {
        let path = try #require(CECTestDevice.path)
        let power = try CECPower(path: path)
        let address = try power.ensureLogicalAddress()
        // Playback devices are 4, 8, 11 (or 15 when all are taken).
        #expect([4, 8, 11, 15].contains(address), "logical address \(address)")
        #expect(try power.adapter.logicalAddress() == address)
        let pa = try power.adapter.physicalAddress()
        #expect(pa != 0xFFFF, "the adapter has a physical address (connected to the TV)")
        print("cec-hardware: \(power.adapter.driver) at \(path), logical \(address), physical 0x\(String(pa, radix: 16))")
        try power.setPowered(false)
        print("cec-hardware: sent <Standby>")
        try power.setPowered(true)
        print("cec-hardware: sent <Image View On>, <Active Source>")
    }
}

enum CECTestDevice {
    static var path: String? { getenv("GADGETBOARD_CEC_DEVICE").map { String(cString: $0) } }
}
