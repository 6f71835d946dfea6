/// The on-screen keyboard's touches and state, pure: which page and shift state it shows, and
/// which touches are its own. A touch that begins on the keyboard belongs to it until it lifts,
/// even if the keyboard hides meanwhile, so the tap that closes it never reaches the gadget
/// beneath (LVGL's lv_keyboard lets that release fall through: lvgl #4679). A key fires on lift,
/// like any tap, if the finger stayed within `tapSlop` of where it landed and lifts on the same
/// key. Time comes only from the frames.
public struct OnScreenKeyboard: Sendable {
    /// What a tap asks of the owner.
    public enum Effect: Sendable, Equatable {
        /// A physical key's place at a level: through the keymap and compose (KeyTranslator.tap).
        case key(code: UInt16, level: Int)
        /// Typed as it is (the numeric pad).
        case input(KeyInput)
        case nextLayout
        case hide
    }

    public private(set) var mode = OnScreenKeyboardLayout.Mode()
    /// The touches that began on the keyboard: where they landed, the key, and whether they moved
    /// beyond the slop (then they fire nothing).
    private var touches: [TouchID: (start: Vector2, key: OnScreenKeyboardLayout.Key?, moved: Bool)] = [:]
    public let tapSlop: Double

    public init(tapSlop: Double = GestureThresholds().tapSlop) { self.tapSlop = tapSlop }

    /// The key under a finger now, for drawing it pressed; nil for pin and password fields, whose
    /// keys must not be shown pressed (a key preview on a shared screen shows the PIN: §2.4).
    public func pressedKey(masked: Bool) -> OnScreenKeyboardLayout.Key? {
        guard !masked else { return nil }
        return touches.values.first { !$0.moved }?.key
    }

    /// Shows the page a field of `kind` wants (numeric for number and pin), unshifted.
    public mutating func reset(for kind: FieldKind?) {
        let numeric = kind?.usesNumericPad ?? false
        mode = OnScreenKeyboardLayout.Mode(page: numeric ? .numeric : .letters, pinPad: kind == .pin)
    }

    /// Takes the keyboard's touches out of `frame` and returns what their lifts asked for.
    /// `layout` is the keyboard as shown (nil: hidden; touches that began on it still end here).
    public mutating func handle(_ frame: inout TouchFrame, layout: OnScreenKeyboardLayout?) -> [Effect] {
        var effects: [Effect] = []
        var rest: [Touch] = []
        for t in frame.touches {
            switch t.phase {
            case .began:
                guard let layout, layout.frame.contains(t.location) else { rest.append(t); continue }
                touches[t.id] = (t.location, layout.key(at: t.location), false)
            case .moved, .stationary:
                guard var mine = touches[t.id] else { rest.append(t); continue }
                if (t.location - mine.start).length > tapSlop { mine.moved = true }
                touches[t.id] = mine
            case .ended:
                guard let mine = touches.removeValue(forKey: t.id) else { rest.append(t); continue }
                let moved = mine.moved || (t.location - mine.start).length > tapSlop
                guard !moved, let key = mine.key, let layout, layout.key(at: t.location)?.frame == key.frame else { continue }
                effects += fire(key.action)
            case .cancelled:
                if touches.removeValue(forKey: t.id) == nil { rest.append(t) }
            }
        }
        frame.touches = rest
        return effects
    }

    /// True while a touch that began on the keyboard is down.
    public var isTouched: Bool { !touches.isEmpty }

    mutating func fire(_ action: OnScreenKeyboardLayout.Action) -> [Effect] {
        switch action {
        case .key(let code, let level):
            // Shift is one-shot: one character, then back (caps lock stays).
            if mode.shift { mode.shift = false }
            return [.key(code: code, level: level)]
        case .text(let s): return [.input(.text(s))]
        case .input(let k): return [.input(k)]
        case .shift: mode.shift.toggle(); return []
        case .capsLock: mode.capsLock.toggle(); mode.shift = false; return []
        case .symbols:
            mode.page = mode.page == .symbols ? .letters : .symbols
            mode.shift = false
            return []
        case .nextLayout: return [.nextLayout]
        case .hide: return [.hide]
        }
    }
}
