extension WebKey {
    /// xkb keysyms (xkbcommon-keysyms.h) for the keys `KeyInput` names.
    public enum Keysym {
        public static let backSpace: UInt32 = 0xff08, tab: UInt32 = 0xff09, returnKey: UInt32 = 0xff0d, escape: UInt32 = 0xff1b
        public static let home: UInt32 = 0xff50, left: UInt32 = 0xff51, up: UInt32 = 0xff52, right: UInt32 = 0xff53
        public static let down: UInt32 = 0xff54, end: UInt32 = 0xff57, delete: UInt32 = 0xffff, isoLeftTab: UInt32 = 0xfe20

        /// A character's keysym: Latin-1 is its code point, the rest 0x01000000 + code point
        /// (xkb's rule for Unicode keysyms).
        public static func character(_ scalar: Unicode.Scalar) -> UInt32 {
            (0x20...0x7e).contains(scalar.value) || (0xa0...0xff).contains(scalar.value) ? scalar.value : 0x0100_0000 + scalar.value
        }
    }

    /// What one `KeyInput` is on a web page with editable focus: a press and a release per key
    /// (a string is each character in turn, as a scanner's burst would be typed).
    public static func keys(for input: KeyInput) -> [WebKey] {
        func tap(_ keysym: UInt32, _ unicode: UInt32 = 0, _ modifiers: UInt32 = 0) -> [WebKey] {
            [WebKey(keysym: keysym, unicode: unicode, pressed: true, modifiers: modifiers),
             WebKey(keysym: keysym, unicode: unicode, pressed: false, modifiers: modifiers)]
        }
        switch input {
        case .text(let s):
            return s.unicodeScalars.flatMap { u -> [WebKey] in
                u == "\n" ? tap(Keysym.returnKey, 13) : tap(Keysym.character(u), u.value)
            }
        case .backspace: return tap(Keysym.backSpace, 8)
        case .deleteForward: return tap(Keysym.delete, 127)
        case .left: return tap(Keysym.left)
        case .right: return tap(Keysym.right)
        case .up: return tap(Keysym.up)
        case .down: return tap(Keysym.down)
        case .home: return tap(Keysym.home)
        case .end: return tap(Keysym.end)
        case .tab: return tap(Keysym.tab, 9)
        case .backTab: return tap(Keysym.isoLeftTab, 0, WebKey.shift)
        case .enter: return tap(Keysym.returnKey, 13)
        case .escape: return tap(Keysym.escape, 27)
        }
    }
}
