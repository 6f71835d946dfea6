/// The Raspberry Pi firmware's throttling report (`vcgencmd get_throttled`, or without vcgencmd
/// `/sys/devices/platform/soc/soc:firmware/get_throttled` on Raspberry Pi OS kernels). Bits as
/// documented at https://www.raspberrypi.com/documentation/computers/os.html#get_throttled:
/// 0–3 are the state now, 16–19 whether it happened since boot.
public struct ThrottledFlags: Equatable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// One condition, with its bit now and its "has occurred" bit (now + 16).
    public enum Condition: Int, CaseIterable, Sendable {
        case underVoltage = 0
        case armFrequencyCapped = 1
        case throttled = 2
        case softTemperatureLimit = 3

        /// The name in the health JSON and the metric's label.
        public var name: String {
            switch self {
            case .underVoltage: return "under_voltage"
            case .armFrequencyCapped: return "arm_frequency_capped"
            case .throttled: return "throttled"
            case .softTemperatureLimit: return "soft_temperature_limit"
            }
        }
    }

    public func isActive(_ c: Condition) -> Bool { rawValue & (1 << UInt32(c.rawValue)) != 0 }
    public func hasOccurred(_ c: Condition) -> Bool { rawValue & (1 << UInt32(c.rawValue + 16)) != 0 }

    /// Anything now or since boot: the kiosk's power supply or cooling wants a look.
    public var isClean: Bool { rawValue & 0x000F_000F == 0 }

    /// Parses the firmware's text: sysfs gives bare hex (`50005`), vcgencmd `throttled=0x50005`.
    /// Surrounding whitespace is ignored; anything else is nil.
    public init?(parsing text: String) {
        var t = Substring(text)
        while let c = t.first, c.isWhitespace { t.removeFirst() }
        while let c = t.last, c.isWhitespace { t.removeLast() }
        if t.hasPrefix("throttled=") { t = t.dropFirst("throttled=".count) }
        if t.hasPrefix("0x") || t.hasPrefix("0X") { t = t.dropFirst(2) }
        guard !t.isEmpty, t.count <= 8, let v = UInt32(t, radix: 16) else { return nil }
        rawValue = v
    }

    /// `{"raw":"0x50005","under_voltage":true,…,"under_voltage_occurred":true,…}`.
    public var json: JSONValue {
        var o: [(String, JSONValue)] = [("raw", .string("0x" + String(rawValue, radix: 16)))]
        for c in Condition.allCases { o.append((c.name, .bool(isActive(c)))) }
        for c in Condition.allCases { o.append((c.name + "_occurred", .bool(hasOccurred(c)))) }
        return .object(o)
    }
}
