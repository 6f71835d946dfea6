import GadgetSystem

/// Why switching a display's power failed: the call and its errno (through `SystemError`), or
/// what the device said.
public enum DisplayPowerError: Error, Sendable, Equatable, CustomStringConvertible {
    case system(SystemError)
    /// `/sys/class/backlight` (or the injected root) has no device.
    case noBacklight(String)
    /// The CEC adapter cannot do what is needed (no transmit, no logical address to claim).
    case cecUnsupported(String, why: String)
    /// A CEC message went out but was not acknowledged (the TV is off the bus, or asleep and
    /// deaf): the transmit status bits from the kernel.
    case cecNotAcknowledged(String, opcode: UInt8, status: UInt8)

    public var description: String {
        switch self {
        case .system(let e): return e.description
        case .noBacklight(let root): return "no backlight device in \(root)"
        case .cecUnsupported(let dev, let why): return "\(dev): \(why)"
        case .cecNotAcknowledged(let dev, let opcode, let status):
            return "\(dev): CEC message 0x\(String(opcode, radix: 16)) not acknowledged (tx_status 0x\(String(status, radix: 16)))"
        }
    }
}
