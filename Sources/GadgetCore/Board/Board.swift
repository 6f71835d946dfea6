/// A gadget board as the board file describes it: the canvas, its background and its gadgets in
/// their home (initial) state, plus board-wide settings. A value type: the running state of each
/// gadget lives in the simulation, which starts from this.
public struct Board: Sendable, Equatable {
    /// The canvas in pixels; gadget coordinates are canvas pixels.
    public var size: Size2
    public var background: Background
    /// Gadgets sorted by drawing order (lowest `z` first; file order breaks ties): the shared
    /// ones and, on a paged board, every page's (`Gadget.page` says which).
    public var gadgets: [Gadget]
    /// The pages, in swipe order; the first is shown at start. Empty: one page, as before pages.
    public var pages: [BoardPage] = []
    /// 0, 90, 180 or 270: one setting that turns the display and the touch mapping together.
    public var rotation: DisplayRotation
    public var touch: TouchSettings
    public var physics: PhysicsSettings
    public var idle: IdleSettings
    /// Gesture thresholds overridden by the board, by constant name (see `GestureThresholds`).
    public var thresholdOverrides: [ThresholdOverride]
    /// `"lang"`: the language of every text that does not give its own (`TextStyle.language`).
    public var language: String?
    /// Live-data sources and the clock's locale (`"sources"`, `"locale"`; docs/live-data.md).
    public var data = BoardData()
    /// Time zone, opening hours, pages by the time of day, the attract loop (docs/schedule.md).
    public var schedule = BoardSchedule()
    /// The board's volume, its named sounds and its tap sound (`"volume"`, `"sounds"`, `"tapSound"`).
    public var audio = BoardAudio()
    /// The keyboards' xkb layouts (`"keyboard"`); nil: not given (`["us"]` where one is needed).
    public var keyboard: BoardKeyboard?
    /// The forms fields are submitted in (`"forms"`; docs/typing.md).
    public var forms: [BoardForm] = []
    /// `"focusOrder"` and `"accessibility"` (docs/accessibility.md).
    public var accessibility = BoardAccessibility()

    public init(size: Size2, background: Background = .color(Color(r: 0.12, g: 0.14, b: 0.19)), gadgets: [Gadget] = [],
                rotation: DisplayRotation = .none, touch: TouchSettings = TouchSettings(), physics: PhysicsSettings = PhysicsSettings(),
                idle: IdleSettings = IdleSettings(), thresholdOverrides: [ThresholdOverride] = []) {
        self.size = size; self.background = background; self.gadgets = gadgets; self.rotation = rotation
        self.touch = touch; self.physics = physics; self.idle = idle; self.thresholdOverrides = thresholdOverrides
    }

    public enum Background: Sendable, Equatable {
        case color(Color)
        /// An image stretched over the canvas; `fill` shows in the letterbox bars around it.
        case image(ImageReference, fill: Color)

        /// The colour of the letterbox area when the display's aspect differs from the board's.
        public var fillColor: Color {
            switch self {
            case .color(let c): return c
            case .image(_, let fill): return fill
            }
        }
    }

    /// Every image the board references, with where it is referenced (for error messages).
    public var imageReferences: [ImageReference] {
        var refs: [ImageReference] = []
        if case .image(let ref, _) = background { refs.append(ref) }
        for g in gadgets { if case .image(let ref) = g.appearance { refs.append(ref) } }
        return refs
    }

    public func gadget(id: String) -> Gadget? { gadgets.first { $0.id == id } }

    /// The index in `pages` of the page with this id.
    public func pageIndex(id: String) -> Int? { pages.firstIndex { $0.id == id } }
    /// The board with gadget `id`'s text string replaced (its style kept); nil when there is no
    /// such gadget or it has no text. What a live text change keeps so a rebuilt scene shows it.
    public func settingText(_ string: String, gadget id: String) -> Board? {
        guard let i = gadgets.firstIndex(where: { $0.id == id }), gadgets[i].text != nil else { return nil }
        var board = self
        board.gadgets[i].text?.style.string = string
        return board
    }
}

/// A path to an image, relative to the board file, and the JSON path that named it.
public struct ImageReference: Sendable, Hashable {
    public var path: String
    public var jsonPath: String
    public init(path: String, jsonPath: String) { self.path = path; self.jsonPath = jsonPath }
}

/// One board-file override of a gesture threshold.
public struct ThresholdOverride: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var jsonPath: String
    public init(name: String, value: Double, jsonPath: String) { self.name = name; self.value = value; self.jsonPath = jsonPath }
}

/// Display rotation, clockwise, in quarter turns.
public enum DisplayRotation: Int, Sendable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270
    public var degrees: Int { rawValue }
    public var isQuarterTurn: Bool { self == .quarter || self == .threeQuarters }
}

/// How touch coordinates reach the board.
public struct TouchSettings: Sendable, Equatable {
    /// libinput's LIBINPUT_CALIBRATION_MATRIX, row-major [a b c; d e f], in normalised
    /// coordinates: x' = a·x + b·y + c, y' = d·x + e·y + f with x, y in 0...1.
    public var calibration: [Double]
    /// Panel pixel density, for the point unit (1 pt = ppi / 163 px). nil: 1 px per pt.
    public var ppi: Double?
    public init(calibration: [Double] = [1, 0, 0, 0, 1, 0], ppi: Double? = nil) { self.calibration = calibration; self.ppi = ppi }
    /// Device pixels per point.
    public var pixelsPerPoint: Double { ppi.map { $0 / 163 } ?? 1 }
}

/// Board-level simulation settings (UIKit Dynamics-style).
public struct PhysicsSettings: Sendable, Equatable {
    /// Gravity in pt/s²; 1000 is UIKit's magnitude 1. Zero: no gravity.
    public var gravity: Vector2
    /// Fixed simulation steps per second.
    public var stepRate: Double
    /// Inertia damping, UIScrollView's deceleration rate per millisecond.
    public var decelerationRate: Double
    /// Let an accelerometer (INPUT_PROP_ACCELEROMETER) set gravity's direction.
    public var accelerometer: Bool
    /// Spring home (springHome gadgets): stiffness for unit mass, 1/s², and damping ratio; nil
    /// keeps `SimulationTuning`'s defaults (100 and 0.5, Core Animation's spring).
    public var springStiffness: Double? = nil
    public var springDampingRatio: Double? = nil
    public init(gravity: Vector2 = .zero, stepRate: Double = 120, decelerationRate: Double = 0.998, accelerometer: Bool = false) {
        self.gravity = gravity; self.stepRate = stepRate; self.decelerationRate = decelerationRate; self.accelerometer = accelerometer
    }
}

/// What an untouched kiosk does: return to its home page after `returnAfterSeconds`, and blank
/// (with wake-on-touch) after `blankAfterMinutes`. Both may be set; each counts from the last touch.
public struct IdleSettings: Sendable, Equatable {
    public enum Mode: String, Sendable { case dpms, black }
    /// Minutes without a touch before blanking; nil: never blank.
    public var blankAfterMinutes: Double?
    public var mode: Mode
    /// The page to return to (a paged board; nil: the first page).
    public var homePage: String?
    /// Seconds without a touch before the home page is shown again and its gadgets reset to their
    /// board poses (on a board without pages: every gadget); nil: never.
    public var returnAfterSeconds: Double?
    public init(blankAfterMinutes: Double? = nil, mode: Mode = .dpms, homePage: String? = nil, returnAfterSeconds: Double? = nil) {
        self.blankAfterMinutes = blankAfterMinutes; self.mode = mode; self.homePage = homePage; self.returnAfterSeconds = returnAfterSeconds
    }
}
