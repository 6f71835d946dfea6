/// One thing typed, after a keymap and compose have done their work: what a physical key, an
/// on-screen key or a replayed recording produces. Every typing path (evdev keyboards, the
/// on-screen keyboard, control `set`, replay) reaches a field through this one value, so the
/// field's editing rules are written once.
public enum KeyInput: Sendable, Equatable {
    /// Text to insert at the caret: usually one character, a whole string for a barcode
    /// scanner's burst or a composed dead key. Control characters in it are dropped by the field
    /// (a line break is kept only by a multiline field).
    case text(String)
    /// Delete before the caret by `BackspaceRule` (one code point, except emoji sequences, flags…).
    case backspace
    /// Delete the grapheme cluster after the caret.
    case deleteForward
    /// Caret one grapheme cluster back (`left`) or on (`right`) in logical order; a bidi-aware
    /// owner turns arrows into visual moves before it gets here.
    case left, right
    /// Multiline: the caret to the line above or below (same column in characters, or the line's
    /// end when shorter); single-line: to the start or the end.
    case up, down
    /// The start or end of the line (multiline) or of the text.
    case home, end
    /// Focus the next field in reading order (Tab) or the previous one (Shift-Tab).
    case tab, backTab
    /// Submit the field's form (single-line); a line break in a multiline field.
    case enter
    /// Leave the field (focus goes nowhere; the on-screen keyboard hides).
    case escape
}
