import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The control protocol's executor (docs/control.md): requests from every `ControlEndpoint` the
/// loop holds (the socket, MQTT) are decoded (`ControlRequestDecoder`), applied to the running
/// board on the loop thread between frames, and answered through the endpoint they came from. A
/// request never blocks the loop on a client: replies are handed to the endpoint's queue.
extension KioskLoop {
    /// Opens the endpoints `options` asks for. One that cannot open is logged and left out: the
    /// kiosk still shows its board.
    func startControl() {
        control.boardPath = options.boardPath
        control.root = options.boardPath.map { FileIO.directory(of: $0) }
        if let path = options.controlSocketPath {
            do { control.endpoints.append(try ControlSocketServer(path: path, limits: options.controlSocketLimits)) } catch {
                Loggers.control.error("control socket \(path): \(error); control is off")
            }
        }
        for make in options.controlEndpointFactories {
            do { control.endpoints.append(try make()) } catch { Loggers.control.error("control endpoint: \(error)") }
        }
    }

    /// Closes every endpoint (the loop is over).
    func stopControl() {
        for e in control.endpoints { e.close() }
        control.endpoints.removeAll()
    }

    /// Takes and executes every request waiting, in arrival order per endpoint.
    func takeControl(now: Microseconds) {
        var any = false
        for (index, endpoint) in control.endpoints.enumerated() {
            control.inbox.removeAll(keepingCapacity: true)
            endpoint.takeRequests(into: &control.inbox)
            for inbound in control.inbox {
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
        for case let socket as ControlSocketServer in control.endpoints {
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
        let endpoint = control.endpoints[index]
        service.metrics.controlRequests += 1
        let request: ControlRequest
        switch ControlRequestDecoder.decode(inbound.line) {
        case .failure(let failure):
            service.metrics.controlRequestErrors += 1
            endpoint.send(reply: ControlReply.error(failure), to: inbound.client)
            return
        case .success(let r): request = r
        }
        let reply: String?
        switch request.command {
        case .set(let set):
            reply = apply(set, id: request.id, now: now)
        case .page(let page):
            // Slides there as a swipe would; the page event (cause "control") goes to subscribers.
            if showPage(page, animated: true) {
                reply = ControlReply.ok(id: request.id, [("page", .string(page))])
            } else if pageIDs.isEmpty {
                reply = ControlReply.error(id: request.id, field: "page", "this board has no pages (\"\(page)\")")
            } else {
                reply = ControlReply.error(id: request.id, field: "page",
                                           "no page \"\(page)\" (pages: \(pageIDs.joined(separator: ", ")))")
            }
        case .load(let path):
            reply = load(path, id: request.id, now: now)
        case .state:
            // Each gadget where it is on its own page's canvas, not where a page slide (or a
            // page out of view: drawn at scale 0) puts it on the screen.
            reply = ControlReply.ok(id: request.id, [
                ("board", .string(loaded.name)),
                ("page", currentPageID.map { .string($0) } ?? .null),
                ("gadgets", ControlStateReport.gadgets(board: session.board, poses: session.world.poses)),
            ])
        case .snapshot:
            if !displayConnected || idle.isBlanked {
                reply = ControlReply.error(id: request.id, field: nil, displayConnected ? "the panel is blanked (idle): no frame to show" : "no display is connected")
            } else if control.snapshotWaiters.count >= KioskControl.maximumSnapshotWaiters {
                reply = ControlReply.error(id: request.id, field: nil, "busy: \(KioskControl.maximumSnapshotWaiters) snapshots already waiting")
            } else {
                control.snapshotWaiters.append(.init(endpoint: index, client: inbound.client, id: request.id, afterFrame: drawnFrames))
                needsDraw = true
                reply = nil
            }
        case .subscribe(let on):
            endpoint.setSubscribed(on, client: inbound.client)
            reply = ControlReply.ok(id: request.id, [("events", .bool(on))])
        }
        if let reply {
            if reply.hasPrefix("{\"ok\":false") || reply.contains(",\"ok\":false,") { service.metrics.controlRequestErrors += 1 }
            endpoint.send(reply: reply, to: inbound.client)
        }
    }

    /// Gesture events (and reloads) for every subscribed client, the JSON `--events` prints.
    func publishControl(_ event: JSONValue) {
        guard !control.endpoints.isEmpty else { return }
        let line = JSONWriter.write(event)
        for e in control.endpoints { e.publish(event: line) }
    }

    // MARK: - set

    /// Checks the whole `set` first (all or nothing), then applies it.
    func apply(_ set: ControlSet, id: JSONValue?, now: Microseconds) -> String {
        guard let i = session.board.gadgets.firstIndex(where: { $0.id == set.gadget }) else {
            return ControlReply.error(id: id, field: "gadget", "no gadget \"\(set.gadget)\" on this board")
        }
        let index = GadgetIndex(i)
        var newText: GadgetText?
        if let text = set.text {
            switch controlText(text, for: session.board.gadgets[i], board: session.board) {
            case .failure(let f): return ControlReply.error(id: id, field: f.field, f.message)
            case .success(let t): newText = t
            }
        }
        var image: (ImageReference, RGBAImage?)?
        if let path = set.image {
            switch loadImage(path, for: session.board.gadgets[i]) {
            case .failure(let f): return ControlReply.error(id: id, field: "image", f.message)
            case .success(let loadedImage): image = loadedImage
            }
        }
        // A new animated or immediate change of this gadget ends its running animation first.
        finishAnimation(of: index)
        let duration = Microseconds(((set.duration ?? 0) * 1_000_000).rounded())
        let before = session.board.gadgets[i]
        let fromPose = session.world.pose(index)
        var toPose = fromPose
        if let c = set.center { toPose.center = c }
        if let r = set.rotation { toPose.rotation = Math.radians(r) }
        if let s = set.scale { toPose.scale = s }
        let animate = duration > 0
        session.updateLook(index) { g in
            if let (ref, _) = image { g.appearance = .image(ref) }
            if let c = set.color, !animate || !Self.isColor(g.appearance) { g.appearance = .color(c) }
            if let o = set.opacity, !animate { g.opacity = o }
            if let h = set.hidden { g.hidden = h }
            if let newText { g.text = newText }
        }
        if let (ref, decoded) = image, let decoded { loaded.images[ref.path] = decoded }
        if animate {
            var fromColor: Color?, toColor: Color?
            if let c = set.color, case .color(let old) = before.appearance { fromColor = old; toColor = c }
            control.animations.append(ControlAnimation(gadget: index, start: now, duration: duration, fromPose: fromPose, toPose: toPose,
                                                       fromOpacity: before.opacity, toOpacity: set.opacity ?? before.opacity,
                                                       fromColor: fromColor, toColor: toColor))
        } else if set.changesPose {
            session.place(index, at: toPose)
        }
        lookChanged(index)
        if let newText, newText != before.text { textChanged(index, from: before.text, to: newText) }
        if let z = set.z, z != before.z { reorder(index, z: z) }
        if image != nil { pruneImages() }
        needsDraw = true
        return ControlReply.ok(id: id)
    }

    static func isColor(_ a: Gadget.Appearance) -> Bool { if case .color = a { return true }; return false }

    /// The session's look of gadget `index` goes to `loaded` and the scene (a new scene when its
    /// image is not in the atlas yet).
    func lookChanged(_ index: GadgetIndex) {
        let g = session.board.gadgets[index.rawValue]
        loaded.board.gadgets[index.rawValue] = g
        if !sceneStale, displayConnected, !scene.updateLook(index.rawValue, to: g) { sceneStale = true }
    }

    /// Reads and decodes `path` below the board's directory, for gadget `g` (decoded no larger
    /// than it can be shown). An image the board already has is reused.
    func loadImage(_ path: BoardRelativePath, for g: Gadget) -> Result<(ImageReference, RGBAImage?), ControlErrorMessage> {
        guard let root = control.root else { return .failure("the demo board has no directory to read images from") }
        let ref = ImageReference(path: path.description, jsonPath: "set image")
        if loaded.images[ref.path] != nil { return .success((ref, nil)) }
        let side = BoardLoader.maximumImageSide
        let scale = g.behavior.maxScale * scene.viewport.scale
        let needed = PixelSize(min(side, Int((g.size.width * scale).rounded(.up))), min(side, Int((g.size.height * scale).rounded(.up))))
        switch ConfinedImageSource(root: root, base: []).image(at: path.description, needed: needed) {
        case .success(let image): return .success((ref, image))
        case .failure(let f): return .failure(ControlErrorMessage(f.message))
        }
    }

    /// Drops decoded images no gadget shows any more: a client cycling through a thousand
    /// pictures must not keep them all.
    func pruneImages() {
        var used = Set(loaded.board.imageReferences.map(\.path))
        if let loading = imageLoading, !loading.isFinished { used.formUnion(loaded.images.keys) }
        let before = loaded.images.count
        loaded.images = loaded.images.filter { used.contains($0.key) }
        if loaded.images.count != before { sceneStale = true }
    }

    /// `z` changed: the board is drawn and hit-tested in z order, so it is sorted again and the
    /// session rebuilt with every gadget where it is now (motion and gestures in progress stop;
    /// animations finish at once). Rare by nature: stacking, not animation.
    func reorder(_ index: GadgetIndex, z: Double) {
        finishAllAnimations()
        var board = session.board
        board.gadgets[index.rawValue].z = z
        let poses = session.renderPoses()
        let order = board.gadgets.indices.sorted { (board.gadgets[$0].z, $0) < (board.gadgets[$1].z, $1) }
        board.gadgets = order.map { board.gadgets[$0] }
        session = BoardSession(board: board, startTime: session.time, displayScale: scene.viewport.scale)
        for (new, old) in order.enumerated() { session.place(GadgetIndex(new), at: poses[old]) }
        loaded.board = board
        sceneStale = true
    }

    // MARK: - Animation

    /// Moves every running animation to `now`; finished ones end exactly at their values.
    func stepAnimations(now: Microseconds) {
        guard !control.animations.isEmpty else { return }
        var running: [ControlAnimation] = []
        for a in control.animations {
            let s = a.sample(at: now)
            applySample(a, s)
            if !s.finished { running.append(a) }
        }
        control.animations = running
        needsDraw = true
    }

    private func applySample(_ a: ControlAnimation, _ s: ControlAnimation.Sample) {
        if a.fromPose != a.toPose { session.place(a.gadget, at: s.pose) }
        session.updateLook(a.gadget) { g in
            g.opacity = s.opacity
            if let c = s.color { g.appearance = .color(c) }
        }
        lookChanged(a.gadget)
    }

    func finishAnimation(of index: GadgetIndex) {
        guard let k = control.animations.firstIndex(where: { $0.gadget == index }) else { return }
        let a = control.animations.remove(at: k)
        applySample(a, a.sample(at: a.start + a.duration))
    }

    func finishAllAnimations() {
        for a in control.animations { applySample(a, a.sample(at: a.start + a.duration)) }
        control.animations.removeAll()
    }

    // MARK: - load

    /// Loads another board file of the board's directory, all or nothing (as SIGHUP does). Its
    /// images are read below the directory too.
    func load(_ path: BoardRelativePath, id: JSONValue?, now: Microseconds) -> String {
        guard let root = control.root else { return ControlReply.error(id: id, field: "path", "the demo board has no directory to load from") }
        let name = FileIO.resolve(path.description, against: root)
        let bytes: [UInt8]
        do { bytes = try ConfinedFile.read(path.components, under: root, limit: KioskControl.maximumBoardFileBytes, name: path.description) } catch {
            return ControlReply.error(id: id, field: "path", ConfinedImageSource.problem(error, path: path.description))
        }
        let images = ConfinedImageSource(root: root, base: Array(path.components.dropLast()))
        let result = BoardLoader.load(bytes: bytes, name: name, images: images, displayScale: scene.viewport.scale)
        service.reloadBegan(now: now, path: name, reason: "control load")
        let problems = adopt(result, path: name)
        if problems.isEmpty {
            control.boardPath = name
            return ControlReply.ok(id: id, [("board", .string(name))])
        }
        let shown = problems.prefix(8).joined(separator: "; ")
        let more = problems.count > 8 ? " (and \(problems.count - 8) more)" : ""
        return ControlReply.error(id: id, field: "path", "\(problems.count) problem\(problems.count == 1 ? "" : "s"), still showing \(loaded.name): \(shown)\(more)")
    }

    // MARK: - snapshot

    /// A frame was presented: clients waiting for one drawn after their request get its PNG.
    func answerSnapshots() {
        guard !control.snapshotWaiters.isEmpty else { return }
        let ready = control.snapshotWaiters.filter { drawnFrames > $0.afterFrame }
        guard !ready.isEmpty else { return }
        control.snapshotWaiters.removeAll { drawnFrames > $0.afterFrame }
        let fields: Result<[(String, JSONValue)], ControlErrorMessage>
        do {
            let image = try display.readPixels()
            let png = try PNGCodec.encode(image)
            fields = .success([("width", .number(Double(image.width))), ("height", .number(Double(image.height))),
                               ("png", .string(Base64.encode(png)))])
        } catch {
            fields = .failure(ControlErrorMessage("snapshot failed: \(error)"))
        }
        for w in ready where w.endpoint < control.endpoints.count {
            switch fields {
            case .success(let f): control.endpoints[w.endpoint].send(reply: ControlReply.ok(id: w.id, f), to: w.client)
            case .failure(let m): control.endpoints[w.endpoint].send(reply: ControlReply.error(id: w.id, field: nil, m.message), to: w.client)
            }
        }
    }
}

/// A message for a control client (an `Error` so it fits a `Result`).
struct ControlErrorMessage: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    var message: String
    init(_ message: String) { self.message = message }
    init(stringLiteral value: String) { message = value }
}
