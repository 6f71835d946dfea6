/// What an input device says about itself: name, ids, input properties, the event codes it can
/// send and its absolute axes. Built from an evemu header (`EvemuReader`) or from a live device
/// (GadgetInput's libevdev owner), so classification and mapping are the same code for both.
public struct InputDeviceDescription: Hashable, Sendable {
    /// The name as raw bytes: names can be UTF-8, carry trailing spaces, or contain junk.
    public var nameBytes: [UInt8]
    public var id: InputDeviceID
    /// INPUT_PROP_* numbers that are set (`EV.propDirect`, `EV.propPointer`, …).
    public var properties: Set<Int>
    /// Supported codes per event type (EV_KEY → its key codes, EV_ABS → its axes, …).
    public var codes: [UInt16: Set<UInt16>]
    /// Axis ranges for the EV_ABS codes the source described.
    public var absInfo: [UInt16: AbsInfo]

    public init(nameBytes: [UInt8] = [], id: InputDeviceID = InputDeviceID(), properties: Set<Int> = [],
                codes: [UInt16: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:]) {
        self.nameBytes = nameBytes; self.id = id; self.properties = properties; self.codes = codes; self.absInfo = absInfo
    }

    /// The name for messages; invalid UTF-8 shows as U+FFFD.
    public var name: String { String(decoding: nameBytes, as: UTF8.self) }

    public func hasProperty(_ p: Int) -> Bool { properties.contains(p) }

    /// Whether the device can send `code` of event `type`. An EV_ABS code counts only when the
    /// description also gives its axis range (evemu and the kernel always do).
    public func has(_ type: UInt16, _ code: UInt16) -> Bool {
        guard codes[type]?.contains(code) == true else { return false }
        return type != EV.abs || absInfo[code] != nil
    }
}
