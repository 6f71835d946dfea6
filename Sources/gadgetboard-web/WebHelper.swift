import CWPE
import GadgetCore
import GadgetSystem
import Logging

/// The helper's one owner of live state: the kiosk's requests and the page's events arrive here
/// as values and are applied in one place; reports go back through the channel.
/// Thread: the GLib main loop's only.
final class WebHelper {
    struct Settings {
        var page: WebPage.Configuration
        /// A load that has not finished by then is stopped and reported ("timed out after 20 s").
        var loadTimeoutSeconds: Int = WebHelperTiming.loadTimeoutSeconds
    }

    private let channel: HelperChannel
    /// argv's, then each `settings` message's fields (for the page the next `open` makes).
    private var settings: Settings
    private let log: Logger
    private var page: WebPage?
    private var spec: WebPageSpec?
    private var size = (width: 1, height: 1)
    /// The URL of the load in progress (nil between loads) and whether it already failed.
    private var loading: String?
    private var loadFailed = false
    private var editableFocus = false
    /// The kiosk cannot draw dma-buf frames (it said so once): pages made later start in shared memory.
    private var sharedMemoryOnly = false
    private var loadTimeout: GLibTimer?
    private var reloadTimer: GLibTimer?
    private var retryTimer: GLibTimer?
    private var failuresInARow = 0
    private var memoryTimer: GLibTimer?
    /// Asked to end the process: 0 for the kiosk's quit or its end of file, 1 after `.fatal`.
    var onExit: (Int32) -> Void = { _ in }

    init(channel: HelperChannel, settings: Settings, log: Logger) {
        self.channel = channel
        self.settings = settings
        self.log = log
        channel.onRequest = { [unowned self] in self.apply($0) }
        // The kiosk died or closed us: nobody will see the page, leave at once.
        channel.onClosed = { [unowned self] in self.onExit(0) }
    }

    /// Says hello; the page is made on the first `.open`. Then says what this helper and its
    /// WebKit processes cost every 5 s and at each load (`memory`): a kiosk that cannot read our
    /// /proc (we run as another user under gadgetboard-web.socket) shows it as its metric.
    func start(engine: String) {
        channel.send(.ready(pid: ProcessIdentity.id, engine: engine))
        reportMemory()
        memoryTimer = GLibTimer(milliseconds: Int(WebHelperTiming.memoryReadEvery / 1000), repeats: true) { [unowned self] in
            self.reportMemory()
        }
    }

    private func reportMemory() {
        if let bytes = ProcessTreeMemory.proportionalBytes(root: ProcessIdentity.id) { channel.send(.memory(bytes: bytes)) }
    }

    // MARK: Requests

    func apply(_ request: WebHelperRequest) {
        switch request {
        case .open(let spec, let width, let height): open(spec, width: width, height: height, sequenceAfter: 0)
        case .settings(let s):
            if let m = s.memoryLimitMB { settings.page.memoryLimitMB = m }
            if let t = s.loadTimeoutSeconds { settings.loadTimeoutSeconds = t }
        case .resize(let width, let height):
            size = (width, height)
            let view = viewPixels(width: width, height: height)
            page?.resize(width: view.width, height: view.height)
        case .touch(let touch):
            // The kiosk speaks CSS pixels; the view's input is in its own pixels, zoom per CSS px.
            if let spec, spec.interactive {
                var t = touch
                t.x *= zoom(spec); t.y *= zoom(spec)
                page?.touch(t)
            }
        case .key(let key): if spec?.interactive == true { page?.key(key) }
        case .reload: page?.reload()
        case .navigate(let url):
            guard let spec else { return }
            if spec.allows(url) { page?.load(url) } else { channel.send(.refused(url: url, why: "outside allow")) }
        case .clearSession:
            // A new page: new ephemeral cookies and storage, empty history, the start URL.
            guard let spec, page != nil else { return }
            let sequence = page?.exporter.lastSequence ?? 0
            page = nil
            open(spec, width: size.width, height: size.height, sequenceAfter: sequence)
        case .frameDone(let sequence): page?.exporter.frameDone(sequence: sequence)
        case .sharedMemoryOnly:
            sharedMemoryOnly = true
            page?.exporter.sharedMemoryOnly()
        case .quit: onExit(0)
        }
    }

    private func open(_ spec: WebPageSpec, width: Int, height: Int, sequenceAfter: UInt64) {
        self.spec = spec
        size = (width, height)
        loading = nil
        loadFailed = false
        loadTimeout = nil
        retryTimer = nil
        let page: WebPage
        let view = viewPixels(width: width, height: height)
        if let existing = self.page {
            page = existing
            page.resize(width: view.width, height: view.height)
        } else {
            page = WebPage(width: view.width, height: view.height, configuration: settings.page, sequenceAfter: sequenceAfter,
                           sharedMemoryOnly: sharedMemoryOnly, log: log)
            page.exporter.onFrame = { [unowned self] frame, descriptors in
                self.channel.send(.frame(frame), descriptors: descriptors)
            }
            page.onEvent = { [unowned self] in self.pageEvent($0) }
            self.page = page
        }
        page.allows = { [unowned self] url in self.spec?.allows(url) ?? false }
        page.setZoom(zoom(spec))
        if let colour = spec.background {
            page.setBackground(red: colour.r, green: colour.g, blue: colour.b, alpha: colour.a)
        }
        reloadTimer = nil
        if let every = spec.reloadEverySeconds, every > 0 {
            reloadTimer = GLibTimer(milliseconds: Int(every * 1000), repeats: true) { [unowned self] in
                // A reload while a load is still going would restart its timeout forever.
                if self.loading == nil { self.page?.reload() }
            }
        }
        page.load(spec.url)
    }

    /// The kiosk's `open`/`resize` give the page's size in CSS pixels, already divided by the
    /// zoom (WEB-API.md: the gadget's home size ÷ zoom). WebKit's page zoom divides the view's
    /// pixels by the zoom again, so the view is made `zoom` times the CSS size: the page lays out
    /// at exactly the CSS size the kiosk asked for (the zoom applied once, not twice) and the
    /// frame comes at the gadget's own resolution, sharp, instead of a small frame stretched.
    private func viewPixels(width: Int, height: Int) -> (width: Int, height: Int) {
        let z = spec.map { zoom($0) } ?? 1
        return (max(1, Int((Double(width) * z).rounded())), max(1, Int((Double(height) * z).rounded())))
    }

    private func zoom(_ spec: WebPageSpec) -> Double { spec.zoom > 0 ? spec.zoom : 1 }

    // MARK: Page events

    private func pageEvent(_ event: WebPageEvent) {
        switch event {
        case .started(let url):
            loading = url
            loadFailed = false
            if editableFocus { editableFocus = false; channel.send(.editableFocus(false)) }
            channel.send(.loadStarted(url: url))
            let seconds = settings.loadTimeoutSeconds
            loadTimeout = GLibTimer(milliseconds: seconds * 1000, repeats: false) { [unowned self] in
                guard let url = self.loading else { return }
                self.failed(url: url, reason: WebLoadFailure.reason(timedOutAfter: seconds))
                self.page?.stop()
            }
        case .finished(let url, let status):
            loadTimeout = nil
            defer { loading = nil }
            guard !loadFailed else { return }
            if let reason = WebLoadFailure.reason(httpStatus: status) {
                failed(url: url, reason: reason)
            } else {
                failuresInARow = 0
                retryTimer = nil
                channel.send(.loaded(url: url))
                // WebKit's processes exist now: the report at `ready` counted this process
                // alone, and the timer's next one may be 5 s away.
                reportMemory()
            }
        case .failed(let url, let reason):
            guard !loadFailed else { return }  // the timeout already said it
            failed(url: url, reason: reason)
        case .refused(let url, let why):
            channel.send(.refused(url: url, why: why))
        case .editableFocus(let focused):
            editableFocus = focused
            channel.send(.editableFocus(focused))
        case .webProcessTerminated(let reason):
            channel.send(.fatal(reason: reason))
            onExit(1)
        }
    }

    /// One `.loadFailed` per load, then a retry with back-off (5 s, 10 s, … at most 60 s) so a
    /// network hiccup never leaves a blank gadget.
    private func failed(url: String, reason: String) {
        loadFailed = true
        loadTimeout = nil
        channel.send(.loadFailed(url: url, reason: reason))
        failuresInARow += 1
        let delay = min(60, 5 << min(failuresInARow - 1, 4))
        retryTimer = GLibTimer(milliseconds: delay * 1000, repeats: false) { [unowned self] in
            guard self.loading == nil || self.loadFailed else { return }
            self.page?.load(url)
        }
    }
}
