import GadgetApp
import GadgetCore
import GadgetInput
import GadgetRender
import GadgetSystem
import Logging

/// What `gadgetboard soak` was asked to do.
public struct SoakOptions: Sendable {
    public var boardPath: String?
    /// Seconds.
    public var duration: Double = 1800
    public var seed: UInt64 = 1
    /// Seconds between samples.
    public var interval: Double = 10
    public var outDirectory = "soak"
    /// The plotting script (`bench/plot-soak.py`); nil: no plot.
    public var plotScript: String?
    public init() {}
}

/// `gadgetboard soak`: the live kiosk loop, headless, for a long time, with seeded random
/// touches arriving through the real input path (a FIFO read by the input thread as a touch
/// screen, raw `struct input_event`s, type-B multitouch), sampled every interval for leaks and
/// drift: RSS, open descriptors, the heap, frame-time percentiles. Writes `soak.json` (and
/// `soak.png` through the plot script) and prints a one-line PASS/FAIL against the targets.
/// Returns 0 when the run completed (whatever the verdict), 1 or 2 when it could not run.
public enum Soak {
    public static func run(_ options: SoakOptions, logger log: Logger = Loggers.soak) -> Int32 {
        let board: LoadedBoard
        switch BoardSource.load(options.boardPath) {
        case .failure(let problems):
            for p in problems.problems { Loggers.board.error("\(p)") }
            return 2
        case .success(let b): board = b
        }
        do { try FileIO.makeDirectory(options.outDirectory) } catch {
            log.error("--out: \(error)")
            return 2
        }

        // The touch screen covers the board one device unit per board pixel.
        let generator = SoakTouchGenerator(seed: options.seed, maxX: Int32(board.board.size.width.rounded()) - 1,
                                           maxY: Int32(board.board.size.height.rounded()) - 1)
        let screen: SyntheticTouchScreen<SoakTouchGenerator>
        do { screen = try SyntheticTouchScreen(tag: "soak", device: generator.deviceDescription, script: generator) } catch {
            log.error("\(error)")
            return 1
        }
        let writer = screen.writer
        let sampler = SoakSampler(interval: Microseconds(options.interval * 1_000_000), duration: Microseconds(options.duration * 1_000_000),
                                  reportsSent: { writer.reports })
        var run = RunOptions()
        run.boardPath = options.boardPath
        run.display = .headless
        // A second's margin, so the last sample (at exactly `duration`) lands inside the run.
        run.duration = options.duration + 1
        run.drawContinuously = true
        screen.attach(to: &run)
        do { try screen.start() } catch {
            log.error("touch writer: \(error)")
            return 1
        }
        log.info("\(options.duration) s on \(options.boardPath ?? DemoBoard.name), seed \(options.seed), a sample every \(options.interval) s; touches through \(screen.path)")
        var display = ""
        let code = Kiosk.run(run) { loop in
            display = loop.displaySummary
            sampler.begin(now: MonotonicClock.now())
            loop.iterationObserver = { loop, now in sampler.observe(loop, now: now) }
        }
        screen.stop()
        guard code == 0 else { return code }

        let report = SoakReport(options: options, display: display, samples: sampler.samples, quarters: sampler.quarters,
                                gestures: writer.script.gestures, writerError: writer.error)
        let jsonPath = options.outDirectory + "/soak.json"
        do { try FileIO.replace(jsonPath, with: JSONWriter.write(report.json) + "\n") } catch {
            log.error("\(error)")
            return 1
        }
        log.info("wrote \(jsonPath)")
        if let script = options.plotScript { plot(script: script, json: jsonPath, png: options.outDirectory + "/soak.png", log: log) }
        StandardOutput.line(report.summaryLine)
        return 0
    }

    /// Runs `python3 SCRIPT soak.json soak.png`; a missing script or matplotlib is reported, not
    /// fatal (the JSON is the result; the plot can be made later). Debian's /usr/bin/python3 is
    /// preferred: python3-matplotlib is installed for it, not for a pyenv or venv first on PATH.
    static func plot(script: String, json: String, png: String, log: Logger) {
        guard FileIO.exists(script) else {
            log.warning("no plot: \(script) not found (run it later: python3 bench/plot-soak.py \(json) \(png))")
            return
        }
        let python = FileIO.exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let argv = [python, script, json, png]
        let ended: ChildProcess.Termination
        do { ended = try ChildProcess.run(argv) } catch {
            log.warning("no plot: cannot start python3: \(error)")
            return
        }
        if ended.succeeded {
            log.info("wrote \(png)")
        } else {
            log.warning("plot failed (status \(ended.status)): \(argv.joined(separator: " "))")
        }
    }
}
