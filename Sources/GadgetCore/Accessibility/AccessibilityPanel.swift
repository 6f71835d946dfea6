/// The accessibility panel (docs/accessibility.md "The accessibility button and panel"): a tap
/// on the accessibility button opens a small panel of toggles over the board's bottom-left
/// corner, one entry per thing a visitor may need without asking staff (EN 301 549 5.2): Speech,
/// High contrast, Large text, Captions, Reach (only on a board that offers reach mode), More
/// time, and Close. Each entry is a gadget the decoder adds beside the button (hidden until the
/// panel opens), so the panel is in the accessibility tree, reached by the keypad, explored by
/// touch, drawn and hit as the button is; a full-board scrim beneath the entries takes a tap
/// outside them, which closes the panel and reaches nothing beneath. Each entry's text says
/// its state ("High contrast: on", EN 5.6.1/5.6.2: a toggle's state seen and heard). The panel
/// closes on Close, a tap outside, a second tap on the button, and the idle return. Pure: the
/// state machine here; the kiosk's live board and `replay` carry out its outcomes.
public struct AccessibilityPanel: Sendable, Equatable {
    /// One entry, top to bottom.
    public enum Entry: String, Sendable, CaseIterable {
        case speech, contrast, largeText, captions, reach, moreTime, close

        /// Its words on the panel and in speech.
        public var title: String {
            switch self {
            case .speech: "Speech"
            case .contrast: "High contrast"
            case .largeText: "Large text"
            case .captions: "Captions"
            case .reach: "Reach"
            case .moreTime: "More time"
            case .close: "Close"
            }
        }
    }

    /// The visitor's modes the entries show.
    public struct Modes: Sendable, Equatable {
        public var speech = false, highContrast = false, largeText = false, captions = false, reach = false, moreTime = false
        public init(speech: Bool = false, highContrast: Bool = false, largeText: Bool = false, captions: Bool = false, reach: Bool = false, moreTime: Bool = false) {
            self.speech = speech; self.highContrast = highContrast; self.largeText = largeText
            self.captions = captions; self.reach = reach; self.moreTime = moreTime
        }

        /// Entry `e`'s state; nil for Close.
        public func state(_ e: Entry) -> Bool? {
            switch e {
            case .speech: speech
            case .contrast: highContrast
            case .largeText: largeText
            case .captions: captions
            case .reach: reach
            case .moreTime: moreTime
            case .close: nil
            }
        }
    }

    /// What a press did.
    public enum Outcome: Sendable, Equatable {
        case opened, closed
        /// Turn this entry's mode on or off (never `.close`).
        case toggle(Entry)
    }

    /// The full-board scrim's gadget id (and its tap's `emit` name).
    public static let scrimID = "accessibility.panel"
    /// Entry `e`'s gadget id (and its tap's `emit` name).
    public static func id(_ e: Entry) -> String { "accessibility.panel.\(e.rawValue)" }
    /// Whether `id` is one of the panel's gadgets (a board gadget may not take one).
    public static func isPanelID(_ id: String) -> Bool { id == scrimID || id.hasPrefix(scrimID + ".") }

    /// Whether it is shown.
    public private(set) var isOpen = false
    /// The entries this board has, top to bottom (Reach only with `reachMode`).
    public let entries: [Entry]

    public init(board: Board) {
        entries = Entry.allCases.filter { $0 != .reach || board.accessibility.reachMode }
    }

    /// An action event: the button's tap opens (or, open, closes) it; an entry's tap toggles its
    /// mode (Close closes); the scrim's tap (outside the entries) closes. Nil: not the panel's.
    public mutating func handle(_ a: ActionEvent) -> Outcome? {
        guard a.kind == .action, let gadget = a.gadget, a.name == gadget else { return nil }
        if gadget == AccessibilityButton.id {
            isOpen.toggle()
            return isOpen ? .opened : .closed
        }
        guard isOpen else { return nil }
        if gadget == Self.scrimID { isOpen = false; return .closed }
        guard let e = entries.first(where: { Self.id($0) == gadget }) else { return nil }
        if e == .close { isOpen = false; return .closed }
        return .toggle(e)
    }

    /// The idle return: closed. True when it was open.
    public mutating func idleReturn() -> Bool {
        defer { isOpen = false }
        return isOpen
    }

    /// Entry `e`'s text: its title and state ("High contrast: on"), or "Close".
    public static func text(_ e: Entry, modes: Modes) -> String {
        guard let on = modes.state(e) else { return e.title }
        return "\(e.title): \(on ? "on" : "off")"
    }

    /// What speech says after entry `e` toggled (EN 5.6.1).
    public static func spoken(_ e: Entry, modes: Modes) -> String { text(e, modes: modes) }

    /// What speech says when it opens: where the visitor is and what comes next.
    public static let openedSpeech = "Accessibility panel"

    /// Each panel gadget's look for `modes`: hidden unless open, the entries' texts.
    public func looks(modes: Modes) -> [(id: String, hidden: Bool, text: String?)] {
        [(Self.scrimID, !isOpen, nil)] + entries.map { (Self.id($0), !isOpen, Self.text($0, modes: modes)) }
    }
}
