import ArgumentParser
import GadgetBench

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Soak benchmark: the live kiosk loop headless for a long time, with seeded random touches through the real input path.",
        discussion: """
            Taps, drags, pinches, flicks and three-finger noise are written as raw multitouch \
            events into a FIFO that the input thread reads as a touch screen. Every --interval \
            seconds it samples RSS, open file descriptors, the heap (mallinfo2) and the frame \
            times of the interval. Writes DIR/soak.json and DIR/soak.png (bench/plot-soak.py, \
            matplotlib) and prints PASS/FAIL against the targets: after the first minute RSS \
            grows by less than 1 MB, open fds stay constant, the p99 frame time does not drift. \
            See docs/BENCHMARKS.md.
            """)

    @Argument(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @Option(help: "Seconds to run.")
    var duration: Double = 1800

    @Option(help: "Seed of the touches.")
    var seed: UInt64 = 1

    @Option(help: "Seconds between samples.")
    var interval: Double = 10

    @Option(help: "Directory for soak.json and soak.png (created if missing).")
    var out = "soak"

    @Option(help: "Plotting script run as `python3 SCRIPT soak.json soak.png`.")
    var plot = "bench/plot-soak.py"

    @Flag(help: "Do not plot.")
    var noPlot = false

    func validate() throws {
        guard duration > 0 else { throw ValidationError("--duration: must be greater than 0") }
        guard interval >= 0.1, interval <= duration else { throw ValidationError("--interval: must be at least 0.1 and at most --duration") }
    }

    /// What the soak is asked to do, from the arguments.
    var options: SoakOptions {
        var o = SoakOptions()
        o.boardPath = board
        o.duration = duration
        o.seed = seed
        o.interval = interval
        o.outDirectory = out
        o.plotScript = noPlot ? nil : plot
        return o
    }

    func run() throws {
        let code = Soak.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}
