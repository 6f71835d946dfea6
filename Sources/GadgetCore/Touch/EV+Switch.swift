/// evdev switch constants (linux/input-event-codes.h) for the headphone jack (issue 39).
extension EV {
    /// EV_SW: a switch's state (value 1 on, 0 off).
    public static let sw: UInt16 = 0x05
    /// SW_HEADPHONE_INSERT: a headset or headphones plugged into the jack.
    public static let swHeadphoneInsert: UInt16 = 0x02
}
