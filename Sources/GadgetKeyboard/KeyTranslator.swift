import CXKBCommon
import GadgetCore
import Logging

/// Keys in, `KeyInput`s out, for every typing path: a physical keyboard's evdev codes (up, down,
/// repeat), and an on-screen key at a shift level. Holds the board's layouts as keymaps, the
/// live modifier state of the shown one (Shift, AltGr, Caps Lock) and the compose state, so a
/// dead key on either path waits for the next key on either path. Alt+Shift, or `nextLayout`,
/// moves to the next layout. Thread: the loop's (one owner; not shared).
public final class KeyTranslator {
    /// The board's layouts, in its order.
    public var layouts: [String] { keymaps.map(\.layout) }
    public private(set) var layoutIndex = 0
    /// The keymap keys are read through now.
    public var keymap: XKBKeymap { keymaps[layoutIndex] }
    /// The locale whose Compose file is used; nil when none was found (dead keys type nothing).
    public var composeLocale: String? { compose?.locale }

    private let context: XKBContext
    private let keymaps: [XKBKeymap]
    private var state: OpaquePointer
    private let compose: ComposeState?

    /// - Parameters:
    ///   - layouts: xkb-data layout names, the first shown first (`["de", "us"]`).
    ///   - locale: whose Compose file gives dead keys (`de_DE.UTF-8`; `C.UTF-8` when libX11 has
    ///     none for it). Without libx11-data there is none: one line is logged and typing works
    ///     without dead keys.
    public init(layouts: [String], locale: String, logger: Logger) throws(KeyboardError) {
        guard !layouts.isEmpty else { throw .noLayouts }
        context = try XKBContext()
        var maps: [XKBKeymap] = []
        for name in layouts { maps.append(try XKBKeymap(layout: name, context: context, logger: logger)) }
        keymaps = maps
        guard let s = xkb_state_new(maps[0].handle) else { throw .call("xkb_state_new") }
        state = s
        compose = ComposeState(context: context, locale: locale)
        if compose == nil {
            logger.warning("no Compose file for \(locale) or C.UTF-8 (is libx11-data installed?): dead keys type nothing")
        }
    }

    deinit { xkb_state_unref(state) }

    /// A physical key went down (`pressed`) or up: what it types. Modifiers change the state and
    /// type nothing; a dead key types nothing until the key after it.
    public func key(evdevCode: UInt16, pressed: Bool) -> [KeyInput] {
        let code = XKBKeymap.keycode(evdevCode)
        guard pressed else {
            xkb_state_update_key(state, code, XKB_KEY_UP)
            return []
        }
        // The key's symbol is read before its own press updates the state (xkbcommon's rule:
        // Shift's press must not shift Shift).
        let out = typed(code)
        xkb_state_update_key(state, code, XKB_KEY_DOWN)
        return out
    }

    /// The kernel's auto-repeat of a held key (EV_KEY value 2): types it again where the keymap
    /// says the key repeats.
    public func repeated(evdevCode: UInt16) -> [KeyInput] {
        guard keymap.repeats(evdevCode: evdevCode) else { return [] }
        return typed(XKBKeymap.keycode(evdevCode))
    }

    /// An on-screen key: the key at `level` of the shown layout, through the same compose state.
    public func tap(evdevCode: UInt16, level: Int) -> [KeyInput] {
        guard let sym = keymap.keysym(evdevCode: evdevCode, level: level) else { return [] }
        return translate(sym, text: nil)
    }

    /// Forgets a half-typed dead key (focus changed, the form was cleared).
    public func resetCompose() { compose?.reset() }

    /// True while a dead key waits for the key it accents.
    public var isComposing: Bool { compose?.isComposing ?? false }

    /// Shows the layout named `name` (one of `layouts`); false when it is not one of them.
    @discardableResult
    public func switchLayout(to name: String) -> Bool {
        guard let i = keymaps.firstIndex(where: { $0.layout == name }) else { return false }
        select(i)
        return true
    }

    /// The next of the board's layouts, wrapping.
    public func nextLayout() { select((layoutIndex + 1) % keymaps.count) }

    private func select(_ i: Int) {
        guard i != layoutIndex, let s = xkb_state_new(keymaps[i].handle) else { return }
        xkb_state_unref(state)
        // A fresh state: keys held across the switch are released as far as the new keymap knows
        // (their ups do nothing), and a dead key of the old layout does not accent the new one.
        state = s
        layoutIndex = i
        compose?.reset()
    }

    private func typed(_ code: xkb_keycode_t) -> [KeyInput] {
        let sym = KeySymbol(xkb_state_key_get_one_sym(state, code))
        // Ctrl+letter and Alt+letter are shortcuts elsewhere; a kiosk has none, and they must not
        // type the letter.
        if isActive(XKB_MOD_NAME_CTRL) || isActive(XKB_MOD_NAME_ALT) {
            if sym.isNextLayout { nextLayout() }
            return sym.named.map { [$0] } ?? []
        }
        return translate(sym, text: utf8(code))
    }

    /// One pressed keysym through compose. `text` is the state's text for a physical key (nil:
    /// the keysym's own).
    private func translate(_ sym: KeySymbol, text: String?) -> [KeyInput] {
        if sym.isNextLayout {
            nextLayout()
            return []
        }
        if let named = sym.named {
            // Backspace while a dead key waits takes the dead key back, nothing else; any other
            // editing key abandons the sequence and does its job.
            if isComposing {
                compose?.reset()
                if named == .backspace { return [] }
            }
            return [named]
        }
        switch compose?.feed(sym) ?? .passThrough {
        case .composing, .cancelled: return []
        case .composed(let t): return t.map { [.text($0)] } ?? []
        case .passThrough:
            guard let t = text ?? sym.text else { return [] }
            return [.text(t)]
        }
    }

    private func utf8(_ code: xkb_keycode_t) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBufferPointer { xkb_state_key_get_utf8(state, code, $0.baseAddress, 64) }
        guard n > 0 else { return nil }
        let s = String(decoding: buffer[0..<Int(min(n, 63))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let first = s.unicodeScalars.first, first.value >= 0x20, first.value != 0x7f else { return nil }
        return s
    }

    private func isActive(_ name: String) -> Bool {
        xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}
