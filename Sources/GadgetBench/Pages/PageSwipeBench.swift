import GadgetApp
import GadgetCore
import GadgetRender
import GadgetSystem
import Logging

/// `gadgetboard bench --workload pages`: what a page swipe costs, through the real kiosk (as
/// `--workload board`): a generated three-page board (`boardJSON`) in `Kiosk.run`'s loop,
/// headless by default at 1920×1080, drawing frames as soon as the previous one is finished,
/// with `PageSwipeScript`'s flicks on a synthetic touch screen read by the input thread.
/// Figures from the first swipe to the end of the last settle: frames drawn, process CPU time
/// per frame (all threads: the kiosk's, the input thread's and the script's writer), the mean
/// fraction of the screen redrawn, and the page changes seen.
///
/// Thread: the caller's becomes the kiosk loop's for the run.
public enum PageSwipeBench {
    public struct Options: Sendable {
        public var size = PixelSize(1920, 1080)
        public var swipes = 20
        public var touchRate = 1000.0
        public var fullRedraw = false
        public var handleSignals = true
        public init() {}
    }

    public struct Result: Sendable {
        public var display: String
        public var fullRedraw: Bool
        public var swipes: Int
        public var frames: Int
        public var cpuNanoseconds: UInt64
        public var redrawnFraction: Double
        public var pageChanges: Int
        public var seconds: Double

        public var cpuPerFrameMilliseconds: Double { frames > 0 ? Double(cpuNanoseconds) / Double(frames) / 1e6 : 0 }
        /// CPU per swipe (its drag, slide and settle), all of it. Not a cost: the bench draws
        /// unpaced, so over a swipe's 1.35 s of motion the loop takes whatever CPU the machine
        /// gives it (damage tracking draws many cheap frames, a full redraw few dear ones, and
        /// both land near the same total). Compare per frame; this says how busy the run was.
        public var cpuPerSwipeMilliseconds: Double { swipes > 0 ? Double(cpuNanoseconds) / Double(swipes) / 1e6 : 0 }

        public var json: JSONValue {
            func r(_ v: Double, _ p: Int) -> JSONValue { .number(JSONWriter.rounded(v, places: p)) }
            return .object([
                ("workload", .string("pages")), ("display", .string(display)), ("fullRedraw", .bool(fullRedraw)),
                ("swipes", .number(Double(swipes))), ("pageChanges", .number(Double(pageChanges))),
                ("frames", .number(Double(frames))), ("cpuPerFrameMs", r(cpuPerFrameMilliseconds, 3)),
                ("cpuPerSwipeMs", r(cpuPerSwipeMilliseconds, 1)),
                ("redrawnFraction", r(redrawnFraction, 4)), ("seconds", r(seconds, 3)),
            ])
        }

        public var lines: [String] {
            ["pages: \(swipes) swipes on a 3-page board, \(display), \(fullRedraw ? "full redraw" : "damage tracking")",
             "  page changes seen: \(pageChanges)",
             "  frames: \(frames) in \(JSONWriter.rounded(seconds, places: 2)) s",
             "  CPU per frame: \(JSONWriter.rounded(cpuPerFrameMilliseconds, places: 3)) ms (process, all threads)",
             "  CPU per swipe: \(JSONWriter.rounded(cpuPerSwipeMilliseconds, places: 1)) ms (drag, slide and settle)",
             "  redrawn: \(JSONWriter.rounded(redrawnFraction * 100, places: 1)) % of the screen per frame on average"]
        }
    }

    /// The benchmark board: three pages of twelve colour gadgets each in the upper two thirds,
    /// a shared header; the lower band is background for the swipes. The long press takes the
    /// longest the thresholds allow (60 s; the board has no long-press actions, so its cost is
    /// unchanged): the background has every recognizer, the loop fires gesture timers at its own
    /// (wall) time, and a writer descheduled for half a second between a landing and its first
    /// move would otherwise let a long press win the touch and cancel the pan.
    public static func boardJSON(size: PixelSize) -> String {
        let w = Double(size.width), h = Double(size.height)
        let colors = ["#ff3b30", "#34c759", "#007aff"]
        func gadgets(_ page: Int) -> String {
            (0..<12).map { k in
                let x = w * (0.125 + 0.25 * Double(k % 4)), y = h * (0.2 + 0.2 * Double(k / 4))
                return #"{"id":"p\#(page)g\#(k)","color":"\#(colors[page])","center":[\#(x),\#(y)],"size":[\#(w * 0.18),\#(h * 0.14)],"rotation":\#(k * 7)}"#
            }.joined(separator: ",")
        }
        let pages = (0..<3).map { #"{"id":"page\#($0)","gadgets":[\#(gadgets($0))]}"# }.joined(separator: ",")
        return ##"{"size":[\##(w),\##(h)],"gadgets":[{"id":"header","color":"#8e8e93","center":[\##(w / 2),\##(h * 0.04)],"size":[\##(w),\##(h * 0.08)],"movable":false,"scalable":false,"rotatable":false,"doubleTapReset":false,"gestures":[]}],"pages":[\##(pages)],"thresholds":{"longPressDuration":60}}"##
    }

    public static func run(_ o: Options, logger: Logger = Loggers.render) throws(BoardBenchError) -> Result {
        let marks = BoardBenchMarks()
        let gate = KioskIdleGate()
        let script = PageSwipeScript(board: Size2(Double(o.size.width), Double(o.size.height)), swipes: o.swipes, reportsPerSecond: o.touchRate)
        let screen: SyntheticTouchScreen<PageSwipeScript>
        do {
            screen = try SyntheticTouchScreen(tag: "pages", device: script.deviceDescription, script: script,
                                              marked: { mark, time in marks.mark(mark, at: time) }, gate: gate)
        } catch { throw .touchScreen(error) }
        let boardPath = screen.directory + "/board.json"
        do { try FileIO.replace(boardPath, with: boardJSON(size: o.size)) } catch { throw .touchScreen(error) }
        defer { FileIO.remove(boardPath) }

        var run = RunOptions()
        run.boardPath = boardPath
        run.display = .headless
        run.headlessSize = o.size
        run.fullRedraw = o.fullRedraw
        run.paceHeadless = false
        run.handleSignals = o.handleSignals
        let bound = 60 + Double(o.swipes + 1) * Double(PageSwipeScript.settle + PageSwipeScript.flickDuration) / 1e6 * 3
        run.duration = bound
        screen.attach(to: &run)

        var start: (cpu: UInt64, frames: Int, redrawn: UInt64, shown: UInt64, time: Microseconds)?
        var end: (cpu: UInt64, frames: Int, redrawn: UInt64, shown: UInt64, time: Microseconds)?
        var lastPage: String?
        var pageChanges = 0
        do { try screen.start() } catch { throw .touchScreen(error) }
        logger.info("bench: pages workload, \(o.swipes) swipes, \(o.fullRedraw ? "full redraw" : "damage tracking"); touches at \(o.touchRate) Hz through \(screen.path)")
        var display = ""
        let code = Kiosk.run(run) { loop in
            display = loop.displaySummary
            loop.iterationObserver = { loop, now in
                gate.observe(loop)
                let (count, redrawn, shown) = loop.withFrameStatistics { s in (s.framesPresented, s.redrawnPixels, s.shownPixels) }
                if let page = loop.currentPageID, page != lastPage {
                    if lastPage != nil { pageChanges += 1 }
                    lastPage = page
                }
                if start == nil, marks.time(.drag) != nil {
                    start = (ProcessResources.cpuNanoseconds(), count, redrawn, shown, now)
                }
                if end == nil, marks.endTime != nil {
                    end = (ProcessResources.cpuNanoseconds(), count, redrawn, shown, now)
                    loop.stopRequested = true
                }
            }
        }
        screen.stop()
        guard code == 0 else { throw .kiosk(code) }
        if let why = screen.writer.error { throw .touchWriter(why) }
        guard let s = start, let e = end else { throw .unfinished(seconds: bound) }
        let shown = e.shown &- s.shown
        return Result(display: display, fullRedraw: o.fullRedraw, swipes: o.swipes, frames: e.frames - s.frames,
                      cpuNanoseconds: e.cpu &- s.cpu, redrawnFraction: shown > 0 ? Double(e.redrawn &- s.redrawn) / Double(shown) : 0,
                      pageChanges: pageChanges, seconds: Double(e.time - s.time) / 1e6)
    }
}
