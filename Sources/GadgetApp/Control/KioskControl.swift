import GadgetCore
import GadgetRender
import GadgetSystem

/// What the control executor asks of the loop that runs it. Thread: the loop's.
protocol ControlHost: AnyObject {
    /// Why no frame can be shown now (no display, blanked), or nil.
    var noFrameReason: String? { get }
    /// Frames drawn so far.
    var drawnFrames: Int { get }
    /// The frame last presented, read back.
    func readFrame() throws -> RGBAImage
    /// A `page` or `video` request counts as use of the panel (docs/control.md): a blanked one
    /// wakes, and the idle return and the attract loop wait again.
    func controlUsedPanel(now: Microseconds)
    /// Whether the display is on and why (`state`'s `display`).
    var displayDecision: DisplayPowerPolicy.Decision { get }
    /// `{"cmd":"display"}`: on or off over the schedule, or back to it.
    func controlSetDisplay(_ override: DisplayPowerPolicy.Override, now: Microseconds)
    /// `state`'s `sources` (the board's live-data sources at `now`); nil: the board has none.
    func sourcesReport(now: Microseconds) -> JSONValue?
    /// `{"cmd":"play"}`: the board's sound `name` started (within one audio period), or why not.
    func controlPlay(_ name: String, now: Microseconds) -> Result<Void, ControlFailure>
    /// `{"cmd":"volume"}`: the kiosk's level in place of the board's; returns `state`'s `audio`.
    func controlSetVolume(_ level: Double) -> JSONValue
    /// `state`'s `audio`: `{"device", "volume", "playing"}`; nil: the kiosk runs without sound.
    var audioReport: JSONValue? { get }
    /// `{"cmd":"submit"}`: the form validated and handed to the spool; `done` hears once it is on
    /// disk, or why not.
    func controlSubmit(_ form: String, now: Microseconds, done: @escaping (Result<Void, ControlFailure>) -> Void)
    /// `state`'s `forms`: `{"pending"}`.
    var formsReport: JSONValue { get }
    /// `{"cmd":"speak"}` and `{"cmd":"accessibility"}`; `state`'s `accessibility`
    /// (KioskLoop+Control.swift, `KioskSpeech`).
    func controlSpeak(_ request: SpeechControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure>
    func controlAccessibility(_ request: AccessibilityControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure>
    var accessibilityReport: JSONValue? { get }
}

extension ControlHost {
    func sourcesReport(now: Microseconds) -> JSONValue? { nil }
    func controlPlay(_ name: String, now: Microseconds) -> Result<Void, ControlFailure> {
        .failure(ControlFailure(field: "sound", message: "this kiosk runs without sound"))
    }
    func controlSetVolume(_ level: Double) -> JSONValue { .null }
    var audioReport: JSONValue? { nil }
    func controlSubmit(_ form: String, now: Microseconds, done: @escaping (Result<Void, ControlFailure>) -> Void) {
        done(.failure(ControlFailure(field: "form", message: "this kiosk takes no forms")))
    }
    var formsReport: JSONValue { .object([("pending", .number(0))]) }
    func controlSpeak(_ request: SpeechControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure> {
        .failure(ControlFailure(field: nil, message: "this kiosk has no speech"))
    }
    func controlAccessibility(_ request: AccessibilityControl, now: Microseconds) -> Result<[(String, JSONValue)], ControlFailure> {
        .failure(ControlFailure(field: nil, message: "this kiosk has no speech"))
    }
    var accessibilityReport: JSONValue? { nil }
}

/// The control protocol's executor (docs/control.md): requests from every `ControlEndpoint` (the
/// socket, MQTT) are decoded (`ControlRequestDecoder`), applied to the live board between frames
/// (`LiveBoard.apply`, `showPage`, `load`), and answered through the endpoint they came from. A
/// request never blocks the loop on a client: replies are handed to the endpoint's queue; a
/// `load` or `snapshot` is answered when it is done. Thread: the kiosk loop's.
final class KioskControl {
    /// Every transport the loop takes requests from (socket, MQTT, tests' doubles).
    var endpoints: [any ControlEndpoint] = []
    /// Reused between iterations.
    var inbox: [ControlInbound] = []
    /// Clients waiting for the next presented frame: answered at the first flip of a frame drawn
    /// after `afterFrame` frames.
    var snapshotWaiters: [SnapshotWaiter] = []
    /// Clients waiting for their `load` to end (`LiveBoard.load`'s ticket).
    var loadWaiters: [LoadWaiter] = []
    let live: LiveBoard
    let service: KioskService
    weak var host: ControlHost?

    init(live: LiveBoard, service: KioskService) {
        self.live = live
        self.service = service
    }

    struct SnapshotWaiter {
        var endpoint: Int
        var client: ControlClientID
        var id: JSONValue?
        var afterFrame: Int
        /// When it was asked (monotonic µs): the wait for web pages is bounded from here.
        var askedAt: Int64 = MonotonicClock.now()
    }

    /// How long `snapshot` waits for the board's web pages to load and show a frame before it
    /// draws them as they are (one log line).
    static let snapshotWebWait: Int64 = 10_000_000

    struct LoadWaiter {
        var endpoint: Int
        var client: ControlClientID
        var id: JSONValue?
        var ticket: Int
    }

    /// The largest snapshot a client may wait for at once, per endpoint and in total: each costs
    /// a PNG encode on the loop thread.
    static let maximumSnapshotWaiters = 8

    /// The largest image file `set image` reads, and board file `load` reads.
    static let maximumImageFileBytes = 64 << 20
    static let maximumBoardFileBytes = 16 << 20

    /// What a request came to: a reply now (its fields, or the failure), or one later.
    enum ControlOutcome {
        case ok([(String, JSONValue)])
        case failed(ControlFailure)
        case later
    }

    /// Opens the endpoints `options` asks for. One that cannot open is logged and left out: the
    /// kiosk still shows its board.
    func start(_ options: RunOptions) {
        if let path = options.controlSocketPath {
            do { endpoints.append(try ControlSocketServer(path: path, limits: options.controlSocketLimits)) } catch {
                Loggers.control.error("control socket \(path): \(error); control is off")
            }
        }
        for make in options.controlEndpointFactories {
            do { endpoints.append(try make()) } catch { Loggers.control.error("control endpoint: \(error)") }
        }
    }

    /// Closes every endpoint (the loop is over).
    func stop() {
        for e in endpoints { e.close() }
        endpoints.removeAll()
    }

    /// Takes and executes every request waiting, in arrival order per endpoint.
    func take(now: Microseconds) {
        var any = false
        for (index, endpoint) in endpoints.enumerated() {
            inbox.removeAll(keepingCapacity: true)
            endpoint.takeRequests(into: &inbox)
            for inbound in inbox {
                execute(inbound, endpoint: index, now: now)
                any = true
            }
        }
        if any { countControlSockets() }
    }

    /// The sockets' losses and refusals into the metrics (read when requests came: a flood of
    /// connections or lines also sends requests or wakes the loop with its error replies).
    func countControlSockets() {
        var total = ControlSocketStatistics()
        for case let socket as ControlSocketServer in endpoints {
            let s = socket.statistics
            total.messagesDropped += s.messagesDropped
            total.clientsRejected += s.clientsRejected
            total.linesTooLong += s.linesTooLong
        }
        service.metrics.controlMessagesDropped = total.messagesDropped
        service.metrics.controlClientsRejected = total.clientsRejected
        service.metrics.controlLinesTooLong = total.linesTooLong
    }

    func execute(_ inbound: ControlInbound, endpoint index: Int, now: Microseconds) {
        service.metrics.controlRequests += 1
        switch ControlRequestDecoder.decode(inbound.line) {
        case .failure(let failure):
            reply(.failed(failure), id: failure.id, endpoint: index, client: inbound.client)
        case .success(let request):
            let outcome = run(request, endpoint: index, client: inbound.client, now: now)
            reply(outcome, id: request.id, endpoint: index, client: inbound.client)
        }
    }

    /// Sends `outcome`'s reply (nothing yet for `.later`), counting failures.
    func reply(_ outcome: ControlOutcome, id: JSONValue?, endpoint index: Int, client: ControlClientID) {
        guard index < endpoints.count else { return }
        switch outcome {
        case .ok(let fields):
            endpoints[index].send(reply: ControlReply.ok(id: id, fields), to: client)
        case .failed(let failure):
            service.metrics.controlRequestErrors += 1
            var f = failure
            f.id = id
            endpoints[index].send(reply: ControlReply.error(f), to: client)
        case .later:
            break
        }
    }

    private func run(_ request: ControlRequest, endpoint index: Int, client: ControlClientID, now: Microseconds) -> ControlOutcome {
        switch request.command {
        case .set(var change):
            // On a field, `text` is its value (never a label; never logged).
            if case .plain(let value)? = change.text, live.board.gadget(id: change.gadget)?.field != nil {
                live.setFieldText(value, of: change.gadget)
                change.text = nil
                host?.controlUsedPanel(now: now)
            }
            // A picture not decoded yet is decoded on a worker: the reply waits for it.
            let id = request.id
            let held = live.apply(change, now: now) { [weak self] end in
                switch end {
                case .success: self?.reply(.ok([]), id: id, endpoint: index, client: client)
                case .failure(let f): self?.reply(.failed(f), id: id, endpoint: index, client: client)
                }
            }
            switch held {
            case .success(let later):
                // Someone changed what the panel shows: use, as a page is (issue 36). Data that
                // changes on its own belongs in a binding ({time|…}, a source), which is not.
                host?.controlUsedPanel(now: now)
                return later ? .later : .ok([])
            case .failure(let f): return .failed(f)
            }
        case .page(let page):
            // Slides there as a swipe would; the page event (cause "control") goes to subscribers.
            switch live.showPage(page, cause: .control, animated: true, now: now) {
            case .success:
                host?.controlUsedPanel(now: now)
                return .ok([("page", .string(page))])
            case .failure(let f): return .failed(f)
            }
        case .load(let path):
            guard let root = live.controlRoot else { return .failed(ControlFailure(field: "path", message: "the demo board has no directory to load from")) }
            let ticket = live.load(.confined(root: root, path: path), reason: "control load", now: now)
            loadWaiters.append(.init(endpoint: index, client: client, id: request.id, ticket: ticket))
            return .later
        case .state:
            // Each gadget where it is on its own page's canvas, not where a page slide (or a
            // page out of view: drawn at scale 0) puts it on the screen.
            // Which field has focus; never what is typed in it.
            let focus: JSONValue = live.fields.focused.map { .string($0) } ?? .null
            // Typed one by one: as one literal the type checker gives up (many optional fields).
            let page: JSONValue = live.session.currentPage.map { .string($0) } ?? .null
            let display: JSONValue = DisplayControl.report(host?.displayDecision ?? DisplayPowerPolicy.Decision(on: true, cause: .start))
            let sources: JSONValue = host?.sourcesReport(now: now) ?? .array([])
            let audio: JSONValue = host?.audioReport ?? .null
            let forms: JSONValue = host?.formsReport ?? .object([("pending", .number(0))])
            let accessibility: JSONValue = host?.accessibilityReport ?? .null
            return .ok([
                ("board", .string(live.name)),
                ("page", page),
                ("focus", focus),
                ("keyboard", live.keyboardState),
                ("gadgets", ControlStateReport.gadgets(board: live.board, poses: live.session.world.poses, videos: videoStates(now: now),
                                                       web: webStates)),
                ("display", display),
                ("sources", sources),
                ("audio", audio),
                ("forms", forms),
                ("accessibility", accessibility),
            ])
        case .snapshot:
            guard let host else { return .failed(ControlFailure(field: nil, message: "no kiosk to show a frame")) }
            if let reason = host.noFrameReason { return .failed(ControlFailure(field: nil, message: reason)) }
            if snapshotWaiters.count >= KioskControl.maximumSnapshotWaiters {
                return .failed(ControlFailure(field: nil, message: "busy: \(KioskControl.maximumSnapshotWaiters) snapshots already waiting"))
            }
            snapshotWaiters.append(.init(endpoint: index, client: client, id: request.id, afterFrame: host.drawnFrames))
            live.drawAgain(.snapshotAsked)
            return .later
        case .subscribe(let on):
            endpoints[index].setSubscribed(on, client: client)
            return .ok([("events", .bool(on))])
        case .display(let override):
            guard let host else { return .failed(ControlFailure(field: nil, message: "no kiosk display to switch")) }
            host.controlSetDisplay(override, now: now)
            return .ok([("display", DisplayControl.report(host.displayDecision))])
        case .video(let request):
            return video(request, now: now)
        case .web(let request):
            return web(request, now: now)  // KioskControl+Web.swift
        case .play(let sound):
            guard let host else { return .failed(ControlFailure(field: "sound", message: "this kiosk runs without sound")) }
            switch host.controlPlay(sound, now: now) {
            case .success: return .ok([("sound", .string(sound))])
            case .failure(let f): return .failed(f)
            }
        case .volume(let level):
            guard let host else { return .failed(ControlFailure(field: "level", message: "this kiosk runs without sound")) }
            return .ok([("audio", host.controlSetVolume(level))])
        case .submit(let form):
            guard let host else { return .failed(ControlFailure(field: "form", message: "this kiosk takes no forms")) }
            // Answered once the submission is on disk (or refused): the reply is the receipt.
            let id = request.id
            host.controlSubmit(form, now: now) { [weak self] end in
                switch end {
                case .success: self?.reply(.ok([("form", .string(form))]), id: id, endpoint: index, client: client)
                case .failure(let f): self?.reply(.failed(f), id: id, endpoint: index, client: client)
                }
            }
            return .later
        case .focus(let gadget):
            switch live.focusField(gadget) {
            case .success:
                host?.controlUsedPanel(now: now)
                return .ok([("focus", gadget.map { .string($0) } ?? .null)])
            case .failure(let f): return .failed(f)
            }
        case .speak(let s):
            guard let host else { return .failed(ControlFailure(field: nil, message: "this kiosk has no speech")) }
            switch host.controlSpeak(s, now: now) {
            case .success(let fields): return .ok(fields)
            case .failure(let f): return .failed(f)
            }
        case .accessibility(let a):
            guard let host else { return .failed(ControlFailure(field: nil, message: "this kiosk has no speech")) }
            switch host.controlAccessibility(a, now: now) {
            case .success(let fields): return .ok(fields)
            case .failure(let f): return .failed(f)
            }
        }
    }

    /// Gesture events (and reloads) for every subscribed client, the JSON `--events` prints.
    func publish(_ event: JSONValue) {
        guard !endpoints.isEmpty else { return }
        let line = JSONWriter.write(event)
        for e in endpoints { e.publish(event: line) }
    }

    /// A `load` ended: its client hears (all or nothing, as SIGHUP).
    func answerLoad(ticket: Int, path: String, end: LoadEnd) {
        guard let k = loadWaiters.firstIndex(where: { $0.ticket == ticket }) else { return }
        let w = loadWaiters.remove(at: k)
        switch end {
        case .shown:
            reply(.ok([("board", .string(path))]), id: w.id, endpoint: w.endpoint, client: w.client)
        case .superseded:
            reply(.failed(ControlFailure(field: "path", message: "replaced by a newer load before it was ready; still showing \(live.name)")),
                  id: w.id, endpoint: w.endpoint, client: w.client)
        case .rejected(let problems):
            let shown = problems.prefix(8).joined(separator: "; ")
            let more = problems.count > 8 ? " (and \(problems.count - 8) more)" : ""
            let message = "\(problems.count) problem\(problems.count == 1 ? "" : "s"), still showing \(live.name): \(shown)\(more)"
            reply(.failed(ControlFailure(field: "path", message: message)), id: w.id, endpoint: w.endpoint, client: w.client)
        }
    }

    // MARK: - snapshot

    /// A frame was presented: clients waiting for one drawn after their request get its PNG.
    func answerSnapshots(drawnFrames: Int) {
        guard !snapshotWaiters.isEmpty, let host else { return }
        // Web pages first (docs/web.md): a snapshot shows the page, not its background, unless the
        // page has not loaded and drawn within the bound.
        let webShowing = webGadgets?.allShowing ?? true
        let now = MonotonicClock.now()
        func due(_ w: SnapshotWaiter) -> Bool {
            drawnFrames > w.afterFrame && (webShowing || now - w.askedAt >= KioskControl.snapshotWebWait)
        }
        let ready = snapshotWaiters.filter(due)
        if !webShowing, snapshotWaiters.count > ready.count { live.drawAgain(.snapshotAsked) }  // look again next frame
        guard !ready.isEmpty else { return }
        if !webShowing {
            let waiting = webGadgets?.entries.filter { !$0.showing }.map(\.gadget) ?? []
            Loggers.web.warning("snapshot: \(waiting.joined(separator: ", ")) not loaded and drawn after \(KioskControl.snapshotWebWait / 1_000_000) s: drawn as it is")
        }
        snapshotWaiters.removeAll(where: due)
        let outcome: ControlOutcome
        do {
            let image = try host.readFrame()
            let png = try PNGCodec.encode(image)
            outcome = .ok([("width", .number(Double(image.width))), ("height", .number(Double(image.height))),
                           ("png", .string(Base64.encode(png)))])
        } catch {
            outcome = .failed(ControlFailure(field: nil, message: "snapshot failed: \(error)"))
        }
        for w in ready { reply(outcome, id: w.id, endpoint: w.endpoint, client: w.client) }
    }
}
