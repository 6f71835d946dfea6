import ArgumentParser
import GadgetApp
import GadgetBench
import GadgetCore
import GadgetSystem

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks: sprites comparable to SDL2's testsprite2 (default), the demo board through the kiosk loop, or page swipes.",
        discussion: """
            --workload sprites: N bouncing alpha-blended sprites, every frame finished. Reports \
            fps, frame time p50/p95/p99/max, CPU ns per sprite (simulation + batching, excluding \
            the driver), draw calls per frame and heap allocations per frame in steady state. \
            --floor draws the same sprites from a static vertex buffer in one draw call: the \
            driver's limit. See bench/compare-sdl.sh.

            --workload board: the demo board (1920x1080 by default) in the kiosk loop, frames \
            drawn as fast as they finish, with a scripted finger on a synthetic touch screen read \
            by the input thread: a drag round a circle (--frames N measured frames after \
            --warmup), a flick, then idle. Reports fps, CPU ms per frame (whole process), frame \
            time p50/p99 and the fraction of the screen redrawn, per phase and overall, and the \
            frames drawn while idle. --full-redraw turns damage tracking off. See \
            bench/compare-board.sh and docs/BENCHMARKS.md.

            --workload pages (headless only): page swipes through the kiosk loop on a generated \
            three-page board (1920x1080 by default): --frames N flicks (default 20), two forward \
            then two back, each followed by 1.5 s to settle. Reports the page changes seen, \
            frames, CPU ms per frame and the fraction of the screen redrawn; --full-redraw for \
            the comparison.

            --workload text --board FILE (headless only): the text gadgets of FILE (see \
            bench/make-text-board.py) one label at a time, in process CPU: building the scene, \
            --frames N setText operations (default 50), sharpenText after each of the first N \
            labels is pinched to 4x, and bare renders of every label at 32 px. See docs/text.md.
            """)

    @Option(help: "sprites, board, pages (page swipes on a generated three-page board; --frames: the number of swipes, default 20) or text (per-label text costs; --frames: the number of operations, default 50).")
    var workload: BenchWorkloadKind = .sprites

    @Option(help: "Board file to measure instead of the demo board (board).")
    var board: String?

    @Option(help: "Number of sprites (sprites).")
    var sprites = 10_000

    @Option(help: "Sprite side in pixels (sprites; testsprite2's icon is 32).")
    var spriteSize = 32

    @Option(help: "Headless framebuffer size WxH (default: 1280x720 for sprites, 1920x1080 for board).", transform: PixelSize.argument)
    var size: PixelSize?

    @Option(help: "Measure N frames after the warm-up (sprites default: measure for --duration seconds; board: drag frames, default 600).")
    var frames: Int?

    @Option(help: "Seconds to measure when --frames is not given (sprites).")
    var duration: Double = 10

    @Option(help: "Frames drawn before measuring.")
    var warmup = 20

    @OptionGroup var output: BenchDisplayArguments

    @Flag(help: "Draw the same sprites from a static vertex buffer in one draw call (sprites: the driver's limit).")
    var floor = false

    @Flag(help: "Redraw the whole frame every time, no damage tracking (board; as run --full-redraw).")
    var fullRedraw = false

    @Option(help: "Touch reports per second while a finger is down (board).")
    var touchRate: Double = 1000

    @Option(help: "Seed of the sprites' places and velocities (sprites).")
    var seed: UInt64 = 1

    @Flag(help: "Draw the frame-time HUD (board: the loop then draws while idle too).")
    var hud = false

    @Option(help: "Write a PNG of the last frame here.")
    var screenshot: String?

    @Flag(help: "Leave glibc's heap trimming at its defaults (sprites; by default it keeps freed memory, board runs as the kiosk does: see docs/BENCHMARKS.md).")
    var defaultMalloc = false

    @Flag(inversion: .prefixedNo, help: "Draw all-white sprites with the program without a colour varying, as the kiosk does (sprites; --no-white-program measures what that variant saves: docs/BENCHMARKS.md).")
    var whiteProgram = true

    @Flag(help: "Print the report as JSON (with every frame time) on stdout.")
    var json = false

    func validate() throws {
        guard sprites >= 0 else { throw ValidationError("--sprites: must be 0 or more") }
        guard spriteSize >= 1, spriteSize <= 1024 else { throw ValidationError("--sprite-size: must be 1…1024") }
        if let frames, frames < 1 { throw ValidationError("--frames: must be at least 1") }
        guard duration > 0 else { throw ValidationError("--duration: must be greater than 0") }
        guard warmup >= 0 else { throw ValidationError("--warmup: must be 0 or more") }
        switch workload {
        case .sprites:
            if fullRedraw { throw ValidationError("--full-redraw: only with --workload board") }
            if board != nil { throw ValidationError("--board: only with --workload board") }
        case .text:
            if board == nil { throw ValidationError("--workload text: give --board FILE (a board with text gadgets: bench/make-text-board.py)") }
            if floor || fullRedraw || !whiteProgram { throw ValidationError("--floor, --full-redraw, --no-white-program: not with --workload text") }
            if output.display == .kms { throw ValidationError("--display kms: --workload text runs headless only") }
        case .board, .pages:
            if workload == .pages, board != nil { throw ValidationError("--board: only with --workload board") }
            if floor { throw ValidationError("--floor: only with --workload sprites") }
            if !whiteProgram { throw ValidationError("--no-white-program: only with --workload sprites") }
            if workload == .pages, output.display == .kms { throw ValidationError("--display kms: --workload pages runs headless only") }
            guard touchRate >= 10, touchRate <= 10_000 else { throw ValidationError("--touch-rate: must be 10…10000 reports per second") }
        }
    }

    /// What the bench is asked to measure, from the arguments.
    var options: BenchOptions {
        var o = BenchOptions()
        o.sprites = sprites
        o.spriteSize = spriteSize
        o.size = size ?? PixelSize(1280, 720)
        o.frames = frames
        o.duration = duration
        o.warmupFrames = warmup
        output.apply(to: &o)
        o.floor = floor
        o.seed = seed
        o.hud = hud
        o.screenshotPath = screenshot
        o.keepFreedMemory = !defaultMalloc
        o.whiteProgram = whiteProgram
        // A debugging aid, not an option: the stacks of render-thread allocations (docs/BENCHMARKS.md).
        o.traceAllocations = ProcessEnvironment.current()["GADGETBOARD_MALLOC_TRACE"] == "1"
        return o
    }

    /// What the board workload is asked to measure, from the arguments.
    var boardOptions: BoardBenchOptions {
        var o = BoardBenchOptions()
        o.boardPath = board
        if let size { o.size = size }
        if let frames { o.frames = frames }
        o.warmupFrames = warmup
        o.fullRedraw = fullRedraw
        o.touchRate = touchRate
        o.display = output.display
        o.card = output.card
        o.connector = output.connector
        o.mode = output.mode?.text
        o.hud = hud
        o.screenshotPath = screenshot
        return o
    }

    func run() throws {
        let json: JSONValue, lines: [String]
        switch workload {
        case .sprites:
            let result: BenchResult
            do { result = try SpriteBench.run(options) } catch { throw failWith("bench: \(error)") }
            (json, lines) = (result.json, result.lines)
        case .board:
            let result: BoardBenchResult
            do { result = try BoardBench.run(boardOptions) } catch {
                StandardError.line("bench: \(error)")
                if case .kiosk(let status) = error { throw ExitCode(status) }
                throw ExitCode(1)
            }
            (json, lines) = (result.json, result.lines)
        case .text:
            var o = TextBench.Options()
            o.boardPath = board ?? ""
            if let size { o.size = size }
            if let frames { o.operations = frames }
            let result: TextBenchResult
            do { result = try TextBench.run(o) } catch { throw failWith("bench: \(error)") }
            (json, lines) = (result.json, result.lines)
        case .pages:
            var o = PageSwipeBench.Options()
            if let size { o.size = size }
            if let frames { o.swipes = frames }
            o.fullRedraw = fullRedraw
            o.touchRate = touchRate
            let result: PageSwipeBench.Result
            do { result = try PageSwipeBench.run(o) } catch {
                StandardError.line("bench: \(error)")
                if case .kiosk(let status) = error { throw ExitCode(status) }
                throw ExitCode(1)
            }
            (json, lines) = (result.json, result.lines)
        }
        if self.json {
            StandardOutput.line(JSONWriter.write(json))
        } else {
            for line in lines { StandardOutput.line(line) }
        }
    }
}
