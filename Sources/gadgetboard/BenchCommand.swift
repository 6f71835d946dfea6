import ArgumentParser
import GadgetApp
import GadgetBench
import GadgetCore
import GadgetSystem

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Sprite benchmark comparable to SDL2's testsprite2: N bouncing alpha-blended sprites, every frame finished.",
        discussion: """
            Reports fps, frame time p50/p95/p99/max, CPU ns per sprite (simulation + batching, \
            excluding the driver), draw calls per frame and heap allocations per frame in steady \
            state. --floor draws the same sprites from a static vertex buffer in one draw call: \
            the driver's limit. See docs/BENCHMARKS.md and bench/compare-sdl.sh.
            """)

    @Option(help: "Number of sprites.")
    var sprites = 10_000

    @Option(help: "Sprite side in pixels (testsprite2's icon is 32).")
    var spriteSize = 32

    @Option(help: "Headless framebuffer size WxH.")
    var size = PixelSize(1280, 720)

    @Option(help: "Measure N frames after the warm-up (default: measure for --duration seconds).")
    var frames: Int?

    @Option(help: "Seconds to measure when --frames is not given.")
    var duration: Double = 10

    @Option(help: "Frames drawn before measuring.")
    var warmup = 20

    @OptionGroup var output: BenchDisplayArguments

    @Flag(help: "Draw the same sprites from a static vertex buffer in one draw call (the driver's limit).")
    var floor = false

    @Option(help: "Seed of the sprites' places and velocities.")
    var seed: UInt64 = 1

    @Flag(help: "Draw the frame-time HUD over the sprites.")
    var hud = false

    @Option(help: "Write a PNG of the last frame here.")
    var screenshot: String?

    @Flag(help: "Leave glibc's heap trimming at its defaults (by default bench keeps freed memory: see docs/BENCHMARKS.md).")
    var defaultMalloc = false

    @Flag(help: "Print the report as JSON (with every frame time) on stdout.")
    var json = false

    func validate() throws {
        guard sprites >= 0 else { throw ValidationError("--sprites: must be 0 or more") }
        guard spriteSize >= 1, spriteSize <= 1024 else { throw ValidationError("--sprite-size: must be 1…1024") }
        if let frames, frames < 1 { throw ValidationError("--frames: must be at least 1") }
        guard duration > 0 else { throw ValidationError("--duration: must be greater than 0") }
        guard warmup >= 0 else { throw ValidationError("--warmup: must be 0 or more") }
    }

    /// What the bench is asked to measure, from the arguments.
    var options: BenchOptions {
        var o = BenchOptions()
        o.sprites = sprites
        o.spriteSize = spriteSize
        o.size = size
        o.frames = frames
        o.duration = duration
        o.warmupFrames = warmup
        output.apply(to: &o)
        o.floor = floor
        o.seed = seed
        o.hud = hud
        o.screenshotPath = screenshot
        o.keepFreedMemory = !defaultMalloc
        return o
    }

    func run() throws {
        let result: BenchResult
        do { result = try SpriteBench.run(options) } catch { throw failWith("bench: \(error)") }
        if json {
            StandardOutput.line(JSONWriter.write(result.json))
        } else {
            for line in result.lines { StandardOutput.line(line) }
        }
    }
}
