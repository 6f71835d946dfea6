/// What a navigation key asks for (EN 5.1.6: everything operable from a keypad, without sight).
public enum NavigationCommand: String, Sendable, CaseIterable {
    /// The next or previous node in reading order, whatever it is (a screen reader's arrows).
    case next, previous
    /// The next or previous node that does something: a button, a link, a field (Tab, Shift-Tab).
    case nextControl, previousControl
    /// Activate the focused node, exactly as a tap on it would.
    case activate
    /// Go back a page (a page's `back` action).
    case back
    /// Say the focused node's hint and how to operate it.
    case help
    /// Turn speech mode on or off (EN 5.2: without needing sight to find a button).
    case speech
    /// Turn the visitor's high-contrast or large-text mode on or off (`AccessibilityDisplay`).
    case contrast, largeText
    /// Turn reach mode on or off (EN 8.3; `ReachLayout`): the board must offer it.
    case reach
    /// Turn captions on or off (EN 7.1; `CaptionsToggle`): the focused video's, or when no
    /// video is focused every captioned video of the page shown.
    case captions
    /// Pick the focused gadget up, or put the held one down (`GadgetPickUp`; EN 5.9: moving,
    /// sizing and turning without a drag or two fingers). Enter does it too on a gadget that has
    /// no action of its own.
    case move
    /// Say the last utterance again (EN 5.1.3.4), whether or not speech mode is on.
    case `repeat`
    /// Speech faster or slower, louder or quieter, for this visitor's session (EN 5.1.3: rate
    /// and volume adjustable by the user; back to the defaults at the idle return).
    case faster, slower, louder, quieter

    /// The names, for a problem's "must be one of …".
    public static let names: [String] = allCases.map(\.rawValue)
}

/// Which evdev keys navigate (`"accessibility": {"keys": {"next": ["KEY_F5"], …}}`;
/// docs/accessibility.md), and the routing rule between navigation and typing. Audio-tactile
/// keypads (EZ Access, Storm AudioNav) present as USB keyboards whose HID codes are configurable
/// (interaction-notes §1.3), so a board may name any key for any command; a command it names
/// replaces that command's default keys, the others keep theirs. Pure.
public struct AccessibilityKeys: Sendable, Equatable {
    /// Evdev key codes per command.
    public var codes: [NavigationCommand: [UInt16]]

    public init(codes: [NavigationCommand: [UInt16]] = AccessibilityKeys.standardCodes) { self.codes = codes }

    /// Arrows move through everything, Tab through the controls, Enter/keypad Enter/OK/Select
    /// activate, Escape/Backspace/Back go back, Help/F1/Info speak the help. Captions: the
    /// Subtitle key of media remotes and F8; reach mode: F9 (function keys type nothing, so a
    /// visitor can find them without staff, EN 5.2). No default speech, contrast or large-text
    /// key: a board names the ones its keypad has.
    public static let standardCodes: [NavigationCommand: [UInt16]] = [
        .next: [EvdevKey.right, EvdevKey.down],
        .previous: [EvdevKey.left, EvdevKey.up],
        .nextControl: [EvdevKey.tab],
        .previousControl: [],
        .activate: [EvdevKey.enter, EvdevKey.keypadEnter, KeyName.select, KeyName.ok],
        .back: [EvdevKey.esc, EvdevKey.backspace, KeyName.back],
        .help: [KeyName.help, KeyName.f1, KeyName.info],
        .speech: [],
        .contrast: [],
        .largeText: [],
        .captions: [KeyName.subtitle, KeyName.f8],
        .reach: [KeyName.f9],
        .move: [],
        .repeat: [KeyName.f3],
        .slower: [KeyName.f6],
        .faster: [KeyName.f7],
        .quieter: [KeyName.volumeDown],
        .louder: [KeyName.volumeUp],
    ]

    public static let standard = AccessibilityKeys()

    /// What the key `code` going down does: a command, or nil when it is for typing.
    ///
    /// While a field has typing focus (`typing`), keys edit it (arrows move its caret, Enter
    /// submits, Escape leaves it), except Tab and Shift-Tab, which move on, and the help, speech,
    /// contrast, large-text, reach and captions keys when they are not editing keys. With `shift`, a `nextControl` key (Tab) goes back. In
    /// a right-to-left board, Left is next and Right previous, as a reader of the script scans.
    public func command(for code: UInt16, shift: Bool, typing: Bool, rightToLeft: Bool) -> NavigationCommand? {
        guard var c = NavigationCommand.allCases.first(where: { codes[$0]?.contains(code) == true }) else { return nil }
        if shift && c == .nextControl { c = .previousControl }
        if typing {
            switch c {
            case .nextControl, .previousControl: break
            case .help, .speech, .contrast, .largeText, .reach, .captions, .move, .repeat, .faster, .slower, .louder, .quieter:
                if AccessibilityKeys.editsText(code) { return nil }
            default: return nil
            }
        }
        if rightToLeft && (code == EvdevKey.left || code == EvdevKey.right) {
            if c == .next { c = .previous } else if c == .previous { c = .next }
        }
        return c
    }

    /// What speech says after the reach key or entry (EN 5.6.1: a toggle's state by sound).
    public static func reachSpoken(_ on: Bool) -> String { on ? "Reach mode on: the controls are lower" : "Reach mode off" }
    /// What speech says when the board offers no reach mode, or the page's controls do not fit.
    public static let reachUnavailable = "Reach mode is not available here"

    /// Keys a text field uses: the main block, the keypad, the editing and arrow keys.
    static func editsText(_ code: UInt16) -> Bool {
        (1...58).contains(code) || (71...83).contains(code) || code == 86 || code == 96 || code == 98 || (102...111).contains(code)
    }

    /// The code of `"KEY_…"` (linux/input-event-codes.h names) or of a number 1…767; nil otherwise.
    public static func code(named name: String) -> UInt16? {
        if let n = UInt16(name), (1...767).contains(n) { return n }
        return KeyName.table[name.uppercased()]
    }
}

/// Key names a keypad's configuration is written with (linux/input-event-codes.h: kernel ABI).
enum KeyName {
    static let f1: UInt16 = 59, f3: UInt16 = 61, f6: UInt16 = 64, f7: UInt16 = 65, f8: UInt16 = 66, f9: UInt16 = 67
    static let volumeDown: UInt16 = 114, volumeUp: UInt16 = 115, help: UInt16 = 138, back: UInt16 = 158
    static let subtitle: UInt16 = 0x172
    static let ok: UInt16 = 0x160, select: UInt16 = 0x161, info: UInt16 = 0x166

    static let table: [String: UInt16] = {
        var t: [String: UInt16] = [
            "KEY_ESC": 1, "KEY_BACKSPACE": 14, "KEY_TAB": 15, "KEY_ENTER": 28, "KEY_SPACE": 57,
            "KEY_KPASTERISK": 55, "KEY_KPMINUS": 74, "KEY_KPPLUS": 78, "KEY_KPDOT": 83, "KEY_KPENTER": 96, "KEY_KPSLASH": 98,
            "KEY_HOME": 102, "KEY_UP": 103, "KEY_PAGEUP": 104, "KEY_LEFT": 105, "KEY_RIGHT": 106, "KEY_END": 107,
            "KEY_DOWN": 108, "KEY_PAGEDOWN": 109, "KEY_INSERT": 110, "KEY_DELETE": 111,
            "KEY_MUTE": 113, "KEY_VOLUMEDOWN": 114, "KEY_VOLUMEUP": 115, "KEY_HELP": 138, "KEY_MENU": 139,
            "KEY_BACK": 158, "KEY_FORWARD": 159, "KEY_OK": 0x160, "KEY_SELECT": 0x161, "KEY_INFO": 0x166,
            "KEY_SUBTITLE": 0x172, "KEY_NEXT": 0x197, "KEY_PREVIOUS": 0x19c,
            "KEY_F11": 87, "KEY_F12": 88,
        ]
        for i in 0..<10 { t["KEY_F\(i + 1)"] = UInt16(59 + i) }
        for (i, code) in EvdevKey.keypadDigits.enumerated() { t["KEY_KP\(i)"] = code }
        for (i, code) in EvdevKey.digitRow.enumerated() { t["KEY_\((i + 1) % 10)"] = code }
        return t
    }()
}
