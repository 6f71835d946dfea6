/// What Gadgetboard does with an input device, decided from its description alone (the same rules
/// for a live device and a recording's header).
public enum InputDeviceKind: Hashable, Sendable, CustomStringConvertible {
    /// Multitouch protocol B (ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y): a touch screen.
    case multitouch(slots: Int)
    /// ABS_X/ABS_Y + BTN_TOUCH without slots: one contact (also protocol-A screens, through
    /// their single-touch emulation).
    case singleTouch
    /// ABS_X/ABS_Y + BTN_LEFT: an absolute pointer (a VM's tablet, a KVM switch). The button is a
    /// contact; a cursor is shown.
    case absolutePointer
    /// REL_X/REL_Y + BTN_LEFT: a mouse. The left button is a contact; a cursor is shown.
    case mouse
    /// INPUT_PROP_ACCELEROMETER with ABS_X/Y/Z: gravity's direction for the simulation.
    case accelerometer
    /// EV_KEY with Enter and letters or digits: a USB keyboard, an ATM-style keypad or a barcode
    /// scanner that types. Its keys go to the typing path (`KeyStroke`), never to contacts.
    case keyboard
    /// EV_SW with SW_HEADPHONE_INSERT and no typing keys: a sound card's headphone jack. Its
    /// switch turns speech on with private output (`HeadsetSwitch`, issue 39), never a contact.
    case headphoneJack
    /// Not used (buttons, touchpads…), with the reason for the log.
    case unsupported(String)

    /// The most slots one device may use; a larger ABS_MT_SLOT range is treated as this many
    /// (events for higher slots are ignored and counted). libevdev's own limit is 256.
    public static let maxSlots = 256

    /// True for the kinds whose events become contacts.
    public var isPointing: Bool {
        switch self {
        case .multitouch, .singleTouch, .absolutePointer, .mouse: return true
        case .accelerometer, .keyboard, .headphoneJack, .unsupported: return false
        }
    }

    /// True when a cursor should be drawn while this device is present.
    public var showsCursor: Bool { self == .absolutePointer || self == .mouse }

    public var description: String {
        switch self {
        case .multitouch(let n): return "multitouch (\(n) slots)"
        case .singleTouch: return "single-touch"
        case .absolutePointer: return "absolute pointer"
        case .mouse: return "mouse"
        case .accelerometer: return "accelerometer"
        case .keyboard: return "keyboard"
        case .headphoneJack: return "headphone jack"
        case .unsupported(let why): return "unsupported: \(why)"
        }
    }

    /// Classifies a device. Touch screens are told from touchpads the way udev's input_id does:
    /// INPUT_PROP_DIRECT is a screen, INPUT_PROP_POINTER a touchpad; with neither (old kernels,
    /// file 9 of the recordings) a device with BTN_TOOL_FINGER or BTN_LEFT is a touchpad.
    public static func classify(_ d: InputDeviceDescription) -> InputDeviceKind {
        let hasXY = d.has(EV.abs, EV.absX) && d.has(EV.abs, EV.absY)
        if d.hasProperty(EV.propAccelerometer) {
            return hasXY && d.has(EV.abs, EV.absZ) ? .accelerometer : .unsupported("accelerometer without ABS_X/Y/Z")
        }
        let direct = d.hasProperty(EV.propDirect)
        let touchpad = !direct && (d.hasProperty(EV.propPointer) || d.has(EV.key, EV.btnToolFinger) || d.has(EV.key, EV.btnLeft))
        let hasMT = d.has(EV.abs, EV.absMTPositionX) && d.has(EV.abs, EV.absMTPositionY)
        if hasMT || (hasXY && d.has(EV.key, EV.btnTouch)) {
            if touchpad { return .unsupported("touchpad (indirect pointer), not a touch screen") }
            if hasMT, d.has(EV.abs, EV.absMTSlot), d.has(EV.abs, EV.absMTTrackingID), let slot = d.absInfo[EV.absMTSlot] {
                guard slot.minimum == 0, slot.maximum >= 0 else { return .unsupported("ABS_MT_SLOT range \(slot.minimum)…\(slot.maximum) does not start at 0") }
                guard d.range(EV.absMTPositionX), d.range(EV.absMTPositionY) else {
                    return .unsupported("ABS_MT_POSITION_X/Y with an empty range")
                }
                return .multitouch(slots: min(Int(slot.maximum) + 1, maxSlots))
            }
            if hasXY && d.has(EV.key, EV.btnTouch) {
                guard d.range(EV.absX), d.range(EV.absY) else { return .unsupported("ABS_X/Y with an empty range") }
                return .singleTouch
            }
            return .unsupported("multitouch protocol A without single-touch emulation (ABS_X/Y + BTN_TOUCH)")
        }
        if hasXY && d.has(EV.key, EV.btnLeft) {
            guard d.range(EV.absX), d.range(EV.absY) else { return .unsupported("ABS_X/Y with an empty range") }
            return .absolutePointer
        }
        if d.has(EV.rel, EV.relX) && d.has(EV.rel, EV.relY) && d.has(EV.key, EV.btnLeft) { return .mouse }
        if isKeyboard(d) { return .keyboard }
        if d.has(EV.sw, EV.swHeadphoneInsert) { return .headphoneJack }
        return .unsupported("no touch axes, no pointer and no typing keys (buttons or a sensor)")
    }
}

extension InputDeviceKind {
    /// Enter (or the keypad's) plus a letter, a digit or a keypad digit: what keyboards, PIN pads
    /// and scanners have and power buttons and lid switches do not. Enter plus the four arrows is
    /// a navigation keypad (EZ Access, Storm AudioNav: issue 39's keypad navigation).
    static func isKeyboard(_ d: InputDeviceDescription) -> Bool {
        guard d.has(EV.key, EvdevKey.enter) || d.has(EV.key, EvdevKey.keypadEnter) else { return false }
        let arrows = [EvdevKey.up, EvdevKey.down, EvdevKey.left, EvdevKey.right].allSatisfy { d.has(EV.key, $0) }
        return arrows || d.has(EV.key, EvdevKey.a) || d.has(EV.key, EvdevKey.q) || d.has(EV.key, EvdevKey.digitRow[0])
            || EvdevKey.keypadDigits.contains { d.has(EV.key, $0) }
    }
}

private extension InputDeviceDescription {
    /// Whether axis `code` is described with a usable (non-empty) range.
    func range(_ code: UInt16) -> Bool { absInfo[code]?.hasRange == true }
}
