import GadgetCore
import GadgetRender
import GadgetSystem
import GadgetWeb
import Logging

/// The snapshot's web pages (issue 40: "`snapshot` waits for the page's load (bounded) and draws
/// it"): one helper per web gadget, started as the kiosk starts them, each page's newest frame
/// uploaded into a surface the scene draws once it has loaded and drawn. A page that cannot be
/// shown (no helper installed, the helper dying, the load failing, nothing within `wait`) is one
/// line naming the gadget and why, and the gadget shows its background or poster, as in the kiosk
/// while its helper is away.
enum SnapshotWeb {
    /// A page that says `loaded` may still paint (WebKit sends blank frames before and just
    /// after the load's end, the painted one a little later): its picture is the newest frame
    /// this long after `loaded`.
    static let settle: Microseconds = 500_000

    final class Page {
        let index: Int
        let gadget: String
        let url: String
        let process: WebHelperProcess
        let surface = WebSurface()
        var loadedAt: Int64?
        /// Why the page will not be shown as loaded (already said in the log); nil while it may be.
        var failure: String?
        /// After a failure: the helper died after drawing, and its last frame is what a kiosk shows.
        var keepsLastFrame = false
        /// Its helper sent dma-buf frames and was asked for shared memory.
        var askedSharedMemory = false
        init(index: Int, gadget: String, url: String, process: WebHelperProcess) {
            self.index = index; self.gadget = gadget; self.url = url; self.process = process
        }
        func ready(now: Int64) -> Bool {
            guard failure == nil, let at = loadedAt, surface.hasFrame else { return failure != nil }
            return now - at >= SnapshotWeb.settle
        }
    }

    /// Surfaces by gadget index, for the pages that drew. Needs the GL context current; returns
    /// within `wait` (µs) plus the helpers' stop (about half a second each at worst).
    static func surfaces(_ loaded: LoadedBoard, wait: Microseconds, source: WebHelperSource = .find()) -> [Int: WebSurface] {
        let webGadgets = loaded.board.gadgets.enumerated().compactMap { i, g in g.web.map { (i, g, $0) } }
        guard !webGadgets.isEmpty else { return [:] }
        let log = Loggers.web
        if case .spawn(nil) = source {
            log.warning("snapshot: \(webGadgets.map(\.1.id).joined(separator: ", ")): \(WebHelperProgram.name) not found (looked in \(WebHelperProgram.candidates.joined(separator: ", "))): drawn with the gadget's background")
            return [:]
        }
        let news: WakePipe
        do { news = try WakePipe() } catch {
            log.error("snapshot: web pages not drawn: \(error)")
            return [:]
        }
        // The helper owner's own lines speak of restarting, which a snapshot never does: it is
        // quiet here and this function says the one true line per page.
        var quiet = log
        quiet.logLevel = .critical
        var pages: [Page] = []
        for (i, g, spec) in webGadgets {
            let size = WebTouchMapping(center: g.center, size: g.size, rotation: 0, scale: 1, zoom: spec.zoom).pageSize
            do {
                let p = try WebHelperProcess(gadget: g.id, page: spec, width: size.width, height: size.height, source: source,
                                             notify: news, logger: quiet)
                pages.append(Page(index: i, gadget: g.id, url: spec.url, process: p))
            } catch {
                log.warning("snapshot: \(g.id): \(error): drawn with its background")
            }
        }
        defer { for p in pages { p.process.stop() } }
        let deadline = MonotonicClock.now() + wait
        while true {
            let now = MonotonicClock.now()
            if pages.allSatisfy({ $0.ready(now: now) }) || now >= deadline { break }
            var poll = PollSet()
            _ = poll.add(news.descriptor)
            // Wake for the settle time too: a loaded page that sends no more frames is ready then.
            let settleBy = pages.compactMap { p in p.loadedAt.map { $0 + settle } }.filter { $0 > now }.min()
            _ = try? poll.wait(until: min(deadline, settleBy ?? deadline))
            news.clear()
            for p in pages { take(p, log: log) }
        }
        var out: [Int: WebSurface] = [:]
        let now = MonotonicClock.now()
        for p in pages {
            let shown: Bool
            if p.failure != nil {
                shown = p.keepsLastFrame
            } else if p.ready(now: now) {
                shown = true
            } else {
                let what = p.loadedAt == nil ? "did not load" : "loaded but drew nothing"
                log.warning("snapshot: \(p.gadget): \(p.url) \(what) within \(Double(wait / 100_000) / 10) s: drawn with \(p.surface.hasFrame ? "its last frame" : "its background")")
                shown = p.surface.hasFrame
            }
            if shown { out[p.index] = p.surface } else { p.surface.destroy() }
        }
        return out
    }

    /// Applies what `p`'s helper said: frames uploaded (and handed back at once, so the page goes
    /// on painting), the load's end, a failure or a death.
    private static func take(_ p: Page, log: Logger) {
        for event in p.process.take() {
            guard p.failure == nil else {
                if case .frame(let f, _) = event { p.process.send(.frameDone(sequence: f.sequence)) }
                if case .dmabufFrame(let f, _) = event { p.process.send(.frameDone(sequence: f.sequence)) }
                continue
            }
            switch event {
            case .dmabufFrame(let f, _):
                // A snapshot reads pixels back from what it draws: the page's frames in shared
                // memory are exact everywhere, so the helper is asked for them, once.
                if !p.askedSharedMemory { p.process.send(.sharedMemoryOnly); p.askedSharedMemory = true }
                p.process.send(.frameDone(sequence: f.sequence))
            case .frame(let f, let pixels):
                do { try p.surface.show(f, pixels: pixels.bytes) } catch {
                    log.warning("snapshot: \(p.gadget): frame \(f.sequence): \(error)")
                }
                p.process.send(.frameDone(sequence: f.sequence))
            case .report(.loaded):
                p.loadedAt = MonotonicClock.now()
            case .report(.loadFailed(let url, let reason)):
                p.failure = reason
                log.warning("snapshot: \(p.gadget): \(url): \(reason): drawn with its background")
            case .crashed(let reason):
                p.failure = reason
                p.keepsLastFrame = p.surface.hasFrame
                log.warning("snapshot: \(p.gadget): the helper \(reason): drawn with \(p.surface.hasFrame ? "its last frame" : "its background")")
            default:
                break
            }
        }
    }
}
