import GadgetCore
import GadgetGL
import GadgetRender
import GadgetSystem
import GadgetWeb
import Logging
import SystemPackage

/// The kiosk's web gadgets (issue 40, docs/web.md): one `WebHelperProcess` per web gadget of the
/// board shown, made when the board is and again when another replaces it (a gadget that keeps
/// its id and page keeps its helper, so a save that did not touch the page shows no reload).
/// Each new frame from a helper is uploaded into the gadget's `WebSurface` before the next draw,
/// marks the gadget's rectangle as damaged, and is handed back (`frameDone`) once the flip that
/// showed it has COMPLETED (`WebFlipLedger`; on KMS the draw that read the page's buffer may run
/// on the GPU until the flip event), as is a dma-buf frame it replaced (EGLImage destroyed,
/// descriptors closed); frames that a newer one overtook before a draw go back at once. The loop
/// never waits for a page: a late frame keeps the last. Thread: the loop's (GL context current in
/// `willDrawFrame`).
final class WebGadgets: LiveFeature {
    final class Entry {
        let gadget: String
        let page: WebPageSpec
        let process: WebHelperProcess
        var surface: WebSurface?
        /// The newest frame not yet shown, with its pixels (shared memory) or plane descriptors (dma-buf).
        var incoming: IncomingFrame?
        /// Its dma-buf frames could not be drawn here: the helper was told `sharedMemoryOnly`
        /// (and every restarted one is, by `WebHelperProcess`); frames still in flight go back unseen.
        var sharedMemoryOnly = false
        var url: String
        var loaded = false
        var editableFocus = false
        /// The visitor closed the on-screen keyboard (its hide key) while the page's field kept
        /// focus: it stays down until the page reports a field focused again.
        var keyboardHidden = false
        /// When the page said `loaded` (the loop's clock): WebKit sends blank frames before and
        /// just after the load ends and the painted one a little later (seen in Tests/web's kiosk
        /// check: a white snapshot 1.2 s after start), so a snapshot takes the frame shown
        /// `SnapshotWeb.settle` after the load.
        var loadedAt: Microseconds?
        /// Loaded and its page's picture on screen (`snapshot` waits for this).
        var showing = false
        /// This helper's first frame with the page's pixels was drawn, or presented (`shown` is
        /// sent when its flip completes): once per helper start, reset when it restarts.
        var pagePixels: PagePixels = .waiting
        enum PagePixels { case waiting, drawn, presented }
        init(gadget: String, page: WebPageSpec, process: WebHelperProcess) {
            self.gadget = gadget; self.page = page; self.process = process; url = page.url
        }
    }

    enum IncomingFrame {
        case sharedMemory(WebFrame, SharedMemoryFile)
        case dmabuf(WebFrame, [OwnedFileDescriptor])
        var sequence: UInt64 {
            switch self {
            case .sharedMemory(let f, _), .dmabuf(let f, _): f.sequence
            }
        }
    }

    /// A web event for `--events` and subscribers: `loaded`, `failed`, `crashed`, `restarted`,
    /// `shown` (the first frame of a helper that shows the page's pixels is on screen: once after
    /// the start and once after each restart; issue 40's "start → first page pixels").
    struct Event: Equatable {
        enum Kind: String { case loaded, failed, crashed, restarted, shown }
        var gadget: String
        var kind: Kind
        var message: String?
    }

    private(set) var entries: [Entry] = []
    /// What waits for a flip to complete: drawn frames' `frameDone`s, replaced dma-buf frames,
    /// first page pixels (`shown`).
    enum Held {
        case frameDone(WebHelperProcess, UInt64)
        case replaced(WebReplacedFrame)
        case shown(Entry)
    }
    private(set) var flips = WebFlipLedger<Held>()
    /// The newest presentation (`flips.presented()`): the loop keeps one flip in flight, so a flip
    /// event is this one's (an earlier one that never came is covered by it).
    private var lastPresentation: UInt64?
    private let news: WakePipe
    private let logger: Logger
    private let source: WebHelperSource
    private let display: Bool
    /// The display's dma-buf import, looked up at the first dma-buf frame (GL current); nil
    /// inside: this display has none (llvmpipe, headless).
    private var importer: DMABufImporter??
    var onEvent: (Event) -> Void = { _ in }
    /// A page's text field got or lost focus (the on-screen keyboard's seam: issue 38's keyboard
    /// shows for a web gadget through this once it takes outside requests).
    var onEditableFocus: (String, Bool) -> Void = { _, _ in }
    /// Deaths of every helper this run (the metric), retired helpers included.
    private(set) var crashesTotal = 0

    init(logger: Logger, display: Bool, source: WebHelperSource = .find()) throws(SystemError) {
        news = try WakePipe()
        self.logger = logger
        self.display = display
        self.source = source
    }

    var wakeDescriptor: FileDescriptor? { entries.isEmpty ? nil : news.descriptor }
    var isAnimating: Bool { false }

    func boardReplaced(_ board: LiveBoard) { sync(board) }

    /// Makes the helpers match `board`'s web gadgets.
    func sync(_ board: LiveBoard) {
        var wanted: [String: WebPageSpec] = [:]
        for g in board.board.gadgets { if let w = g.web { wanted[g.id] = w } }
        var kept: [Entry] = []
        for e in entries {
            if wanted[e.gadget] == e.page { kept.append(e); wanted[e.gadget] = nil } else { retire(e) }
        }
        entries = kept
        for g in board.board.gadgets {
            guard let page = wanted[g.id] else { continue }
            let size = WebTouchMapping(center: g.center, size: g.size, rotation: 0, scale: 1, zoom: page.zoom).pageSize
            do {
                let p = try WebHelperProcess(gadget: g.id, page: page, width: size.width, height: size.height, source: source,
                                             notify: news, logger: logger)
                entries.append(Entry(gadget: g.id, page: page, process: p))
            } catch {
                logger.error("\(g.id): \(error) (showing its background)")
            }
        }
    }

    func update(now: Microseconds, board: LiveBoard) {
        news.clear()
        for e in entries {
            for event in e.process.take() {
                switch event {
                case .frame(let f, let pixels):
                    arrived(.sharedMemory(f, pixels), for: e, board: board)
                case .dmabufFrame(let f, let descriptors):
                    // In flight when the helper was told: back unseen (the descriptors close here).
                    if e.sharedMemoryOnly { e.process.send(.frameDone(sequence: f.sequence)); continue }
                    arrived(.dmabuf(f, descriptors), for: e, board: board)
                case .report(.loaded(let url)):
                    e.url = url; e.loaded = true
                    e.loadedAt = now
                    onEvent(Event(gadget: e.gadget, kind: .loaded, message: nil))
                case .report(.loadStarted(let url)):
                    e.url = url; e.loaded = false; e.showing = false
                case .report(.loadFailed(let url, let reason)):
                    e.url = url; e.loaded = false
                    logger.warning("\(e.gadget): \(url): \(reason)")
                    onEvent(Event(gadget: e.gadget, kind: .failed, message: reason))
                case .report(.refused(let url, let why)):
                    logger.info("\(e.gadget): not followed: \(url) (\(why))")
                case .report(.editableFocus(let on)):
                    e.editableFocus = on
                    if on { e.keyboardHidden = false }
                    onEditableFocus(e.gadget, on)
                    // The on-screen keyboard follows it at the next draw (OnScreenKeyboardFeature).
                    board.drawAgain(.boardChanged)
                case .report:
                    break
                case .crashed(let reason):
                    crashesTotal += 1
                    e.loaded = false; e.showing = false
                    if e.editableFocus { e.editableFocus = false; onEditableFocus(e.gadget, false); board.drawAgain(.boardChanged) }
                    onEvent(Event(gadget: e.gadget, kind: .crashed, message: reason))
                case .restarted:
                    e.pagePixels = .waiting
                    onEvent(Event(gadget: e.gadget, kind: .restarted, message: nil))
                }
            }
        }
    }

    private func arrived(_ frame: IncomingFrame, for e: Entry, board: LiveBoard) {
        // Overtaken before it was drawn: back at once, so the helper's slot is free.
        if let old = e.incoming { e.process.send(.frameDone(sequence: old.sequence)) }
        e.incoming = frame
        if let i = board.index(of: e.gadget) { board.scene.videoFrameChanged(i.rawValue) }
        board.drawAgain(.webFrame)
    }

    /// Uploads (shared memory) or imports (dma-buf) each gadget's newest frame (GL current).
    func willDrawFrame(now: Microseconds, board: LiveBoard) {
        guard display else { return }
        for e in entries {
            guard let frame = e.incoming else { continue }
            e.incoming = nil
            if e.surface == nil { e.surface = WebSurface() }
            switch frame {
            case .sharedMemory(let f, let pixels):
                do { try e.surface?.show(f, pixels: pixels.bytes) } catch {
                    logger.error("\(e.gadget): frame \(f.sequence): \(error) (the last frame stays)")
                }
                flips.hold(.frameDone(e.process, f.sequence))
                // Until the page paints, WebKit's frames are its background from edge to edge; the
                // scan stops at the first other pixel and ends once the page has shown.
                if e.pagePixels == .waiting,
                   WebPagePixels.showsPage(pixels.bytes, width: f.width, height: f.height, stride: f.stride, background: e.page.background) {
                    e.pagePixels = .drawn
                }
            case .dmabuf(let f, let descriptors):
                showDMABuf(f, descriptors: descriptors, on: e)
            }
        }
        for e in entries {
            let settled = e.loadedAt.map { now - $0 >= SnapshotWeb.settle } ?? false
            e.showing = e.loaded && (e.surface?.hasFrame ?? false) && settled
        }
    }

    /// A dma-buf frame imported with no copy, kept with its descriptors while it is the picture;
    /// where the display cannot import it (no EGL_EXT_image_dma_buf_import: llvmpipe, headless) or
    /// the driver refuses it, one line, and the helper is asked for shared memory from now on.
    private func showDMABuf(_ f: WebFrame, descriptors: [OwnedFileDescriptor], on e: Entry) {
        if importer == nil { importer = .some(VideoPlayer.importer()) }
        do {
            guard let importer = importer ?? nil else {
                throw GLError.capacity("this display imports no dma-buf (EGL_EXT_image_dma_buf_import and GL_OES_EGL_image_external)")
            }
            try e.surface?.show(f, descriptors: descriptors.map(\.raw), keeping: descriptors, importer: importer)
            flips.hold(.frameDone(e.process, f.sequence))
            // Its pixels are the GPU's: the first frame after the load counts as the page's.
            if e.pagePixels == .waiting && e.loaded { e.pagePixels = .drawn }
        } catch {
            logger.warning("\(e.gadget): the page's dma-buf frames cannot be drawn: \(error); asking its helper for shared memory")
            e.sharedMemoryOnly = true
            e.process.send(.sharedMemoryOnly)
            e.process.send(.frameDone(sequence: f.sequence))
        }
    }

    /// After the frame was presented (on KMS: its flip queued, not yet shown): what it drew and
    /// what it replaced wait for its flip (`flipCompleted`).
    func framePresented() {
        for e in entries {
            for r in e.surface?.takeReplaced() ?? [] { flips.hold(.replaced(r)) }
            if e.pagePixels == .drawn { e.pagePixels = .presented; flips.hold(.shown(e)) }
        }
        lastPresentation = flips.presented()
    }

    /// A flip completed (KMS's page-flip event; headless: at once; the modeset's first frame): the
    /// frames it showed go back to their helpers, dma-buf frames it replaced on screen are
    /// released, and a helper's first page pixels are `shown`.
    func flipCompleted() {
        guard let p = lastPresentation else { return }
        release(flips.completed(p))
    }

    private func release(_ held: [Held]) {
        for h in held {
            switch h {
            case .frameDone(let process, let sequence): process.send(.frameDone(sequence: sequence))
            case .replaced(let frame): frame.release()
            case .shown(let e): onEvent(Event(gadget: e.gadget, kind: .shown, message: nil))
            }
        }
    }

    /// The surfaces to draw, by gadget index of `board`.
    func surfaces(for board: Board) -> [Int: WebSurface] {
        var out: [Int: WebSurface] = [:]
        for e in entries {
            if let s = e.surface, s.hasFrame, let i = board.gadgets.firstIndex(where: { $0.id == e.gadget }) { out[i] = s }
        }
        return out
    }

    func entry(for gadget: String) -> Entry? { entries.first { $0.gadget == gadget } }

    private var router = WebTouchRouter()

    /// The web gadget whose page has a text field focused and wants the on-screen keyboard
    /// (`OnScreenKeyboardFeature` shows it for this gadget; nil: none).
    var keyboardTarget: String? { entries.first { $0.editableFocus && !$0.keyboardHidden }?.gadget }

    /// The keyboard's hide key while it typed into a page: it goes down; keys from a physical
    /// keyboard still reach the page's field, which keeps its focus (the protocol has no blur).
    func hideKeyboard() { for e in entries where e.editableFocus { e.keyboardHidden = true } }

    /// Sends `key` to the page whose text field has focus; false: none has (the board's fields get it).
    func type(_ key: KeyInput) -> Bool {
        guard let e = entries.first(where: { $0.editableFocus }) else { return false }
        for k in WebKey.keys(for: key) { e.process.send(.key(k)) }
        return true
    }

    /// Takes the fingers that belong to interactive pages (`WebTouchRouter`) and sends them to their
    /// helpers; returns what is left for the gestures (nil: nothing).
    func route(_ frame: TouchFrame, board: LiveBoard) -> TouchFrame? {
        guard !entries.isEmpty else { return frame }
        let b = board.board, poses = board.session.world.poses, page = board.session.currentPage
        let routed = router.route(frame, board: b, poses: poses) { HitTester.gadget(at: $0, board: b, poses: poses, page: page) }
        for (gadget, touch) in routed.pages { entry(for: gadget)?.process.send(.touch(touch)) }
        return routed.rest
    }

    /// `state`'s `web` per gadget: `{"url","loaded","crashes"}`, and `engine` once its helper said
    /// `ready` (what draws the page and how its frames leave it: "…, fdo dma-buf" or "…, fdo shm",
    /// ", sandboxed"), so a log or a VM stage can tell which frame path a device took.
    var states: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for e in entries {
            let status = e.process.status
            var fields: [(String, JSONValue)] = [("url", .string(e.url)), ("loaded", .bool(e.loaded)),
                                                 ("crashes", .number(Double(status.crashes)))]
            if let engine = status.engine { fields.append(("engine", .string(engine))) }
            out[e.gadget] = .object(fields)
        }
        return out
    }

    /// What the helpers cost in memory now (each helper + WebKit's processes, PSS), summed.
    var memoryBytes: Int { entries.reduce(0) { $0 + ($1.process.status.memoryBytes ?? 0) } }

    /// Idle return: pages that say `clearOnIdle` forget their visitor.
    func idleReturned() {
        for e in entries where e.page.clearOnIdle { e.process.send(.clearSession) }
    }

    /// Whether every web gadget has loaded and shown a frame (`snapshot` waits for this, bounded).
    var allShowing: Bool { entries.allSatisfy(\.showing) }

    private func retire(_ e: Entry) {
        e.process.stop()
        e.surface?.destroy()
    }

    func displayDetached(_ board: LiveBoard) {
        // No flip of this display will come: everything it held goes back now (GL still current).
        release(flips.releaseAll())
        for e in entries { e.surface?.destroy(); e.surface = nil }
        importer = nil
    }

    func destroy() {
        release(flips.releaseAll())
        for e in entries { retire(e) }
        entries.removeAll()
    }
}
