/// The accessibility focus: the one node of the accessibility tree a keypad user is on (EN
/// 5.1.6), what a focus ring marks and speech describes. Moves in reading order (the tree's, so
/// right-to-left boards and `"focusOrder"` are followed), wrapping at the ends so it never traps
/// (EN 5.1.6.2). Explore by touch moves it too, so keys carry on from what a finger found. Pure:
/// the kiosk and `replay` carry out its outcomes the same way.
public struct AccessibilityFocus: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The focus moved to this node: ring it, say it; a field gets typing focus, any other
        /// node takes typing focus away from a field.
        case focused(AccessibilityNode)
        /// Activate this node as a tap at its centre would.
        case activate(AccessibilityNode)
        /// Go back a page.
        case back
        /// Say this help text (about the focused node, or how to start when none is).
        case help(String, gadget: String?)
        /// Turn speech mode on or off.
        case toggleSpeech
        /// Turn the high-contrast or the large-text mode on or off.
        case toggleContrast, toggleLargeText
        /// Turn reach mode on or off.
        case toggleReach
        /// Turn captions on or off: those of `focused` when it is a captioned video, else every
        /// captioned video of the page shown (`CaptionsToggle.targets`).
        case toggleCaptions(focused: String?)
        /// Pick this node's gadget up (or put a held one down: `GadgetPickUp` has the keys first).
        case pickUp(AccessibilityNode)
        /// Say the last utterance again.
        case repeatSpeech
        /// Step the speech rate or volume (`SpeechQueue.stepRate`, `stepVolume`).
        case speechRate(faster: Bool), speechVolume(louder: Bool)
    }

    /// The focused node's gadget id; nil: none (a new page, nothing yet chosen).
    public private(set) var focused: String?

    public init() {}

    /// Focus to `id` without a key (explore by touch, a tap on a field); nil: none.
    public mutating func set(_ id: String?) { focused = id }

    /// A new page or board: nothing focused (the next key starts from the first node).
    public mutating func reset() { focused = nil }

    /// Drops the focus when its gadget left the tree (hidden by `set`, another page shown).
    public mutating func follow(_ tree: AccessibilityTree) {
        if let f = focused, tree.node(id: f) == nil { focused = nil }
    }

    /// What `command` does on `tree` (the tree of the page shown now).
    public mutating func handle(_ command: NavigationCommand, in tree: AccessibilityTree) -> [Outcome] {
        follow(tree)
        switch command {
        case .next, .previous, .nextControl, .previousControl:
            let controlsOnly = command == .nextControl || command == .previousControl
            let forward = command == .next || command == .nextControl
            guard let node = step(in: tree, forward: forward, controlsOnly: controlsOnly) else { return [] }
            focused = node.id
            return [.focused(node)]
        case .activate:
            guard let id = focused, let node = tree.node(id: id) else {
                return [.help(AccessibilityFocus.startHelp, gadget: nil)]
            }
            return [.activate(node)]
        case .back:
            return [.back]
        case .help:
            guard let id = focused, let node = tree.node(id: id) else { return [.help(AccessibilityFocus.startHelp, gadget: nil)] }
            return [.help(AccessibilityFocus.help(node), gadget: node.id)]
        case .speech:
            return [.toggleSpeech]
        case .contrast:
            return [.toggleContrast]
        case .largeText:
            return [.toggleLargeText]
        case .reach:
            return [.toggleReach]
        case .captions:
            return [.toggleCaptions(focused: focused)]
        case .move:
            guard let id = focused, let node = tree.node(id: id) else { return [.help(AccessibilityFocus.startHelp, gadget: nil)] }
            return [.pickUp(node)]
        case .repeat:
            return [.repeatSpeech]
        case .faster, .slower:
            return [.speechRate(faster: command == .faster)]
        case .louder, .quieter:
            return [.speechVolume(louder: command == .louder)]
        }
    }

    /// The node after (or before) the focused one that qualifies, wrapping; from nothing, the
    /// first (or last). Nil when none qualifies.
    private func step(in tree: AccessibilityTree, forward: Bool, controlsOnly: Bool) -> AccessibilityNode? {
        let nodes = tree.nodes
        guard !nodes.isEmpty else { return nil }
        let n = nodes.count
        let start = focused.flatMap { tree.index(of: $0) }
        for k in 1...n {
            let i: Int
            if let s = start { i = forward ? (s + k) % n : (s - k + n) % n } else { i = forward ? k - 1 : n - k }
            if !controlsOnly || nodes[i].role.isActionable { return nodes[i] }
        }
        return nil
    }

    /// What is said when a key needs a focus and there is none.
    public static let startHelp = "Use the arrow keys to move through the screen, Tab to move between controls, Enter to activate, Back to go back."

    /// The help for `node`: its hint, then how to operate what it is.
    public static func help(_ node: AccessibilityNode) -> String {
        var parts: [String] = []
        if let hint = node.hint { parts.append(hint) }
        switch node.role {
        case .button: parts.append("Press Enter to activate it.")
        case .link: parts.append("Press Enter to go there.")
        case .field: parts.append("Type, then press Tab to move on, or Enter to send.")
        default: parts.append("Use the arrow keys to move to the next or previous item.")
        }
        parts.append("Back goes back.")
        return parts.joined(separator: " ")
    }

    /// The spoken role after a label ("Buy, button"); nil for text, which is just read.
    public static func spokenRole(_ role: AccessibilityRole) -> String? {
        switch role {
        case .button: "button"
        case .link: "link"
        case .field: "text field"
        case .image: "image"
        case .video: "video"
        case .page: "heading"
        case .text: nil
        }
    }

    /// A synthetic tap at `location` at `time`: how an activation reaches the board's own
    /// gestures, so its action, tap sound and events are exactly a sighted visitor's. `touch`
    /// must be an id no device uses.
    public static func activationTap(at location: Vector2, time: Microseconds, touch: TouchID) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: touch, phase: .began, location: location, time: time)]),
         TouchFrame(time: time + 1, touches: [Touch(id: touch, phase: .ended, location: location, time: time + 1)])]
    }
}

extension AccessibilityNode {
    /// What is said when the focus reaches this node: label, role, hint ("Buy, button. Pays by
    /// card"), as said on `privateOutput` or not; and what events may carry (never a private
    /// gadget's text: its role and hint only).
    public func focusSpeech(privateOutput: Bool) -> (text: String, publicText: String) {
        func compose(_ label: String?) -> String {
            var s = [label, AccessibilityFocus.spokenRole(role)].compactMap { $0 }.joined(separator: ", ")
            s = AccessibilityNode.sentences([s] + [description, hint].compactMap { $0 })
            return s
        }
        return (compose(speakable(privateOutput: privateOutput)), compose(publicText))
    }
}
