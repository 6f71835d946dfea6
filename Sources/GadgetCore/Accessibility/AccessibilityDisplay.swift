/// The visitor's display modes (EN 5.1 / WCAG 1.4.3, 1.4.4; docs/accessibility.md "Contrast and
/// large text"): **high contrast** draws every text gadget's text in black or white on an opaque
/// plate of the other (21:1, above the 7:1 of WCAG 1.4.6), **large text** draws it
/// `largeTextScale` times larger (1.5 unless the board says), laid out again in its own box. Both
/// can be on. The visitor's until their session ends: the idle return puts it back to normal
/// (as speech's volume, EN 5.1.3.13). Pure: the scene asks it how to draw each text.
public struct AccessibilityDisplay: Sendable, Equatable {
    public var highContrast: Bool
    public var largeText: Bool
    /// How much larger large text is (`"accessibility": {"largeTextScale": 1.5}`).
    public var largeTextScale: Double

    public init(highContrast: Bool = false, largeText: Bool = false, largeTextScale: Double = AccessibilityDisplay.defaultLargeTextScale) {
        self.highContrast = highContrast
        self.largeText = largeText
        self.largeTextScale = largeTextScale
    }

    public static let normal = AccessibilityDisplay()
    /// WCAG 1.4.4 asks text to be resizable to 200 %; 1.5 keeps most boards' labels in their boxes.
    public static let defaultLargeTextScale = 1.5
    /// What a board may ask for: larger than 1, at most 2 (WCAG's 200 %; beyond it little fits).
    public static let largeTextScaleRange = 1.1...2.0

    /// The plates: black and white span the whole 21:1.
    public static let darkPlate = Color.black, lightPlate = Color.white

    public var isNormal: Bool { !highContrast && !largeText }

    /// The modes on, for `state`'s `accessibility.mode` after speech: `highContrast`, `largeText`.
    public var modeNames: [String] {
        (highContrast ? ["highContrast"] : []) + (largeText ? ["largeText"] : [])
    }

    /// Modes equal when the visitor sees the same: the scale matters only with large text on.
    public func drawsLike(_ other: AccessibilityDisplay) -> Bool {
        highContrast == other.highContrast && largeText == other.largeText && (!largeText || largeTextScale == other.largeTextScale)
    }

    /// The plate behind a text drawn over `beneath` (the colour the board draws there; nil: an
    /// image or unknown): light where the board is light, dark elsewhere, so the board keeps its
    /// light or dark look. Nil with high contrast off.
    public func plate(beneath: Color?) -> Color? {
        guard highContrast else { return nil }
        guard let beneath else { return AccessibilityDisplay.darkPlate }
        // Light when black on it would contrast more than white does.
        let light = ContrastRatio.ratio(beneath, .black) > ContrastRatio.ratio(beneath, .white)
        return light ? AccessibilityDisplay.lightPlate : AccessibilityDisplay.darkPlate
    }

    /// Black or white, whichever contrasts more with `plate` (21:1 on the plates above).
    public static func textColor(on plate: Color) -> Color {
        ContrastRatio.ratio(plate, .white) >= ContrastRatio.ratio(plate, .black) ? .white : .black
    }

    /// The two colours of a part drawn with text or as a control over `beneath` (the on-screen
    /// keyboard, the "more time" notice, a field's problem line, a caption's plate): its plate
    /// and the text on it, the same choice a text gadget's plate makes (`plate(beneath:)`,
    /// `textColor(on:)`: black and white, 21:1). Nil with high contrast off: the part keeps its
    /// own colours. The one place high contrast's colours are decided.
    public func contrastColours(beneath: Color?) -> ContrastColours? {
        plate(beneath: beneath).map { ContrastColours(plate: $0, text: AccessibilityDisplay.textColor(on: $0)) }
    }

    /// A text size as drawn: `largeTextScale` times `size` with large text on, else `size`.
    public func textSize(_ size: Double) -> Double { largeText ? size * largeTextScale : size }

    /// How much larger text is drawn: `largeTextScale` with large text on, else 1.
    public var textScale: Double { largeText ? largeTextScale : 1 }

    /// `style` as drawn in these modes over `beneath`: its colour the plate's opposite (high
    /// contrast), its size and shrink limit `largeTextScale` times larger (large text). Wrapping, `maxLines` and `fit` are the board's: text that no longer fits its box is
    /// cut at the box's edge (its last line ending "…" under `maxLines`), or with `"fit":
    /// "shrink"` drawn smaller, down to its `minSize` (scaled too).
    public func style(_ style: TextStyle, beneath: Color?) -> TextStyle {
        var s = style
        if let plate = plate(beneath: beneath) { s.color = AccessibilityDisplay.textColor(on: plate) }
        if largeText {
            s.size *= largeTextScale
            s.minSize = s.minSize.map { $0 * largeTextScale }
        }
        return s
    }
}

/// High contrast's pair for one part: its plate and the text (or label, or lit control) on it,
/// black and white (21:1). `inverted` is the pair for a part shown lit or pressed (a key that is
/// on): the same two colours swapped, still 21:1.
public struct ContrastColours: Sendable, Equatable {
    public var plate: Color
    public var text: Color
    public var inverted: ContrastColours { ContrastColours(plate: text, text: plate) }
}
