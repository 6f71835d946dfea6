import CXKBCommon

/// Dead keys and compose sequences: libX11's Compose file for a locale (libx11-data's
/// /usr/share/X11/locale) compiled by xkbcommon, and the state of the sequence being typed.
/// Owns the `xkb_compose_table` and `xkb_compose_state`. Thread: the one that made it.
final class ComposeState {
    /// The locale whose table was found (the one asked for, or the fallback).
    let locale: String
    let context: XKBContext
    private let table: OpaquePointer
    private let state: OpaquePointer

    /// What feeding one keysym did.
    enum Step: Equatable {
        /// Not part of a sequence: type the keysym itself.
        case passThrough
        /// A sequence goes on (a dead key): type nothing yet.
        case composing
        /// A sequence finished: type this (nil when the sequence composes to a keysym without
        /// text).
        case composed(String?)
        /// A sequence that no entry continues: it and this key type nothing (as X and GTK do).
        case cancelled
    }

    /// The table for `locale`, or, when libX11 has none for it, the one for `C.UTF-8` (which
    /// holds the same dead-key sequences as every UTF-8 locale). nil when neither exists:
    /// libx11-data is missing and dead keys type nothing.
    init?(context: XKBContext, locale: String) {
        var found: (OpaquePointer, String)?
        for candidate in [locale, "C.UTF-8"] where found == nil {
            if let t = candidate.withCString({ xkb_compose_table_new_from_locale(context.handle, $0, XKB_COMPOSE_COMPILE_NO_FLAGS) }) {
                found = (t, candidate)
            }
        }
        guard let (t, name) = found else { return nil }
        guard let s = xkb_compose_state_new(t, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(t)
            return nil
        }
        self.context = context
        table = t
        state = s
        self.locale = name
    }

    deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
    }

    /// Feeds one pressed key's keysym. Modifiers are ignored by xkbcommon and pass through.
    func feed(_ sym: KeySymbol) -> Step {
        let fed = xkb_compose_state_feed(state, sym.raw)
        guard fed == XKB_COMPOSE_FEED_ACCEPTED else { return .passThrough }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBufferPointer { xkb_compose_state_get_utf8(state, $0.baseAddress, 64) }
            let text = n > 0 ? String(decoding: buffer[0..<Int(min(n, 63))].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
            let sym = KeySymbol(xkb_compose_state_get_one_sym(state))
            xkb_compose_state_reset(state)
            return .composed(text ?? sym.text)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .passThrough
        }
    }

    /// True while a dead key waits for its next key.
    var isComposing: Bool { xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSING }

    func reset() { xkb_compose_state_reset(state) }
}
