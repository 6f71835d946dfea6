/// A gadget's live parts (`"bind"` and `"qr"`): one stored property of `Gadget`.
public struct GadgetLive: Sendable, Equatable {
    /// One per bound property, in file order.
    public var bindings: [GadgetBinding]
    /// A QR code drawn over the gadget's box; nil: none.
    public var qr: GadgetQR?
    public init(bindings: [GadgetBinding] = [], qr: GadgetQR? = nil) { self.bindings = bindings; self.qr = qr }
}

/// The gadget properties a template can drive (`"bind": {PROPERTY: TEMPLATE}`), and `qr` (the QR
/// code's text, when it is a template).
public enum BoundProperty: String, Sendable, CaseIterable, Hashable {
    case text, color, opacity, hidden, image, video, qr
    /// The names `"bind"` takes (`qr` is bound through `"qr"` itself).
    public static let bindable: [BoundProperty] = [.text, .color, .opacity, .hidden, .image, .video]
}

/// `PROPERTY: TEMPLATE` or `PROPERTY: {"template": TEMPLATE, "stale": TEXT}`, with where the
/// board gave it.
public struct GadgetBinding: Sendable, Equatable {
    public var property: BoundProperty
    public var template: Template
    /// What the whole property shows while any source the template reads is stale (instead of
    /// each placeholder's `fallback`); "" for a text shows nothing. nil: placeholder by placeholder.
    public var stale: String?
    public var jsonPath: String
    public init(property: BoundProperty, template: Template, stale: String? = nil, jsonPath: String) {
        self.property = property; self.template = template; self.stale = stale; self.jsonPath = jsonPath
    }
}

/// `"qr": TEXT` or `{"text", "ecc", "color", "background"}`: a QR code filling the gadget's box
/// (square, centred, with its 4-module quiet zone in `background`).
public struct GadgetQR: Sendable, Equatable {
    /// QR error-correction levels: the share of the code that may be damaged and still read.
    public enum ECC: String, Sendable, CaseIterable { case L, M, Q, H }

    /// Its text; a template when it holds placeholders (then a `qr` binding drives it and this
    /// holds the literal parts until the first value arrives).
    public var template: Template
    public var ecc: ECC
    public var color: Color
    public var background: Color
    public var jsonPath: String

    public init(template: Template, ecc: ECC = .M, color: Color = .black, background: Color = .white, jsonPath: String = "") {
        self.template = template; self.ecc = ecc; self.color = color; self.background = background; self.jsonPath = jsonPath
    }

    /// The text to encode before any live value: the template's literal text ("" when it has
    /// placeholders and nothing has arrived).
    public var initialText: String { template.literalText ?? "" }

    /// The modules of quiet zone around the code (ISO/IEC 18004 asks for 4).
    public static let quietZone = 4

    /// The most bytes a version-40 code holds in byte mode at each level (ISO/IEC 18004 table 7):
    /// what the kiosk encodes (8-bit mode), so `check` refuses exactly what would not encode.
    public static func byteCapacity(_ ecc: ECC) -> Int {
        switch ecc {
        case .L: return 2953
        case .M: return 2331
        case .Q: return 1663
        case .H: return 1273
        }
    }
}
