/// A TV switched over HDMI-CEC: `<Standby>` to switch off; `<Image View On>` then
/// `<Active Source>` to switch on, because some TVs change input only on the second (DAKboard
/// Hardware-OS #99). The adapter gets a playback logical address first if it has none.
public final class CECPower: DisplayPowerSwitch {
    public let adapter: CECAdapter
    public var name: String { "cec \(adapter.path)" }
    private var address: UInt8?

    public init(adapter: CECAdapter) { self.adapter = adapter }

    /// Opens `path` (`/dev/cec0`).
    public convenience init(path: String) throws(DisplayPowerError) {
        self.init(adapter: try CECAdapter(path: path))
    }

    /// Our logical address: the adapter's, or one claimed now.
    public func ensureLogicalAddress() throws(DisplayPowerError) -> UInt8 {
        if let address { return address }
        var claimed: UInt8
        if let existing = try adapter.logicalAddress() { claimed = existing } else { claimed = try adapter.claimPlayback(osdName: "Gadgetboard") }
        address = claimed
        return claimed
    }

    /// The frames a switch sends, in order (what the VM test reads on the TV's side).
    public static func frames(poweredOn on: Bool, initiator: UInt8, physicalAddress: UInt16) -> [CECFrame] {
        on ? [.imageViewOn(from: initiator), .activeSource(from: initiator, physicalAddress: physicalAddress)]
           : [.standby(from: initiator)]
    }

    public func setPowered(_ on: Bool) throws(DisplayPowerError) {
        let la = try ensureLogicalAddress()
        let pa = on ? try adapter.physicalAddress() : 0xFFFF
        for frame in Self.frames(poweredOn: on, initiator: la, physicalAddress: pa) {
            // An <Active Source> with no valid physical address would claim the wrong input.
            if frame.opcode == .activeSource && pa == 0xFFFF { continue }
            try adapter.transmit(frame)
        }
    }
}
