/// What a visitor who cannot see the screen can find on it: the gadgets of the page shown (and
/// the shared ones) that say something or do something, in the order they are read (EN 5.1.3.1,
/// 5.1.3.3). Derived state: built from the running board and the page shown whenever it is
/// needed, so a page change, a live text or a control `set` is in the next one built. Pure.
public struct AccessibilityTree: Sendable, Equatable {
    /// In reading order: the board's `"focusOrder"` ids on this page first, then the rest by
    /// `ReadingOrder`.
    public private(set) var nodes: [AccessibilityNode]
    /// Whether rows read right to left (the board's `"lang"` is written so).
    public let rightToLeft: Bool

    /// The tree of `board` with `page` shown (nil: a board without pages, or its first page).
    public init(board: Board, page: String?) {
        rightToLeft = board.language.map(TextLanguage.isRightToLeft) ?? false
        let shown = page ?? board.pages.first?.id
        // The accessibility panel is modal while open (a dialog's focus rule): only its entries
        // are in the tree, so keys, swipes and a finger stay in it until it closes (Close, Back,
        // a tap outside), and nothing behind it is said.
        let panelOpen = board.gadgets.contains { $0.id == AccessibilityPanel.scrimID && !$0.hidden }
        let candidates = board.gadgets.compactMap { g -> AccessibilityNode? in
            guard g.page == nil || g.page == shown else { return nil }
            guard !panelOpen || AccessibilityPanel.isPanelID(g.id) else { return nil }
            return AccessibilityTree.node(g, boardLanguage: board.language)
        }
        let order = ReadingOrder.order(candidates.map(\.frame), rightToLeft: rightToLeft)
        var read = order.map { candidates[$0] }
        if !board.accessibility.focusOrder.isEmpty {
            let rank = Dictionary(board.accessibility.focusOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
            let listed = read.filter { rank[$0.id] != nil }.sorted { rank[$0.id]! < rank[$1.id]! }
            read = listed + read.filter { rank[$0.id] == nil }
        }
        nodes = read
    }

    public func node(id: String) -> AccessibilityNode? { nodes.first { $0.id == id } }
    public func index(of id: String) -> Int? { nodes.firstIndex { $0.id == id } }

    /// A gadget's node, or nil when it is not in the tree: not drawn (`set hidden`), marked
    /// `"hidden"`, or decoration (nothing to say and nothing to do).
    public static func node(_ g: Gadget, boardLanguage: String?) -> AccessibilityNode? {
        let a = g.accessibility
        guard !g.hidden, !a.hidden else { return nil }
        let text = g.text?.style.string
        // A field is named by its label or placeholder; what is typed in it is its text.
        let name = a.label ?? g.field?.placeholder
        // A video with nothing else to name it is named by its description (said once).
        let description = g.video?.spokenDescription
        let label = name ?? text ?? description.map(AccessibilityTree.withoutFinalStop) ?? ""
        guard let role = a.role ?? defaultRole(g) ?? (label.isEmpty ? nil : .text) else { return nil }
        // A PIN or password is masked entry: spoken only in private (EN 5.1.3.8).
        let isPrivate = a.isPrivate || g.field?.kind.isMasked == true
        return AccessibilityNode(id: g.id, role: role, label: label, labelIsText: name == nil && text != nil, hint: a.hint,
                                 language: a.language ?? g.text?.style.language ?? boardLanguage, isPrivate: isPrivate,
                                 frame: BoxBounds(around: g.shape), description: name == nil && text == nil ? nil : description)
    }

    /// A description used as a label, without its full stop ("Rain on the lake, video").
    static func withoutFinalStop(_ s: String) -> String {
        s.hasSuffix(".") && s.count > 1 ? String(s.dropLast()) : s
    }

    /// The role from what a gadget does: a text field is a field; an action that changes page
    /// is a link, any other action a button; else a video, a text, a picture (an image or a QR
    /// code); nil for a coloured shape with nothing on it (decoration).
    public static func defaultRole(_ g: Gadget) -> AccessibilityRole? {
        if g.field != nil { return .field }
        for action in [g.action, g.longPressAction] {
            switch action {
            case .page?, .back?: return .link
            case .emit?, .reset?, .play?: return .button
            case nil: continue
            }
        }
        if g.video != nil { return .video }
        if g.text != nil { return .text }
        if case .image = g.appearance { return .image }
        if g.live?.qr != nil { return .image }
        return nil
    }
}
