/// A gadget that takes typing (`"field"`; docs/board-format.md, docs/typing.md): what kind of
/// text it holds, how it is checked, and which form it belongs to under which name.
public struct FieldSpec: Sendable, Equatable {
    public var kind: FieldKind
    /// Shown, dimmed, while the field is empty.
    public var placeholder: String?
    /// The most characters (grapheme clusters) the field holds; nil: no limit.
    public var maxLength: Int?
    /// A Swift `Regex` the whole value must match (checked on submit, not while typing).
    public var pattern: String?
    /// Whether an empty value stops the form's submission.
    public var required: Bool
    /// The form's id (`"forms"`); nil: a field of no form (a search box).
    public var form: String?
    /// The key under which the value is submitted; `check` requires it on a form's fields.
    public var name: String?
    /// `gadgets[3].field`: where the board file gave it (for `check`'s lines).
    public var jsonPath: String
    /// The gadget's `"text"` style (font, size, colour, alignment, padding) the value is drawn
    /// in; nil: the text defaults.
    public var style: TextStyle?

    public init(kind: FieldKind = .text, placeholder: String? = nil, maxLength: Int? = nil, pattern: String? = nil,
                required: Bool = false, form: String? = nil, name: String? = nil, jsonPath: String = "") {
        self.kind = kind; self.placeholder = placeholder; self.maxLength = maxLength; self.pattern = pattern
        self.required = required; self.form = form; self.name = name; self.jsonPath = jsonPath
    }

    /// The most characters a field accepts when the board gives no `maxLength`: a guest-book
    /// entry, not a book (bounds shaping time and the text image, like `GadgetText.maximumLength`).
    public static let defaultMaximumLength = 2_000

    /// The style of a field whose gadget gives no `"text"`: dark text, vertically centred, inset
    /// from the box's edges, on the light box a field usually is.
    public static let defaultStyle = TextStyle("", size: 28, color: Color(r: 0.13, g: 0.13, b: 0.13),
                                               verticalAlignment: .middle, padding: TextStyle.Padding(top: 0, right: 12, bottom: 0, left: 12))

    /// What an empty field shows: its placeholder, or nothing.
    public var initialDisplay: FieldDisplay { FieldDisplay(string: placeholder ?? "", isPlaceholder: placeholder != nil, caret: 0) }
}

/// What a field holds; it picks the on-screen keyboard (a numeric pad for `number` and `pin`),
/// whether the text is shown (`pin` and `password`: dots, no key preview) and the check on submit.
public enum FieldKind: String, Sendable, CaseIterable {
    case text, multiline, number, email, pin, password

    /// Dots instead of the text, and no key preview on the on-screen keyboard.
    public var isMasked: Bool { self == .pin || self == .password }
    /// Takes line breaks; wraps and scrolls vertically.
    public var isMultiline: Bool { self == .multiline }
    /// The numeric pad rather than the full keyboard.
    public var usesNumericPad: Bool { self == .number || self == .pin }
}
