/// What a gadget is to someone who cannot see it (`"role"`; docs/accessibility.md): what speech
/// says it is and how it can be operated. The names are the board format's and the events'.
public enum AccessibilityRole: String, Sendable, CaseIterable {
    /// Does something when activated (an action other than a page change).
    case button
    /// Goes to another page (a `page` or `back` action).
    case link
    /// A picture; spoken from its label, its text alternative (EN 5.1.3.6).
    case image
    /// Text to read.
    case text
    /// Text a visitor types (issue 38's fields).
    case field
    /// A video; spoken from its label.
    case video
    /// A page's title or landmark: the first thing heard on a page.
    case page

    /// Whether activating a node of this role does something (a double tap in explore-by-touch).
    public var isActionable: Bool { self == .button || self == .link || self == .field }

    /// The names, for a problem's "must be one of …".
    public static let names: [String] = allCases.map(\.rawValue)
}
