import ArgumentParser
import GadgetApp
import GadgetCore

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a board as a kiosk: on the display (KMS), with touch, until stopped.")

    @Argument(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @Option(help: "auto (KMS if a usable card exists, else headless), kms or headless.")
    var display: RunOptions.DisplayChoice = .auto

    @Option(help: "DRM card to use (default: probe /dev/dri/card* for one with a connected connector).")
    var card: String?

    @Option(help: "Connector by name, e.g. HDMI-A-1, DSI-1.")
    var connector: String?

    @Option(help: "Display mode WxH or WxH@Hz (default: the connector's preferred mode).")
    var mode: String?

    @Flag(help: "Use legacy modesetting (drmModeSetCrtc/PageFlip) even when atomic is available.")
    var legacy = false

    @Option(help: "Display and touch rotation 0|90|180|270 (default: the board's).")
    var rotation: Int?

    @Option(name: .customLong("input"), help: "Input device (repeatable; default: discover touchscreens and mice).")
    var inputs: [String] = []

    @Flag(help: "Grab input devices exclusively (EVIOCGRAB).")
    var grab = false

    @Option(help: "Exit after presenting N frames (draws continuously).")
    var frames: Int?

    @Option(help: "Exit after S seconds.")
    var duration: Double?

    @Option(help: "Write frame statistics (JSON) here at exit.")
    var stats: String?

    @Option(help: "Write the final gadget states (JSON) here at exit.")
    var state: String?

    @Option(help: "Write a PNG of the last presented frame here at exit.")
    var screenshot: String?

    @Option(help: "Prometheus textfile to rewrite every second.")
    var metrics: String?

    @Flag(help: "Draw the frame-time HUD.")
    var hud = false

    @Flag(help: "Write gesture events as JSON Lines on stdout.")
    var events = false

    @Option(help: "Headless framebuffer size WxH (default: the board's).")
    var size: String?

    func run() throws {
        var o = RunOptions()
        o.boardPath = board
        o.display = display
        o.card = card
        o.connector = connector
        o.mode = mode
        o.forceLegacyModeset = legacy
        if let rotation {
            guard let r = DisplayRotation(rawValue: rotation) else { throw failWith("--rotation: must be 0, 90, 180 or 270") }
            o.rotation = r
        }
        o.inputPaths = inputs
        o.grabInput = grab
        if let frames, frames < 1 { throw failWith("--frames: must be at least 1") }
        if let duration, !(duration > 0) { throw failWith("--duration: must be greater than 0") }
        o.frames = frames
        o.duration = duration
        o.statsPath = stats
        o.statePath = state
        o.screenshotPath = screenshot
        o.metricsPath = metrics
        o.hud = hud
        o.eventsToStdout = events
        if let size {
            guard let s = PixelSize(parsing: size) else { throw failWith("--size: expected WxH, e.g. 1280x720") }
            o.headlessSize = s
        }
        let code = Kiosk.run(o)
        if code != 0 { throw ExitCode(code) }
    }
}

extension RunOptions.DisplayChoice: ExpressibleByArgument {}
