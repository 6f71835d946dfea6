/// One HDMI-CEC message as it goes on the wire: a header byte (initiator and destination
/// logical addresses), the opcode, the operands (CEC 1.4/2.0 specification; the kernel's
/// <linux/cec-funcs.h> builds the same bytes).
public struct CECFrame: Sendable, Equatable {
    /// Logical address 0: the TV.
    public static let tv: UInt8 = 0
    /// Logical address 15: unregistered as initiator, broadcast as destination.
    public static let broadcast: UInt8 = 0xF

    public enum Opcode: UInt8, Sendable {
        /// Wakes the TV and shows its current input (to the TV).
        case imageViewOn = 0x04
        /// Puts the destination into standby (to the TV, or broadcast for every device).
        case standby = 0x36
        /// "Show me": the source at this physical address is the active one (broadcast).
        case activeSource = 0x82
    }

    public var initiator: UInt8
    public var destination: UInt8
    public var opcode: Opcode
    public var operands: [UInt8]

    public init(from initiator: UInt8, to destination: UInt8, _ opcode: Opcode, operands: [UInt8] = []) {
        self.initiator = initiator & 0xF; self.destination = destination & 0xF; self.opcode = opcode; self.operands = operands
    }

    public var bytes: [UInt8] { [initiator << 4 | destination, opcode.rawValue] + operands }

    /// `<Standby>` to the TV.
    public static func standby(from initiator: UInt8) -> CECFrame { CECFrame(from: initiator, to: tv, .standby) }
    /// `<Image View On>` to the TV.
    public static func imageViewOn(from initiator: UInt8) -> CECFrame { CECFrame(from: initiator, to: tv, .imageViewOn) }
    /// `<Active Source>` with our physical address (`1.0.0.0` is 0x1000), broadcast.
    public static func activeSource(from initiator: UInt8, physicalAddress: UInt16) -> CECFrame {
        CECFrame(from: initiator, to: broadcast, .activeSource, operands: [UInt8(physicalAddress >> 8), UInt8(physicalAddress & 0xFF)])
    }
}
