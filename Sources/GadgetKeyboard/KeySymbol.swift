import CXKBCommon
import GadgetCore

/// One XKB keysym and what typing makes of it: text, a named editing key, a dead key, or nothing.
public struct KeySymbol: Hashable, Sendable, CustomStringConvertible {
    public let raw: UInt32
    public init(_ raw: UInt32) { self.raw = raw }

    /// The keysym's text (`xkb_keysym_to_utf8`); nil for keysyms without one and for control
    /// characters (Ctrl+letter, Escape, BackSpace), which type nothing.
    public var text: String? {
        var buffer = [CChar](repeating: 0, count: 8)
        let n = buffer.withUnsafeMutableBufferPointer { xkb_keysym_to_utf8(raw, $0.baseAddress, 8) }
        guard n > 1 else { return nil }
        let s = String(decoding: buffer[0..<Int(n - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let first = s.unicodeScalars.first, first.value >= 0x20, first.value != 0x7f else { return nil }
        return s
    }

    /// A dead key (`dead_acute`): it types nothing itself and starts a compose sequence.
    public var isDead: Bool { raw >= UInt32(XKB_KEY_dead_grave) && raw <= Self.lastDead }

    /// XKB_KEY_dead_longsolidusoverlay, the last of xkbcommon-keysyms.h's dead keys (0xfe50…0xfe93).
    static let lastDead: UInt32 = 0xfe93

    /// ISO_Next_Group (Alt+Shift in our keymaps): the next of the board's layouts.
    public var isNextLayout: Bool { raw == UInt32(XKB_KEY_ISO_Next_Group) }

    /// The editing or navigation key this keysym is, keypad variants included (with Num Lock off
    /// the keypad's keys are arrows and Home/End; with it on they give digits, as text).
    public var named: KeyInput? {
        switch Int32(bitPattern: raw) {
        case XKB_KEY_BackSpace: return .backspace
        case XKB_KEY_Delete, XKB_KEY_KP_Delete: return .deleteForward
        case XKB_KEY_Left, XKB_KEY_KP_Left: return .left
        case XKB_KEY_Right, XKB_KEY_KP_Right: return .right
        case XKB_KEY_Up, XKB_KEY_KP_Up: return .up
        case XKB_KEY_Down, XKB_KEY_KP_Down: return .down
        case XKB_KEY_Home, XKB_KEY_KP_Home: return .home
        case XKB_KEY_End, XKB_KEY_KP_End: return .end
        case XKB_KEY_Tab, XKB_KEY_KP_Tab: return .tab
        // Shift+Tab: xkb-data's Tab key has ISO_Left_Tab at its shift level.
        case XKB_KEY_ISO_Left_Tab: return .backTab
        case XKB_KEY_Return, XKB_KEY_KP_Enter, XKB_KEY_ISO_Enter: return .enter
        case XKB_KEY_Escape: return .escape
        default: return nil
        }
    }

    /// What an on-screen key shows for this keysym: its text, or a dead key's accent as the
    /// spacing character people know it by (`dead_acute` → ´).
    public var label: String? {
        if let t = text { return t }
        if isDead { return Self.deadLabels[raw] ?? name }
        return nil
    }

    /// xkbcommon's name (`dead_acute`, `Shift_L`), for logs and tests.
    public var name: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBufferPointer { xkb_keysym_get_name(raw, $0.baseAddress, 64) }
        guard n > 0 else { return "0x" + String(raw, radix: 16) }
        return String(decoding: buffer[0..<Int(min(n, 63))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { name }

    /// The spacing forms of the dead keys xkb-data's European layouts use (what dead key + space
    /// composes to in libX11's tables).
    static let deadLabels: [UInt32: String] = [
        UInt32(XKB_KEY_dead_grave): "`", UInt32(XKB_KEY_dead_acute): "´", UInt32(XKB_KEY_dead_circumflex): "^",
        UInt32(XKB_KEY_dead_tilde): "~", UInt32(XKB_KEY_dead_macron): "¯", UInt32(XKB_KEY_dead_breve): "˘",
        UInt32(XKB_KEY_dead_abovedot): "˙", UInt32(XKB_KEY_dead_diaeresis): "¨", UInt32(XKB_KEY_dead_abovering): "˚",
        UInt32(XKB_KEY_dead_doubleacute): "˝", UInt32(XKB_KEY_dead_caron): "ˇ", UInt32(XKB_KEY_dead_cedilla): "¸",
        UInt32(XKB_KEY_dead_ogonek): "˛", UInt32(XKB_KEY_dead_iota): "ͺ", UInt32(XKB_KEY_dead_belowdot): "̣",
        UInt32(XKB_KEY_dead_hook): "̉", UInt32(XKB_KEY_dead_horn): "̛", UInt32(XKB_KEY_dead_stroke): "/",
        UInt32(XKB_KEY_dead_currency): "¤",
    ]
}
