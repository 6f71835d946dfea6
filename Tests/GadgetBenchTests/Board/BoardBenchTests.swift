import Testing
import GadgetApp
import GadgetCore
@testable import GadgetBench

/// The demo board through the kiosk loop, headless and small, for a few dozen drag frames: the
/// report has every phase and the sprite bench's key names. No figure is asserted: a shared
/// machine decides those.
@Suite(.serialized) struct BoardBenchTests {
    static func options(fullRedraw: Bool = false) -> BoardBenchOptions {
        var o = BoardBenchOptions()
        // Under /tmp, never the user's ~/.cache (issue 35).
        o.demoArtCache = DemoArtCache.user(environment: ["XDG_CACHE_HOME": "/tmp/gadgetboard-tests-cache"])
        o.size = PixelSize(320, 180)
        o.frames = 30
        o.warmupFrames = 5
        o.fullRedraw = fullRedraw
        o.touchRate = 250
        o.handleSignals = false
        // Shorter than the glide: the shape of the report is under test, not the idle board.
        o.glideAllowance = 500_000
        o.idleDuration = 200_000
        return o
    }

    @Test func aShortRunReportsEveryPhase() throws {
        let r = try BoardBench.run(Self.options())
        #expect(r.phase(.drag).frames == 30)
        #expect(r.phase(.flick).frames > 0)
        #expect(r.overall.frames == r.phases.reduce(0) { $0 + $1.frames })
        #expect(r.phase(.drag).frameTimes.totalCount == 30)
        #expect(r.unrecordedFrames == 0)
        #expect((0...1).contains(r.overall.redrawnFraction))
        #expect(r.size == PixelSize(320, 180) && !r.fullRedraw)

        let j = r.json
        for key in ["fps", "frameTime", "processCpuMsPerFrame", "redrawnFraction", "idleFrames", "frames", "phases"] {
            #expect(j[key] != nil, "missing \(key)")
        }
        #expect(j["workload"] == .string("board"))
        for phase in BoardBenchPhase.allCases {
            let p = j["phases"]?[phase.name]
            for key in ["frames", "fps", "frameTime", "processCpuMsPerFrame", "redrawnFraction", "durationSeconds"] {
                #expect(p?[key] != nil, "\(phase.name): missing \(key)")
            }
        }
        #expect(j["phases"]?["drag"]?["frames"] == .number(30))
        #expect(r.lines.count == 5 && r.lines[0].contains("damage tracking"))
    }

    @Test func fullRedrawIsReported() throws {
        let r = try BoardBench.run(Self.options(fullRedraw: true))
        #expect(r.fullRedraw && r.json["fullRedraw"] == .bool(true))
        #expect(r.lines[0].contains("full redraw"))
    }
}
