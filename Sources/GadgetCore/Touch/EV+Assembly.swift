/// More evdev constants (linux/input-event-codes.h) that touch assembly uses. Kept apart from
/// `InputEvent.swift` so the shared file stays as the foundation wrote it.
extension EV {
    public static let absMTDistance: UInt16 = 0x3b
    public static let mscTimestamp: UInt16 = 0x05
    public static let btnRight: UInt16 = 0x111, btnMiddle: UInt16 = 0x112
    /// ABS_MT_TOOL_TYPE values.
    public static let mtToolFinger: Int32 = 0, mtToolPen: Int32 = 1, mtToolPalm: Int32 = 2
}
