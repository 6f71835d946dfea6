/// What a gadget says about itself to a visitor who cannot see it, as the board file gives it
/// (`"label"`, `"role"`, `"hint"`, `"hidden"`, `"private"`, `"lang"`; docs/accessibility.md). Every
/// field is optional: `AccessibilityTree` fills in what is left out from what the gadget does.
public struct GadgetAccessibility: Sendable, Equatable {
    /// What speech says for it; nil: its text.
    public var label: String?
    /// nil: from what it does (`AccessibilityTree.defaultRole`).
    public var role: AccessibilityRole?
    /// How to operate it, spoken after a pause (and by a help key, with typing's keypads).
    public var hint: String?
    /// `"hidden": true`: decoration, left out of the tree (still drawn and touchable). Not
    /// `Gadget.hidden`, which is the control protocol's "not drawn".
    public var hidden = false
    /// `"private": true`: its text is spoken only through private listening (a headset), and no
    /// event carries it (EN 5.1.3.9). Its `label`, when given, is public: that is what the board
    /// author wrote for anyone to hear ("Your balance").
    public var isPrivate = false
    /// The language to speak it in (BCP 47); nil: its text's, else the board's.
    public var language: String?

    public init(label: String? = nil, role: AccessibilityRole? = nil, hint: String? = nil, hidden: Bool = false,
                isPrivate: Bool = false, language: String? = nil) {
        self.label = label; self.role = role; self.hint = hint; self.hidden = hidden; self.isPrivate = isPrivate; self.language = language
    }
}
