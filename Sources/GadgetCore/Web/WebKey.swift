/// One key handed to a web page with editable focus (`{"type":"key"}`): an xkb keysym, the
/// character it types (Unicode scalar, 0 for none), press or release, and xkb-style modifier
/// bits (`WebKey.shift`, …) as WPE's `wpe_input_keyboard_event` takes them.
public struct WebKey: Sendable, Equatable {
    public var keysym: UInt32
    public var unicode: UInt32
    public var pressed: Bool
    public var modifiers: UInt32

    public init(keysym: UInt32, unicode: UInt32, pressed: Bool, modifiers: UInt32 = 0) {
        self.keysym = keysym; self.unicode = unicode; self.pressed = pressed; self.modifiers = modifiers
    }

    /// WPE's `wpe_input_keyboard_modifier` bits (wpe/input.h).
    public static let control: UInt32 = 1 << 0
    public static let shift: UInt32 = 1 << 1
    public static let alt: UInt32 = 1 << 2
    public static let meta: UInt32 = 1 << 3
}
