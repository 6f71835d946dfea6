/// One gadget in its home state, as the board file gives it.
public struct Gadget: Sendable, Equatable, Identifiable {
    public var id: String
    public var appearance: Appearance
    /// Centre in canvas pixels.
    public var center: Vector2
    /// Size in canvas pixels at scale 1.
    public var size: Size2
    /// Degrees, clockwise on screen.
    public var rotationDegrees: Double
    public var opacity: Double
    /// Drawing order; higher is on top. Defaults to file order.
    public var z: Double
    public var behavior: GadgetBehavior
    public var body: BodySettings
    /// Not drawn and not touchable (touches fall through), its place kept: set by the control
    /// protocol (`set hidden`).
    public var hidden = false
    /// The page this gadget is on (`BoardPage.id`); nil: on every page (top-level `"gadgets"`),
    /// and always nil on a board without pages.
    public var page: String?
    /// Done when the gadget is tapped (`"action"`).
    public var action: GadgetAction?
    /// Done when a long press on the gadget begins (`"longPressAction"`).
    public var longPressAction: GadgetAction?
    /// Text drawn over the appearance, laid out in the gadget's box (`size`); nil: none.
    public var text: GadgetText?
    /// Bindings to live data and a QR code (`"bind"`, `"qr"`); nil: none.
    public var live: GadgetLive?
    /// A clip played over the appearance (`"video"`); nil: none.
    public var video: VideoReference?
    /// A web page drawn over the appearance (`"web"`), by a helper process of its own; nil: none.
    public var web: WebPageSpec?
    /// A text field (`"field"`): the gadget takes typing; nil: none.
    public var field: FieldSpec?
    /// What speech and explore-by-touch say it is (`"label"`, `"role"`, `"hint"`, `"hidden"`,
    /// `"private"`, `"lang"`; docs/accessibility.md).
    public var accessibility = GadgetAccessibility()

    public init(id: String, appearance: Appearance, center: Vector2, size: Size2, rotationDegrees: Double = 0, opacity: Double = 1,
                z: Double = 0, behavior: GadgetBehavior = GadgetBehavior(), body: BodySettings = BodySettings(),
                page: String? = nil, action: GadgetAction? = nil, longPressAction: GadgetAction? = nil, text: GadgetText? = nil) {
        self.id = id; self.appearance = appearance; self.center = center; self.size = size
        self.rotationDegrees = rotationDegrees; self.opacity = opacity; self.z = z; self.behavior = behavior; self.body = body
        self.page = page; self.action = action; self.longPressAction = longPressAction; self.text = text
    }

    public enum Appearance: Sendable, Equatable {
        case color(Color)
        case image(ImageReference)
        /// Nothing under the text: a caption or a price floating over the board.
        case clear
    }

    public var rotationRadians: Double { Math.radians(rotationDegrees) }
    public var shape: OrientedRect { OrientedRect(center: center, size: size, rotation: rotationRadians) }
}

/// Which discrete gestures a gadget reports.
public struct GestureSet: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let tap = GestureSet(rawValue: 1)
    public static let doubleTap = GestureSet(rawValue: 2)
    public static let longPress = GestureSet(rawValue: 4)
    public static let swipe = GestureSet(rawValue: 8)
    public static let all: GestureSet = [.tap, .doubleTap, .longPress, .swipe]
    public static let names: [(String, GestureSet)] = [("tap", .tap), ("doubleTap", .doubleTap), ("longPress", .longPress), ("swipe", .swipe)]
}

/// How a gadget responds to fingers.
public struct GadgetBehavior: Sendable, Equatable {
    public enum Lock: String, Sendable { case free, modal }
    public var movable = true
    public var scalable = true
    public var rotatable = true
    public var lock: Lock = .free
    public var inertia = true
    public var bounce = true
    public var doubleTapReset = true
    /// Placard style: grows while touched, springs back home on release.
    public var springHome = false
    public var minScale = 0.25
    public var maxScale = 4.0
    public var gestures: GestureSet = .all
    public init() {}
}

/// Per-gadget physical properties (UIKit Dynamics' UIDynamicItemBehavior).
public struct BodySettings: Sendable, Equatable {
    public enum Shape: String, Sendable { case rectangle, circle }
    /// Restitution for edge bounces and collisions: 0 no bounce … 1 fully elastic.
    public var elasticity = 0.85
    /// Tangential velocity kept on contact is × (1 − friction).
    public var friction = 0.0
    /// Linear velocity damping per second (0: none).
    public var resistance = 0.0
    /// Mass = area × density.
    public var density = 1.0
    /// Whether it collides with other colliding gadgets.
    public var collides = false
    public var shape: Shape = .rectangle
    public init() {}
}
