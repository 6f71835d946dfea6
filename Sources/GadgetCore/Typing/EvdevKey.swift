/// The evdev key codes typing needs (linux/input-event-codes.h: kernel ABI, never changes). An
/// on-screen key is named by the code of the physical key at its place, so its labels come from
/// the same keymap a USB keyboard is read with.
public enum EvdevKey {
    public static let esc: UInt16 = 1
    /// KEY_1 … KEY_9 are 2 … 10; KEY_0 is 11.
    public static let digitRow: [UInt16] = Array(2...11)
    public static let minus: UInt16 = 12, equal: UInt16 = 13, backspace: UInt16 = 14, tab: UInt16 = 15
    /// KEY_Q … KEY_P, KEY_LEFTBRACE, KEY_RIGHTBRACE.
    public static let topRow: [UInt16] = Array(16...27)
    public static let enter: UInt16 = 28, leftCtrl: UInt16 = 29
    /// KEY_A … KEY_L, KEY_SEMICOLON, KEY_APOSTROPHE.
    public static let homeRow: [UInt16] = Array(30...40)
    public static let grave: UInt16 = 41, leftShift: UInt16 = 42, backslash: UInt16 = 43
    /// KEY_Z … KEY_M, KEY_COMMA, KEY_DOT, KEY_SLASH.
    public static let bottomRow: [UInt16] = Array(44...53)
    public static let rightShift: UInt16 = 54, leftAlt: UInt16 = 56, space: UInt16 = 57, capsLock: UInt16 = 58
    /// KEY_102ND: the key between left Shift and Z on ISO keyboards (de's < > |).
    public static let key102nd: UInt16 = 86
    /// KEY_KP0 … KEY_KP9 (a PIN pad's digits), and KEY_KPENTER.
    public static let keypadDigits: [UInt16] = [82, 79, 80, 81, 75, 76, 77, 71, 72, 73]
    public static let keypadEnter: UInt16 = 96
    public static let rightAlt: UInt16 = 100
    public static let home: UInt16 = 102, up: UInt16 = 103, left: UInt16 = 105, right: UInt16 = 106
    public static let end: UInt16 = 107, down: UInt16 = 108, delete: UInt16 = 111

    public static let q: UInt16 = 16, w: UInt16 = 17, e: UInt16 = 18, r: UInt16 = 19, t: UInt16 = 20, y: UInt16 = 21
    public static let u: UInt16 = 22, i: UInt16 = 23, o: UInt16 = 24, p: UInt16 = 25, leftBrace: UInt16 = 26
    public static let a: UInt16 = 30, s: UInt16 = 31, d: UInt16 = 32, f: UInt16 = 33, g: UInt16 = 34, h: UInt16 = 35
    public static let z: UInt16 = 44, x: UInt16 = 45, c: UInt16 = 46, v: UInt16 = 47, b: UInt16 = 48, n: UInt16 = 49
    public static let m: UInt16 = 50, comma: UInt16 = 51, dot: UInt16 = 52
}
