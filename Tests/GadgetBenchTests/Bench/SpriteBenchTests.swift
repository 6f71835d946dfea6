import Testing
import GadgetSystem
@testable import GadgetApp
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

    /// The HUD's slow-frame paths allocate nothing either: amber and red bars, a graph of 8
    /// budgets, fps below 100 and longer figures. The bench's own runs draw none of them on an
    /// idle machine (every frame is green), so a loaded one would be the first to take them in
    /// measured frames. Flips are fed as the pacer notes them; the frame drawn is the real HUD.
    @Test func hudDrawsSlowFramesWithoutAllocating() throws {
        let display = try HeadlessDisplay(size: PixelSize(400, 240))   // wide enough for the whole graph
        var o = options()
        o.size = display.pixelSize
        o.hud = true
        let workload = try BenchWorkload(o, size: display.pixelSize)
        defer { workload.destroy() }
        var stats = FrameStatistics()
        var time: Microseconds = 1_000_000, sequence: UInt32 = 0
        func flip(after interval: Microseconds) {
            time += interval
            sequence += 1
            stats.framePresented()
            stats.flipped(FlipEvent(time: time, sequence: sequence))
        }
        func frame() throws {
            try display.beginFrame()
            _ = try workload.draw(stats: stats, refreshInterval: nil)
            try display.present()
        }
        for _ in 0..<20 { flip(after: 2_300) }
        #expect(AllocationCounter.install())
        AllocationCounter.watchThisThread()
        // One a vblank late (amber), one far over (red, the graph at 8 budgets), then slow frames
        // until the fps figure drops below 100. Made before measuring: the test's own array and
        // its iterator would count, as this thread is the watched one.
        let intervals: [Microseconds] = [25_000, 140_000, 90_000, 90_000, 90_000, 90_000, 90_000]
        for _ in 0..<3 { try frame() }   // warm-up: fast frames only
        AllocationCounter.startTrace()
        let before = AllocationCounter.read().oursOnWatchedThread
        for i in 0..<intervals.count {
            flip(after: intervals[i])
            try frame()
        }
        AllocationCounter.endTrace()
        let after = AllocationCounter.read().oursOnWatchedThread
        let stacks = AllocationCounter.stopTrace()
        for (i, stack) in stacks.enumerated() { print("SpriteBenchTests: HUD slow-frame allocation \(i + 1):\n\(stack)") }
        #expect(before != nil && after == before)
        // The slow paths really ran: the last frame shows red and amber bars.
        let image = try display.readPixels()
        var red = 0, amber = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if p.r > 240 && p.g < 90 && p.b < 80 { red += 1 }
                if p.r > 240 && p.g > 160 && p.g < 200 && p.b < 20 { amber += 1 }
            }
        }
        #expect(red > 20 && amber > 20, "red \(red), amber \(amber)")
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
    /// Nothing is allocated on the render thread in the measured frames: 0 in all 12, not merely
    /// fewer than one a frame. (A tolerance of one stray allocation in 12 frames, kept since one sighting at
    /// 1fcd978, is gone: the stray never came back in the current tree nor in 35 full-suite runs
    /// of that tree itself; docs/BENCHMARKS.md, "The stray allocation".) Any seen is printed
    /// with its call stack (the options trace), so a failure names its cause.
    static func noPerFrameAllocation(_ r: BenchResult) -> Bool {
        guard let n = r.renderThreadAllocations else { return false }
        for (i, stack) in r.renderThreadAllocationStacks.enumerated() {
            print("SpriteBenchTests: render-thread allocation \(i + 1) of \(n) (\(r.mode)):\n\(stack)")
        }
        return n == 0
    }
}
