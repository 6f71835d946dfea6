/// The on-screen keyboard as rows of keys with rectangles in board coordinates, for one page
/// (letters, symbols, or the numeric pad of `number` and `pin` fields) and one shift state. Pure:
/// labels come from the keymap through `labels` (GadgetKeyboard's `XKBKeymap.label`), so every
/// layout xkb-data has gets its keys without a table here.
///
/// The letter page mirrors the main block of a 105-key keyboard (the digit row, three letter rows
/// with KEY_102ND, and a bottom row), each character key named by the evdev code of the physical
/// key at its place: the German page shows ü ö ä ß and the dead ´ and ^ where a German keyboard
/// has them, AZERTY and Arabic the same way. A key without a symbol at the shown level is left
/// out and its row closes up. The symbols page shows the AltGr levels (2 and, shifted, 3).
public struct OnScreenKeyboardLayout: Sendable, Equatable {
    public enum Page: Sendable, Hashable { case letters, symbols, numeric }

    /// What a key does when tapped.
    public enum Action: Sendable, Equatable {
        /// The physical key with this evdev code at `level` of the shown layout (through compose).
        case key(code: UInt16, level: Int)
        /// Text as it is (the numeric pad's digits, which some layouts put at level 1).
        case text(String)
        /// An editing key: backspace, enter, left, right.
        case input(KeyInput)
        /// Shift for the next character (one-shot); tapped while on, it turns off.
        case shift
        case capsLock
        /// Letters ↔ symbols.
        case symbols
        /// The next of the board's layouts.
        case nextLayout
        /// Hide the keyboard (focus leaves the field).
        case hide
    }

    /// A key's rectangle in board coordinates (top-left origin, y down).
    public struct Frame: Sendable, Hashable {
        public var x: Double, y: Double, w: Double, h: Double
        public init(x: Double, y: Double, w: Double, h: Double) { self.x = x; self.y = y; self.w = w; self.h = h }
        public var center: Vector2 { Vector2(x + w / 2, y + h / 2) }
        public func contains(_ p: Vector2) -> Bool { p.x >= x && p.x < x + w && p.y >= y && p.y < y + h }
    }

    public struct Key: Sendable, Equatable {
        public var label: String
        public var action: Action
        public var frame: Frame
        /// Shift or caps lock while on, for drawing.
        public var isOn: Bool
    }

    /// What is shown: the page, the shift and caps lock state, the layout's short name.
    public struct Mode: Sendable, Hashable {
        public var page: Page
        public var shift: Bool
        public var capsLock: Bool
        /// `pin`'s pad has no decimal point or sign.
        public var pinPad: Bool
        public init(page: Page = .letters, shift: Bool = false, capsLock: Bool = false, pinPad: Bool = false) {
            self.page = page; self.shift = shift; self.capsLock = capsLock; self.pinPad = pinPad
        }
    }

    public let mode: Mode
    /// The layout key's label (`de`), as the board names it.
    public let layout: String
    /// The whole keyboard, in board coordinates (the bottom of the board; lower while it slides).
    public private(set) var frame: Frame
    public private(set) var keys: [Key]

    /// Height as a share of the board's shorter side, and the gap between keys as a share of a
    /// key unit: phone keyboards take about 40 % of a portrait screen's height.
    public static let heightShare = 0.42, gapShare = 0.08

    /// - Parameters:
    ///   - board: the board's size; the keyboard takes its full width at its bottom.
    ///   - labels: the keymap's label of an evdev code at a level (nil: no symbol there).
    ///   - layouts: how many layouts the board has (the layout key shows only with two or more).
    public init(mode: Mode, layout: String, layouts: Int, board: Size2, labels: (UInt16, Int) -> String?) {
        self.mode = mode
        self.layout = layout
        let height = (min(board.width, board.height) * Self.heightShare).rounded()
        frame = Frame(x: 0, y: board.height - height, w: board.width, h: height)
        let rows = mode.page == .numeric
            ? Self.numericRows(pin: mode.pinPad)
            : Self.letterRows(mode: mode, layout: layout, layouts: layouts, labels: labels)
        keys = Self.place(rows, in: frame)
    }

    /// The same keys `dy` board pixels lower (sliding in or out).
    public func moved(by dy: Double) -> OnScreenKeyboardLayout {
        var out = self
        out.frame.y += dy
        for i in out.keys.indices { out.keys[i].frame.y += dy }
        return out
    }

    /// The key under `p` (board coordinates); nil outside every key (gaps included).
    public func key(at p: Vector2) -> Key? { keys.first { $0.frame.contains(p) } }

    /// The level a character key shows and types: Shift and the symbols page choose it; caps lock
    /// shifts only keys whose plain and shifted labels are a letter's two cases (as xkb-data's
    /// ALPHABETIC key type does), and Shift with caps lock gives the small letter.
    public static func level(code: UInt16, mode: Mode, labels: (UInt16, Int) -> String?) -> Int {
        if mode.page == .symbols { return mode.shift ? 3 : 2 }
        guard mode.capsLock, let plain = labels(code, 0), let shifted = labels(code, 1),
              plain != shifted, plain.uppercased() == shifted else { return mode.shift ? 1 : 0 }
        return mode.shift ? 0 : 1
    }

    /// One entry of a row: a key and its width in key units (0: shares what the row leaves).
    struct Slot { var label: String; var action: Action; var units: Double; var isOn = false }

    static let digitRow: [UInt16] = [EvdevKey.grave] + EvdevKey.digitRow + [EvdevKey.minus, EvdevKey.equal]
    static let topRow: [UInt16] = EvdevKey.topRow
    static let homeRow: [UInt16] = EvdevKey.homeRow + [EvdevKey.backslash]
    static let bottomRow: [UInt16] = [EvdevKey.key102nd] + EvdevKey.bottomRow

    static func letterRows(mode: Mode, layout: String, layouts: Int, labels: (UInt16, Int) -> String?) -> [[Slot]] {
        func chars(_ codes: [UInt16]) -> [Slot] {
            codes.compactMap { code in
                let level = level(code: code, mode: mode, labels: labels)
                guard let label = labels(code, level), !label.isEmpty else { return nil }
                return Slot(label: label, action: .key(code: code, level: level), units: 1)
            }
        }
        let symbols = mode.page == .symbols
        var bottom = [Slot(label: symbols ? "abc" : "&123", action: .symbols, units: 2)]
        if layouts > 1 { bottom.append(Slot(label: layout, action: .nextLayout, units: 1.5)) }
        bottom += [Slot(label: "←", action: .input(.left), units: 1),
                   Slot(label: " ", action: .key(code: EvdevKey.space, level: 0), units: 0),
                   Slot(label: "→", action: .input(.right), units: 1),
                   Slot(label: "⌨↓", action: .hide, units: 1.5),
                   Slot(label: "↵", action: .input(.enter), units: 2)]
        return [
            chars(digitRow) + [Slot(label: "⌫", action: .input(.backspace), units: 0)],
            [Slot(label: "⇪", action: .capsLock, units: 0, isOn: mode.capsLock)] + chars(topRow),
            chars(homeRow),
            [Slot(label: "⇧", action: .shift, units: 0, isOn: mode.shift)] + chars(bottomRow)
                + [Slot(label: "⇧", action: .shift, units: 0, isOn: mode.shift)],
            bottom,
        ]
    }

    /// Each pad has exactly one hide key, first in the bottom row, so a visitor can always put
    /// the pad away with a tap, as on the letters page; `pin` has no sign or decimal keys.
    static func numericRows(pin: Bool) -> [[Slot]] {
        func d(_ s: String) -> Slot { Slot(label: s, action: .text(s), units: 1) }
        let hide = Slot(label: "⌨↓", action: .hide, units: 1)
        let tail = [d("0"), Slot(label: "←", action: .input(.left), units: 1), Slot(label: "↵", action: .input(.enter), units: 1)]
        return [
            [d("1"), d("2"), d("3"), Slot(label: "⌫", action: .input(.backspace), units: 1)],
            [d("4"), d("5"), d("6")] + (pin ? [] : [d("-")]),
            [d("7"), d("8"), d("9")] + (pin ? [] : [d(".")]),
            [hide] + (pin ? [] : [d(",")]) + tail,
        ]
    }

    /// Lays rows out in `frame`: equal row heights; a row's key unit is the widest row's (15 units
    /// across), fixed keys take their units, flexible ones (0 units) share the rest equally, and
    /// a row with no flexible key is centred.
    static func place(_ rows: [[Slot]], in frame: Frame) -> [Key] {
        guard !rows.isEmpty else { return [] }
        let widest = rows.map { $0.reduce(0) { $0 + max($1.units, 1) } }.max() ?? 1
        let unit = frame.w / max(widest, 1)
        let gap = (unit * gapShare).rounded()
        let rowHeight = frame.h / Double(rows.count)
        var keys: [Key] = []
        for (r, row) in rows.enumerated() {
            let fixed = row.reduce(0) { $0 + $1.units } * unit
            let flexible = row.filter { $0.units == 0 }.count
            let share = flexible > 0 ? max(unit, (frame.w - fixed) / Double(flexible)) : 0
            let used = fixed + share * Double(flexible)
            var x = frame.x + (frame.w - used) / 2
            let y = frame.y + Double(r) * rowHeight
            for slot in row {
                let w = slot.units == 0 ? share : slot.units * unit
                keys.append(Key(label: slot.label, action: slot.action,
                                frame: Frame(x: x + gap / 2, y: y + gap / 2, w: w - gap, h: rowHeight - gap), isOn: slot.isOn))
                x += w
            }
        }
        return keys
    }

    /// `state`'s `"keyboard"`: the layout and each key's label and rectangle (board coordinates,
    /// rounded to 0.1).
    public var stateJSON: JSONValue {
        func r(_ v: Double) -> JSONValue { .number((v * 10).rounded() / 10) }
        return .object([
            ("layout", .string(layout)),
            ("keys", .array(keys.map { k in
                .object([("label", .string(k.label)), ("x", r(k.frame.x)), ("y", r(k.frame.y)), ("w", r(k.frame.w)), ("h", r(k.frame.h))])
            })),
        ])
    }
}
