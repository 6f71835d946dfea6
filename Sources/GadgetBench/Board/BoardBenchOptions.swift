import GadgetApp
import GadgetCore

/// What `gadgetboard bench --workload board` was asked to measure.
public struct BoardBenchOptions: Sendable {
    /// A board file to measure instead of the demo board (`--board`).
    public var boardPath: String?
    /// Where the demo board's art is kept between runs (`RunOptions.demoArtCache`).
    public var demoArtCache: DemoArtCache? = DemoArtCache.user()
    /// Headless framebuffer size; on KMS the mode decides.
    public var size = PixelSize(1920, 1080)
    /// Drag frames measured after the warm-up (the flick and idle phases last as long as their
    /// touches and glide take).
    public var frames = 600
    /// Drag frames drawn before measuring (shader compilation, first touch of buffers, caches).
    public var warmupFrames = 20
    /// Redraw the whole frame every time (`run --full-redraw`): the comparison.
    public var fullRedraw = false
    /// Touch reports per second while a finger is down. Faster than the frame rate, so every
    /// frame of the drag shows the gadget moved (a frame with no new touch costs nothing under
    /// damage tracking and would flatter the mean).
    public var touchRate = 1000.0
    /// From the flick's lift to the idle phase: long enough for the gadget to glide to a stop.
    public var glideAllowance: Microseconds = BoardBenchScript.defaultGlideAllowance
    /// The idle phase: no touches.
    public var idleDuration: Microseconds = BoardBenchScript.defaultIdleDuration
    public var display: BenchOptions.DisplayChoice = .headless
    public var card: String?
    public var connector: String?
    public var mode: String?
    /// Draws the kiosk's HUD (the loop then draws while idle too).
    public var hud = false
    /// Writes the last frame as PNG here.
    public var screenshotPath: String?
    /// Installs the kiosk's SIGTERM/SIGINT/SIGHUP handlers (tests running in one process turn
    /// this off).
    public var handleSignals = true

    public init() {}
}
