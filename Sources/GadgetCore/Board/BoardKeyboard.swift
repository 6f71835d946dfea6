/// The board's keyboards (`"keyboard"`): the xkb layouts the on-screen keyboard offers and
/// physical keyboards type with, the first being the one shown at start.
public struct BoardKeyboard: Sendable, Equatable {
    /// xkb layout names (`"de"`, `"us"`, `"ar"`), in the order the layout key cycles them.
    public var layouts: [String]
    /// `keyboard.layouts`: where the board file gave them (helper keys checks the names).
    public var jsonPath: String
    public init(layouts: [String] = ["us"], jsonPath: String = "keyboard") { self.layouts = layouts; self.jsonPath = jsonPath }
}
