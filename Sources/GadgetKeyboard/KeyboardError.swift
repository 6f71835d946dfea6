/// What can go wrong turning layouts into keymaps. Each case is one line for the log or `check`.
public enum KeyboardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// xkb-data has no layout (or layout with variant, `de(nodeadkeys)`) by this name.
    case unknownLayout(String)
    /// A layout entry holding a list (`"de,us"`): the board lists layouts one per entry.
    case layoutList(String)
    /// No layout given.
    case noLayouts
    /// A libxkbcommon call returned nothing (out of memory, or no xkb-data at all).
    case call(String)
    /// libxkbcommon could not be opened (the loader's one line: "typing needs libxkbcommon.so.0: …").
    case unavailable(String)

    public var description: String {
        switch self {
        case .unknownLayout(let name):
            return "unknown keyboard layout '\(name)' (xkb-data's layouts are listed in /usr/share/X11/xkb/rules/evdev.xml)"
        case .layoutList(let name):
            return "keyboard layout '\(name)' holds a list: give each layout as its own entry"
        case .noLayouts: return "no keyboard layout given"
        case .call(let name): return "\(name) failed (is xkb-data installed?)"
        case .unavailable(let message): return message
        }
    }
}
