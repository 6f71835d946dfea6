import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem
import Logging

/// `gadgetboard bench --workload board`: a kiosk's typical frames, measured through the real
/// kiosk: the demo board in `Kiosk.run`'s loop (headless by default, 1920×1080), with a scripted
/// finger on a synthetic touch screen read by the input thread (`SyntheticTouchScreen`, as
/// `gadgetboard soak` does), frames drawn as soon as the previous one is finished
/// (`RunOptions.paceHeadless = false`: the bench measures what a frame costs, not a cadence).
///
/// Phases (`BoardBenchScript`): one finger drags the first image gadget round bench/sdl-board.c's
/// circle until `frames` drag frames were measured after `warmupFrames`; one gadget is flicked and
/// glides to a stop; then the board is left alone (an idle kiosk should draw nothing). Figures per
/// phase and over all measured frames (`BoardBenchResult`). `fullRedraw` turns damage tracking
/// off, as `run --full-redraw` does.
///
/// Thread: the caller's becomes the kiosk loop's for the run (it owns the GL context).
public enum BoardBench {
    public static func run(_ o: BoardBenchOptions, logger: Logger = Loggers.render) throws(BoardBenchError) -> BoardBenchResult {
        let loaded: LoadedBoard
        switch BoardSource.load(o.boardPath, demoArtCache: o.demoArtCache) {
        case .failure(let problems): throw .board(problems.problems.map(\.description).joined(separator: "; "))
        case .success(let b): loaded = b
        }
        guard let path = path(on: loaded.board) else { throw .board("\(loaded.name) has no image gadget to drag and another to flick") }

        let marks = BoardBenchMarks()
        let script = BoardBenchScript(path: path, board: loaded.board.size, reportsPerSecond: o.touchRate,
                                      glideAllowance: o.glideAllowance, idleDuration: o.idleDuration, dragIsDone: { marks.dragIsDone })
        let screen: SyntheticTouchScreen<BoardBenchScript>
        do {
            screen = try SyntheticTouchScreen(tag: "bench", device: script.deviceDescription, script: script,
                                              marked: { mark, time in marks.mark(mark, at: time) })
        } catch { throw .touchScreen(error) }

        var run = RunOptions()
        run.boardPath = o.boardPath
        run.demoArtCache = o.demoArtCache
        run.display = o.display == .kms ? .kms : .headless
        run.headlessSize = o.size
        run.card = o.card
        run.connector = o.connector
        run.mode = o.mode
        run.fullRedraw = o.fullRedraw
        run.paceHeadless = false
        run.hud = o.hud
        run.screenshotPath = o.screenshotPath
        run.handleSignals = o.handleSignals
        // A bound, should input never arrive: the drag at 5 fps or better, plus the script's rest.
        let bound = 60 + Double(o.frames + o.warmupFrames) / 5 + Double(o.glideAllowance + o.idleDuration) / 1e6
        run.duration = bound
        screen.attach(to: &run)

        let recorder = BoardBenchRecorder(marks: marks, warmupFrames: o.warmupFrames, dragFrames: o.frames,
                                          capacity: o.frames + o.warmupFrames + 50_000)
        do { try screen.start() } catch { throw .touchScreen(error) }
        logger.info("bench: board workload on \(loaded.name), \(o.fullRedraw ? "full redraw" : "damage tracking"); \(o.warmupFrames) warm-up frames, \(o.frames) drag frames, then a flick and \(Double(o.idleDuration) / 1e6) s idle; touches at \(o.touchRate) Hz through \(screen.path)")
        var display = ""
        let code = Kiosk.run(run) { loop in
            display = loop.displaySummary
            loop.iterationObserver = { loop, now in recorder.observe(loop, now: now) }
        }
        screen.stop()
        guard code == 0 else { throw .kiosk(code) }
        if let why = screen.writer.error { throw .touchWriter(why) }
        guard let start = recorder.start, let end = recorder.end else { throw .unfinished(seconds: bound) }

        let marked = (BoardBenchPhase.allCases.map { marks.time($0) }) + [marks.endTime]
        let f = BoardBenchResult.figures(frames: recorder.frames, marks: marked, start: start, end: end, warmupFrames: o.warmupFrames, dragFrames: o.frames)
        var overall = BoardBenchFigures()
        for p in f.phases { overall.add(p) }
        return BoardBenchResult(board: loaded.name, display: display, size: o.size, fullRedraw: o.fullRedraw, touchRate: o.touchRate,
                                warmupFrames: o.warmupFrames, phases: f.phases, overall: overall, startupFrames: f.startup,
                                unrecordedFrames: recorder.unrecorded, idleCPUNanoseconds: f.idleCPU, idleStretch: f.idleStretch)
    }

    /// The drag and the flick on `board`: the first image gadget in file order is dragged (as
    /// bench/sdl-board.c moves it); the free image gadget farthest from the drag's circle is
    /// flicked towards the board's centre (the demo board's sticky note), so the two never meet.
    /// A board with fewer than two image gadgets (the text board of docs/BENCHMARKS.md) drags
    /// and flicks its text gadgets instead.
    static func path(on board: Board) -> BoardBenchScript.Path? {
        var images = board.gadgets.filter { if case .image = $0.appearance { true } else { false } }
        var path = BoardBenchScript.Path(dragHome: .zero, flickStart: .zero, flickDirection: Vector2(1, 0))
        let start = 1.25 * Math.pi
        if images.count < 2 {
            // Text gadgets: the one whose drag circle is nearest the board's centre goes first,
            // so the finger stays on the board (a corner gadget's circle would leave it).
            let home = Vector2(board.size.width / 2 + path.radius * Math.cos(start), board.size.height / 2 + path.radius * Math.sin(start))
            images = board.gadgets.filter { $0.text != nil && $0.behavior.movable }
                .sorted { Vector2($0.center.x - home.x, $0.center.y - home.y).length < Vector2($1.center.x - home.x, $1.center.y - home.y).length }
        }
        guard let dragged = images.first else { return nil }
        path.dragHome = dragged.center
        path.flickStart = dragged.center
        let circleCentre = Vector2(dragged.center.x - path.radius * Math.cos(start), dragged.center.y - path.radius * Math.sin(start))
        let free = images.dropFirst().filter { $0.behavior.movable && $0.behavior.lock == .free && $0.behavior.inertia }
        func distance(_ g: Gadget) -> Double { Vector2(g.center.x - circleCentre.x, g.center.y - circleCentre.y).length }
        guard let flicked = free.max(by: { distance($0) < distance($1) }) else { return nil }
        let towards = Vector2(board.size.width / 2 - flicked.center.x, board.size.height / 2 - flicked.center.y)
        path.flickStart = flicked.center
        path.flickDirection = towards.length > 0 ? Vector2(towards.x / towards.length, towards.y / towards.length) : Vector2(-1, 0)
        return path
    }
}
