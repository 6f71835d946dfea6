import ArgumentParser
import GadgetApp
import GadgetCore

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a board as a kiosk: on the display (KMS), with touch, until stopped.")

    @Argument(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @OptionGroup var output: DisplayArguments

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

    @Flag(help: "Redraw the whole screen every frame (no damage tracking).")
    var fullRedraw = false

    @Flag(help: "Check every damage-tracked frame against a full redraw drawn off screen (slow; for tests and bug reports).")
    var verifyDamage = false

    @Option(help: "Listen for control commands on this Unix socket (JSON Lines, docs/control.md), e.g. /run/gadgetboard/control.sock.")
    var control: String?

    @Flag(help: "Do not watch the board's directory (by default a saved board file or image reloads the board).")
    var noWatch = false

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames: must be at least 1") }
        if let duration, !(duration > 0) { throw ValidationError("--duration: must be greater than 0") }
    }

    /// What the kiosk is asked to do, from the arguments.
    var options: RunOptions {
        var o = RunOptions()
        o.boardPath = board
        output.apply(to: &o)
        o.frames = frames
        o.duration = duration
        o.statsPath = stats
        o.statePath = state
        o.screenshotPath = screenshot
        o.metricsPath = metrics
        o.hud = hud
        o.eventsToStdout = events
        o.fullRedraw = fullRedraw
        o.verifyDamage = verifyDamage
        o.controlSocketPath = control
        o.watchBoard = !noWatch
        return o
    }

    func run() throws {
        let code = Kiosk.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}
