/// One thing in the accessibility tree: a gadget as speech and explore-by-touch see it.
public struct AccessibilityNode: Sendable, Equatable {
    public var id: String
    public var role: AccessibilityRole
    /// The label as the board gave it, else the gadget's text; "" when it has neither (a
    /// picture without a text alternative: `check` says so).
    public var label: String
    /// Whether `label` is the gadget's own text rather than a `"label"`: for a private gadget
    /// that text is private, a given label is not.
    public var labelIsText: Bool
    public var hint: String?
    /// What a video shows, in words (its `"description"`, EN 301 549 5.1.3.7): said after its
    /// label and role, before its hint. Public: the board's words.
    public var description: String?
    /// BCP 47; nil: the speech default.
    public var language: String?
    public var isPrivate: Bool
    /// The axis-aligned box around the gadget at its board pose, board px: what reading order
    /// sorts by.
    public var frame: BoxBounds

    public init(id: String, role: AccessibilityRole, label: String, labelIsText: Bool = false, hint: String? = nil, language: String? = nil,
                isPrivate: Bool = false, frame: BoxBounds, description: String? = nil) {
        self.description = description
        self.id = id; self.role = role; self.label = label; self.labelIsText = labelIsText; self.hint = hint; self.language = language
        self.isPrivate = isPrivate; self.frame = frame
    }

    /// What may be said aloud: the label, except a private gadget's own text, which only a
    /// private output (a headset) may say (EN 5.1.3.8/9). nil: nothing may be said.
    public func speakable(privateOutput: Bool) -> String? {
        if isPrivate && labelIsText && !privateOutput { return nil }
        return label.isEmpty ? nil : label
    }

    /// What touch exploration says after the label (`speakable`): the description, then the
    /// hint, each a sentence of its own ("Lobby. A guide waves. Plays on its own").
    public func spoken(after label: String) -> String {
        AccessibilityNode.sentences([label] + [description, hint].compactMap { $0 })
    }

    /// Parts said one after the other as sentences: joined by ". ", or by a space after a part
    /// that ends a sentence itself ("A guide waves. Plays on its own", never "waves.. Plays").
    public static func sentences(_ parts: [String]) -> String {
        var out = ""
        for p in parts where !p.isEmpty {
            if out.isEmpty { out = p; continue }
            out += (out.last.map { ".!?…".contains($0) } ?? false) ? " " : ". "
            out += p
        }
        return out
    }

    /// What an event or a log may carry: never a private gadget's text, whatever the output.
    public var publicText: String? { isPrivate && labelIsText ? nil : (label.isEmpty ? nil : label) }
}

/// An axis-aligned box in board pixels (y down).
public struct BoxBounds: Sendable, Equatable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) { self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY }
    /// The box around a (possibly rotated) rectangle.
    public init(around shape: OrientedRect) {
        let h = shape.boundingHalfExtents
        self.init(minX: shape.center.x - h.x, minY: shape.center.y - h.y, maxX: shape.center.x + h.x, maxY: shape.center.y + h.y)
    }
    public var height: Double { maxY - minY }
    public var midY: Double { (minY + maxY) / 2 }
}
