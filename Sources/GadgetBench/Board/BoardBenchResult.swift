import GadgetCore

/// The report of one `gadgetboard bench --workload board` run: the figures of each phase and of
/// all measured frames together (the drag after its warm-up, the flick, the idle pause).
public struct BoardBenchResult {
    public var board: String
    public var display: String
    public var size: PixelSize
    public var fullRedraw: Bool
    public var touchRate: Double
    public var warmupFrames: Int
    /// Per phase, in `BoardBenchPhase` order.
    public var phases: [BoardBenchFigures]
    public var overall: BoardBenchFigures
    /// Frames drawn before the first touch (the board's first frame).
    public var startupFrames: Int
    /// Frames drawn but not recorded (the recorder's storage was full).
    public var unrecordedFrames: Int
    /// Process CPU from the last frame drawn before the idle phase (the flick's glide ending) to
    /// the end, ns, and that stretch's length, µs: what a board at rest costs.
    public var idleCPUNanoseconds: UInt64
    public var idleStretch: Microseconds

    public func phase(_ p: BoardBenchPhase) -> BoardBenchFigures { phases[p.rawValue] }
    public var idleFrames: Int { phase(.idle).frames }
    /// CPU while idle, ms per second of idling.
    public var idleCPUMillisecondsPerSecond: Double { idleStretch > 0 ? Double(idleCPUNanoseconds) / 1e6 / (Double(idleStretch) / 1e6) : 0 }

    /// Sorts the recorded frames into phases by the marks' times (mark `i` begins phase `i`) and
    /// adds them up. Frames before the drag's mark are start-up; the drag's first `warmupFrames`
    /// are warm-up, and those after `warmupFrames + dragFrames` the finger resting before it
    /// lifts: none of these is measured. Pure.
    static func figures(frames: [BoardBenchRecorder.Frame], marks: [Microseconds?], start: BoardBenchRecorder.Frame,
                        end: BoardBenchRecorder.Frame, warmupFrames: Int, dragFrames: Int)
        -> (phases: [BoardBenchFigures], startup: Int, idleCPU: UInt64, idleStretch: Microseconds) {
        var phases = [BoardBenchFigures](repeating: BoardBenchFigures(), count: BoardBenchPhase.allCases.count)
        func phaseIndex(at t: Microseconds) -> Int? {
            var found: Int?
            for (i, m) in marks.prefix(phases.count).enumerated() { if let m, m <= t { found = i } }
            return found
        }
        for i in phases.indices {
            if let m = marks[i] { phases[i].duration = max(0, (marks.dropFirst(i + 1).compactMap { $0 }.first ?? end.time) - m) }
        }
        var startup = 0, dragSeen = 0
        var idleFrom = start
        for (k, frame) in frames.enumerated() {
            let previous = k > 0 ? frames[k - 1] : start
            guard let p = phaseIndex(at: frame.time) else {
                startup += 1
                idleFrom = frame
                continue
            }
            if p < BoardBenchPhase.idle.rawValue { idleFrom = frame }
            if p == BoardBenchPhase.drag.rawValue {
                dragSeen += 1
                if dragSeen <= warmupFrames || dragSeen > warmupFrames + dragFrames { continue }
            }
            var f = phases[p]
            f.frames += 1
            f.processCPUNanoseconds += frame.cpu &- previous.cpu
            let redrawn = frame.redrawn &- previous.redrawn, shown = frame.shown &- previous.shown
            f.redrawnPixels += redrawn
            f.shownPixels += shown
            if shown > 0 && redrawn == 0 { f.emptyFrames += 1 }
            // A frame time only between two frames drawn in this phase (the drag's warm-up counts).
            if k > 0, let m = marks[p], previous.time >= m, frame.time > previous.time {
                let dt = UInt64(frame.time - previous.time)
                _ = f.frameTimes.record(dt)
                f.frameMicroseconds += dt
            }
            phases[p] = f
        }
        return (phases, startup, end.cpu &- idleFrom.cpu, max(0, end.time - idleFrom.time))
    }

    /// The machine-readable report (`--json`): the sprite bench's `fps`, `frameTime` and
    /// `processCpuMsPerFrame` over all measured frames, `redrawnFraction`, and per phase the same.
    public var json: JSONValue {
        let settings: [(String, JSONValue)] = [
            ("workload", .string("board")), ("board", .string(board)), ("display", .string(display)), ("size", .string(size.description)),
            ("fullRedraw", .bool(fullRedraw)), ("touchRateHz", .number(JSONWriter.rounded(touchRate, places: 2))),
            ("warmupFrames", .number(Double(warmupFrames))), ("startupFrames", .number(Double(startupFrames))),
            ("unrecordedFrames", .number(Double(unrecordedFrames))),
        ]
        let idle: [(String, JSONValue)] = [
            ("idleFrames", .number(Double(idleFrames))),
            ("idleCpuMsPerSecond", .number(JSONWriter.rounded(idleCPUMillisecondsPerSecond, places: 3))),
        ]
        let phaseObjects: [(String, JSONValue)] = BoardBenchPhase.allCases.map { ($0.name, .object(phase($0).json)) }
        return .object(settings + overall.json + idle + [("phases", .object(phaseObjects))])
    }

    /// The human-readable report.
    public var lines: [String] {
        func f(_ v: Double, _ places: Int) -> String { JSONWriter.format(JSONWriter.rounded(v, places: places)) }
        var lines = [
            "bench: board workload, \(board), \(display), \(fullRedraw ? "full redraw" : "damage tracking"), touches at \(f(touchRate, 0)) Hz through the input thread",
            overall.line("all measured frames"),
        ]
        for p in BoardBenchPhase.allCases where p != .idle {
            lines.append(phase(p).line(p == .drag ? "drag (after \(warmupFrames) warm-up frames)" : p.name))
        }
        lines.append("idle: \(idleFrames) frames drawn in \(f(Double(phase(.idle).duration) / 1e6, 2)) s without touches; process cpu \(f(idleCPUMillisecondsPerSecond, 2)) ms per second")
        if unrecordedFrames > 0 { lines.append("note: \(unrecordedFrames) frames were drawn past the recorder's storage and are not in the figures") }
        return lines
    }
}
