import Testing
import GadgetSystem
@testable import GadgetBench
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

@Suite(.serialized) struct SpriteBenchTests {
    func options(sprites: Int = 300, floor: Bool = false) -> BenchOptions {
        var o = BenchOptions()
        o.sprites = sprites
        o.spriteSize = 16
        o.size = PixelSize(200, 120)
        o.frames = 12
        o.warmupFrames = 3
        o.floor = floor
        // A stray allocation then carries its call stack into the test's output.
        o.traceAllocations = true
        return o
    }

    /// The tracer records where a render-thread allocation came from (here a Swift object:
    /// swift_allocObject → swift_slowAlloc → malloc), so a stray one names its caller. In this
    /// serialized suite: watching this thread would steal another bench run's watched thread.
    @Test func tracerRecordsTheStackOfAWatchedAllocation() {
        final class Box { var value: Int; init(_ v: Int) { value = v } }
        #expect(AllocationCounter.install())
        AllocationCounter.watchThisThread()
        AllocationCounter.startTrace()
        let box = Box(7)
        let stacks = AllocationCounter.stopTrace()
        #expect(box.value == 7)
        #expect(stacks.count >= 1)
        #expect(stacks.first?.contains("swift_slowAlloc") == true, "\(stacks)")
    }

    @Test func batchedRunIsOneDrawCallAndAllocatesNothingPerFrame() throws {
        let r = try SpriteBench.run(options())
        #expect(r.frames == 12)
        #expect(r.frameTimes.totalCount == 12)
        #expect(r.trace.count == 12)
        #expect(r.fps > 0)
        #expect(r.drawCallsPerFrame == 1)
        #expect(r.cpuNanosecondsPerFrame > 0)
        // The render thread's own count: other tests' threads allocate in this process too.
        #expect(BenchTestLimits.noPerFrameAllocation(r))
        #expect(r.mode == "batched")
    }

    @Test func floorIsOneDrawCallWithNoCPUWork() throws {
        let r = try SpriteBench.run(options(floor: true))
        #expect(r.drawCallsPerFrame == 1)
        #expect(r.mode == "floor")
        #expect(BenchTestLimits.noPerFrameAllocation(r))
        // How little CPU the floor costs is a figure for the benchmark (docs/BENCHMARKS.md), not
        // an assertion: a busy machine can preempt between any two clock reads.
    }

    /// The HUD adds exactly one draw call and, like the rest of the frame, allocates nothing.
    @Test func hudCostsOneDrawCallAndNoAllocation() throws {
        var o = options()
        o.hud = true
        let r = try SpriteBench.run(o)
        #expect(r.drawCallsPerFrame == 2)
        #expect(BenchTestLimits.noPerFrameAllocation(r))
    }

    @Test func moreSpritesThanOneDrawCallHoldsSplit() throws {
        let n = SpriteBatcher.maximumQuadsPerDraw + 100
        #expect(try SpriteBench.run(options(sprites: n)).drawCallsPerFrame == 2)
        #expect(try SpriteBench.run(options(sprites: n, floor: true)).drawCallsPerFrame == 2)
    }

    /// The frame really shows the sprites: icon pixels over testsprite2's grey.
    @Test func screenshotShowsSpritesOverGrey() throws {
        let dir = scratchDirectory("bench")
        var o = options(sprites: 40)
        o.screenshotPath = dir + "/shot.png"
        _ = try SpriteBench.run(o)
        let image = try PNGCodec.decode(try FileIO.read(o.screenshotPath!))
        var grey = 0, blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if p.r == 0xA0 && p.g == 0xA0 && p.b == 0xA0 { grey += 1 }
                if Int(p.b) > Int(p.r) + 60 { blue += 1 }
            }
        }
        #expect(grey > image.width * image.height / 2)
        #expect(blue > 40 * 16)   // every sprite has well over 16 blue pixels
    }

    @Test func jsonReportCarriesEveryFigure() throws {
        let r = try SpriteBench.run(options())
        let j = r.json
        for key in ["fps", "frameTime", "cpuNsPerSprite", "drawCallsPerFrame", "heapAllocationsPerFrame", "frameTimesMs"] {
            #expect(j[key] != nil, "missing \(key)")
        }
        if case .array(let times)? = j["frameTimesMs"] { #expect(times.count == 12) } else { Issue.record("frameTimesMs") }
    }
}

enum BenchTestLimits {
    /// Nothing is allocated per frame on the render thread. One stray allocation over the 12
    /// measured frames is tolerated: in the full suite on a loaded machine one was seen once in
    /// about ten runs (a runtime or driver allocation on the render thread at an unpredictable
    /// moment, not reproduced alone); an allocation per frame would count 12 or more. Any seen
    /// is printed with its call stack (the options trace), so the next one names its cause.
    static func noPerFrameAllocation(_ r: BenchResult) -> Bool {
        guard let n = r.renderThreadAllocations else { return false }
        for (i, stack) in r.renderThreadAllocationStacks.enumerated() {
            print("SpriteBenchTests: render-thread allocation \(i + 1) of \(n) (\(r.mode)):\n\(stack)")
        }
        return n <= 1 && n < r.frames
    }
}
