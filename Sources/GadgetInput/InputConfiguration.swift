import GadgetCore

/// What the input thread reads and how touches reach the board.
public struct InputConfiguration: Sendable {
    /// `--input PATH`…: exactly these devices (reopened if they come back after unplugging).
    /// Empty: every evdev node in `directory` that is a touch screen, mouse or pointer.
    public var paths: [String]
    public var directory: String
    /// Exclusive access (EVIOCGRAB): the console and other readers see nothing.
    public var grab: Bool
    public var mapping: InputMapping

    public init(paths: [String] = [], directory: String = "/dev/input", grab: Bool = false, mapping: InputMapping) {
        self.paths = paths; self.directory = directory; self.grab = grab; self.mapping = mapping
    }
}

/// How the input thread maps device coordinates to the board (see `TouchMapping`). Mapping
/// happens on the input side, so the main loop receives board pixels and never needs a device's
/// axis ranges; likewise an accelerometer's reading becomes board gravity there.
public struct InputMapping: Sendable, Equatable {
    public var board: Size2
    /// LIBINPUT_CALIBRATION_MATRIX's six values (board file `touch.calibration`).
    public var calibration: [Double]
    /// Used when `viewport` is nil (the board stretched over the panel).
    public var rotation: DisplayRotation
    /// The renderer's fit of the board on the display; set it for a real display so the touch
    /// is the exact inverse of the picture (letterboxing included).
    public var viewport: BoardViewport?
    /// Set when an accelerometer steers the board's gravity (`physics.accelerometer`): its
    /// reports then become `.gravity` messages. nil: accelerometers are announced, nothing more.
    public var gravity: GravityMapping?

    public init(board: Size2, calibration: [Double] = [1, 0, 0, 0, 1, 0], rotation: DisplayRotation = .none, viewport: BoardViewport? = nil,
                gravity: GravityMapping? = nil) {
        self.board = board; self.calibration = calibration; self.rotation = rotation; self.viewport = viewport; self.gravity = gravity
    }

    /// The rotation the board is drawn with.
    var displayRotation: DisplayRotation { viewport?.rotation ?? rotation }
}

/// What turning an accelerometer's reading into board gravity needs from the board.
public struct GravityMapping: Sendable, Equatable {
    /// The board's gravity, px/s²: the direction before the first report, and the magnitude
    /// kept (zero: UIKit's 1000 pt/s², see `AccelerometerGravity`).
    public var initial: Vector2
    /// Board pixels per point, for that default magnitude.
    public var pointsToPixels: Double

    public init(initial: Vector2, pointsToPixels: Double = 1) {
        self.initial = initial; self.pointsToPixels = pointsToPixels
    }
}
