/// The kernel's `struct input_id`: bus type, vendor, product and version (evemu's `I:` line).
public struct InputDeviceID: Hashable, Sendable, CustomStringConvertible {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bustype = bustype; self.vendor = vendor; self.product = product; self.version = version
    }

    /// `bus:vendor:product` as `lsusb` and the recordings README write it, e.g. `0003:056a:00e6`.
    public var description: String { "\(Self.hex4(bustype)):\(Self.hex4(vendor)):\(Self.hex4(product))" }

    static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
