import CXKBCommon
import Logging

/// One layout from xkb-data compiled into a keymap (rules `evdev`, model `pc105`): its name, and
/// each key's symbol at each shift level for the on-screen keyboard's labels. Owns the
/// `xkb_keymap`; keeps its context alive. Thread: the one that made it.
public final class XKBKeymap {
    /// The layout as the board names it (`de`, `de(nodeadkeys)`).
    public let layout: String
    /// xkb-data's human name of the layout ("German").
    public let layoutName: String
    let context: XKBContext
    let handle: OpaquePointer

    /// The model every keymap is compiled for: the 105-key PC keyboard, whose key codes USB
    /// keyboards and keypads send.
    static let model = "pc105"
    /// Alt+Shift gives ISO_Next_Group, which KeyTranslator turns into "next board layout" (each
    /// keymap holds one layout, so xkbcommon's own group switch has nowhere to go).
    static let options = "grp:alt_shift_toggle"

    public convenience init(layout: String, logger: Logger) throws(KeyboardError) {
        try self.init(layout: layout, context: XKBContext(), logger: logger)
    }

    init(layout: String, context: XKBContext, logger: Logger) throws(KeyboardError) {
        if layout.contains(",") { throw .layoutList(layout) }
        let trimmed = layout.trimmingSpaces
        guard !trimmed.isEmpty else { throw .unknownLayout(layout) }
        let made: OpaquePointer? = "evdev".withCString { rules in
            Self.model.withCString { model in
                trimmed.withCString { name in
                    "".withCString { variant in
                        Self.options.withCString { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: name, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context.handle, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let made else { throw .unknownLayout(layout) }
        self.layout = trimmed
        self.context = context
        handle = made
        layoutName = xkb_keymap_layout_get_name(made, 0).map { String(cString: $0) } ?? trimmed
        logger.debug("keymap \(trimmed): \(layoutName)")
    }

    deinit { xkb_keymap_unref(handle) }

    /// The XKB key code of an evdev code (`KEY_Q` = 16 is XKB 24: xkbcommon's evdev rules add 8).
    static func keycode(_ evdevCode: UInt16) -> xkb_keycode_t { xkb_keycode_t(evdevCode) + 8 }

    /// How many shift levels `evdevCode` has (1 for keys without shift, 4 for de's `Q`).
    public func levels(evdevCode: UInt16) -> Int {
        Int(xkb_keymap_num_levels_for_key(handle, Self.keycode(evdevCode), 0))
    }

    /// The key's first symbol at `level` (0 plain, 1 Shift, 2 AltGr, 3 Shift+AltGr); nil where the
    /// key has no such level or no symbol there.
    public func keysym(evdevCode: UInt16, level: Int) -> KeySymbol? {
        guard level >= 0, level < levels(evdevCode: evdevCode) else { return nil }
        var syms: UnsafePointer<xkb_keysym_t>?
        let n = xkb_keymap_key_get_syms_by_level(handle, Self.keycode(evdevCode), 0, xkb_level_index_t(level), &syms)
        guard n > 0, let syms, syms[0] != 0 else { return nil }
        return KeySymbol(syms[0])
    }

    /// What the on-screen key for `evdevCode` shows at `level`: its text, a dead key's accent, or
    /// nil for a key without a printable symbol there (modifiers, function keys).
    public func label(evdevCode: UInt16, level: Int) -> String? {
        keysym(evdevCode: evdevCode, level: level)?.label
    }

    /// Whether holding the key repeats it (letters do; modifiers and Enter-like keys may not).
    public func repeats(evdevCode: UInt16) -> Bool { xkb_keymap_key_repeats(handle, Self.keycode(evdevCode)) != 0 }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
