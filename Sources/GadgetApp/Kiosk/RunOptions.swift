import GadgetAudio
import GadgetCore
import GadgetDisplay
import GadgetInput
import Logging

/// What `gadgetboard run` was asked to do.
public struct RunOptions: Sendable {
    public enum DisplayChoice: String, Sendable, CaseIterable { case auto, kms, headless, window }

    public var boardPath: String?
    /// Where the demo board's art is kept between runs when `boardPath` is nil: the user's cache
    /// directory (`DemoArtCache.user()`); tests give one under /tmp, so they never write the
    /// user's own.
    public var demoArtCache: DemoArtCache? = DemoArtCache.user()
    public var display: DisplayChoice = .auto
    public var card: String?
    public var connector: String?
    /// `WxH` or `WxH@Hz`.
    public var mode: String?
    public var forceLegacyModeset = false
    /// Overrides the board's rotation.
    public var rotation: DisplayRotation?
    /// Explicit input devices; empty: discover.
    public var inputPaths: [String] = []
    public var grabInput = false
    /// Opens each input path; nil: the real device through libevdev (`EvdevDevice`).
    /// `gadgetboard soak` sets it to read raw events from FIFOs it writes touches into.
    public var inputOpener: InputThread.Opener?
    public var frames: Int?
    /// Draw a frame every refresh (headless: every 16.7 ms) even when nothing moves, so frame
    /// times measure the renderer and not the pauses between touches (`gadgetboard soak`).
    public var drawContinuously = false
    /// Headless: space animation frames `FramePacing.headlessFrameInterval` apart (true), or draw
    /// the next one as soon as the last is finished (false: `bench --workload board` measures
    /// what a frame costs, not a cadence).
    public var paceHeadless = true
    public var duration: Double?
    public var statsPath: String?
    /// `--video-flip-log`: each video picture's flip time, written at exit (`VideoFlipLog`).
    public var videoFlipLogPath: String?
    public var statePath: String?
    public var screenshotPath: String?
    public var metricsPath: String?
    public var hud = false
    /// Gesture events as JSON Lines on stdout.
    public var eventsToStdout = false
    /// Headless framebuffer size (default: the panel's, `BoardViewport.panelSize`: the board's
    /// size, turned by a quarter-turn rotation).
    public var headlessSize: PixelSize?
    /// `--display window`: the window's drawable size at start, pixels (default: the board's).
    public var windowSize: PixelSize?
    /// Install the SIGHUP/SIGTERM/SIGINT handlers (process-wide: tests running several kiosks
    /// in one process turn this off).
    public var handleSignals = true
    /// Redraw the whole frame every time, no damage tracking (`--full-redraw`: comparisons, bug
    /// reports).
    public var fullRedraw = false
    /// Also draw every frame fully off screen and compare it with the damage-tracked frame, pixel
    /// for pixel (`--verify-damage`: the identity test; slow).
    public var verifyDamage = false
    /// `--dump-frames DIR`: every presented frame as a PNG in DIR, up to `dumpFramesLimit`
    /// (`FrameDump`; tests of what reached the screen).
    public var dumpFramesDirectory: String?
    public var dumpFramesLimit = 600
    /// `--show-problems`: draw a refused reload's problems over the board on KMS and headless
    /// too (the window preview always does; visitors of a kiosk should not see them).
    public var showProblems = false
    /// `--control PATH`: the control socket (docs/control.md); nil: none.
    public var controlSocketPath: String?
    /// The control socket's bounds (tests lower them).
    public var controlSocketLimits = ControlSocketLimits()
    /// More control endpoints (`--mqtt`), each made when the loop starts; the loop executes their
    /// requests like the socket's.
    public var controlEndpointFactories: [@Sendable () throws -> any ControlEndpoint] = []
    /// Watch the board's directory and reload on a save (`--no-watch` turns it off).
    public var watchBoard = true
    /// `--cec DEVICE`: the TV is switched with the schedule over HDMI-CEC through this adapter
    /// (the kernel CEC API, e.g. /dev/cec0); nil: no CEC.
    public var cecDevice: String?
    /// `--trust-clock`: act on the wall clock before the system says it is synchronised (a board
    /// with a real-time clock; the tests).
    public var trustClock = false
    /// Where the panel's backlight is found (`/sys/class/backlight`; tests point elsewhere).
    public var backlightRoot = "/sys/class/backlight"
    /// `--mqtt URL --node NAME …`: the kiosk as a client of the fleet's broker; nil: off.
    public var mqtt: MQTTOptions?
    /// Sound (`--audio DEVICE|none`, `--audio-out FILE.wav`); nil: no audio engine at all, no
    /// thread (in-process kiosk tests, `bench`, `soak`). The command line always gives one
    /// (`--audio default` unless told otherwise).
    public var audio: AudioOptions?
    /// `--state-dir DIR`: where what must outlive the process is kept (the forms spool,
    /// `DIR/forms/spool`); nil: nothing is kept, forms cannot be submitted (in-process tests,
    /// `bench`, `soak`). The command line always gives one (`/var/lib/gadgetboard` by default).
    public var stateDirectory: String?
    /// A form submission's whole HTTP exchange, ms, and the first wait after a failed attempt,
    /// µs (doubling to a minute). Hidden options: the outage test (Tests/forms) shortens them so
    /// a thousand submissions through a misbehaving server fit in a minute.
    public var formTimeoutMilliseconds = 10_000
    public var formRetryInitial: Microseconds = 500_000
    /// `--speech auto|on|off` (docs/accessibility.md).
    public var speech: SpeechChoice = .auto
    /// Where the video players' lines go (`render: video: …`); tests capture them here.
    public var videoLogger: Logger = Loggers.render

    public init() {}
}

extension RunOptions {
    /// Whether `text` is a `mode` KMS accepts, `WxH` or `WxH@Hz` (`ModeRequest`'s grammar), so the
    /// command line can refuse a malformed `--mode` while parsing, before any device opens.
    public static func isModeText(_ text: String) -> Bool {
        ModeRequest(parsing: text) != nil
    }
}
