/// WCAG 2 contrast (interaction-notes §1.1; https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio):
/// relative luminance of sRGB colours and the ratio between two, 1…21. Text needs 4.5:1, large
/// text, UI parts and focus indicators 3:1 (EN 9/11.1.4.3, 1.4.11). Pure.
public enum ContrastRatio {
    /// Normal text, and large text / UI components / focus indicators.
    public static let text = 4.5, large = 3.0

    /// Relative luminance of an opaque sRGB colour (alpha ignored), 0…1.
    public static func luminance(_ c: Color) -> Double {
        func linear(_ v: Double) -> Double {
            let x = Math.clamp(v, 0, 1)
            return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// (L_lighter + 0.05) / (L_darker + 0.05).
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `over` drawn with its alpha on the opaque `under`: the colour seen.
    public static func composite(_ over: Color, on under: Color) -> Color {
        let a = Math.clamp(over.a, 0, 1)
        return Color(r: over.r * a + under.r * (1 - a), g: over.g * a + under.g * (1 - a), b: over.b * a + under.b * (1 - a))
    }
}
