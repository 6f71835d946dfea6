/// Pages and actions in the session: background pans drag the pages, taps and long presses run
/// gadgets' actions, and the idle return goes home. Everything here happens at event times, so
/// live and `replay` agree; what it did comes out of `takeActionEvents()`.
extension BoardSession {
    /// The id of the page shown (or springing into view); nil on a board without pages.
    public var currentPage: String? { pager?.currentID }

    /// Page and action events since the last call, in order. The caller publishes them after the
    /// gesture events of the same `apply`/`advance` call (they are what those gestures caused).
    /// Called after every `apply`/`advance`, so with none pending it returns the empty array
    /// without touching the heap.
    public mutating func takeActionEvents() -> [ActionEvent] {
        guard !pendingActions.isEmpty else { return [] }
        let taken = pendingActions
        pendingActions = []
        return taken
    }

    /// Sounds the touches since the last call asked for (a `play` action, the board's
    /// `tapSound`), in order, each at its touch's time. Called after every `apply`/`advance`;
    /// with none pending it returns the empty array without touching the heap.
    public mutating func takeSoundCues() -> [SoundCue] {
        guard !pendingSounds.isEmpty else { return [] }
        let taken = pendingSounds
        pendingSounds = []
        return taken
    }

    /// Shows the page with this id, as an operator's command (the control socket's `page`):
    /// animated from where the view is (on the page spring, or over `seconds`), or at once. Counts as use of the panel (the idle return
    /// waits again), and `back` can return to the page left. False for an unknown id or a board
    /// without pages. A page event (cause `control`) is queued when the page changed.
    @discardableResult
    public mutating func showPage(_ id: String, animated: Bool, at time: Microseconds, cause: ActionEvent.Cause = .control,
                                  seconds: Double? = nil) -> Bool {
        guard var p = pager, let k = board.pageIndex(id: id) else { return false }
        let from = p.currentID
        if p.show(k, animated: animated, seconds: seconds) { queuePageEvent(time: time, page: p.currentID, from: from, cause: cause, gadget: nil) }
        pager = p
        idleReturn.activity(at: time)
        gestures.touchablePage = touchablePage
        return true
    }

    /// Goes back to the page left before this one, as a page's `back` action does (a keypad's
    /// back key). Counts as use of the panel. False when there is nothing to go back to.
    @discardableResult
    public mutating func goBack(at time: Microseconds, cause: ActionEvent.Cause = .key) -> Bool {
        guard var p = pager else { return false }
        let from = p.currentID
        let went = p.back(animated: true) != nil
        if went { queuePageEvent(time: time, page: p.currentID, from: from, cause: cause, gadget: nil) }
        pager = p
        idleReturn.activity(at: time)
        gestures.touchablePage = touchablePage
        return went
    }

    /// Runs gadget `id`'s tap action as a recognized tap on it would (the action and its events,
    /// the board's tap sound), at once: a keypad's Enter (EN 5.1.6). A synthetic tap would wait
    /// out the double-tap interval and miss while a page still slides. Counts as use of the
    /// panel. False when the gadget has no tap action.
    @discardableResult
    public mutating func activate(_ id: String, at time: Microseconds) -> Bool {
        idleReturn.activity(at: time)
        guard let g = board.gadget(id: id), let action = g.action else { return false }
        if let click = board.audio.tapSound {
            if case .play = action {} else { pendingSounds.append(SoundCue(time: time, sound: click, gadget: id)) }
        }
        run(action, gadget: id, gesture: .tap, time: time)
        gestures.touchablePage = touchablePage
        return true
    }

    /// Puts the gadgets of page `page` (nil: the page shown) and the shared ones back at their
    /// board poses; on a board without pages, every gadget.
    public mutating func resetPage(_ page: String? = nil) {
        let k = page.flatMap { board.pageIndex(id: $0) } ?? pager?.current
        for i in world.poses.indices where gadgetPages[i] == nil || gadgetPages[i] == k {
            world.restoreBoardPose(GadgetIndex(i))
        }
    }

    /// The page spring runs (released pages settling): the loop must keep drawing.
    var pagesSpring: Bool {
        guard let pager else { return false }
        return !pager.isDragging && !pager.isSettled
    }

    /// Which page's gadgets a touch may land on now (see `GestureEngine.touchablePage`).
    var touchablePage: String? {
        guard let pager else { return nil }
        return pager.isSettled ? pager.currentID : nil
    }

    /// Steps the page spring on its fixed grid up to `time`, every step like the World's (replay
    /// may advance seconds at once). Settled pages skip steps without running them, and a
    /// critically damped spring settles within about 1.2 s, so the loop is short.
    mutating func stepPages(to time: Microseconds) {
        guard var p = pager, time > pageStepOrigin else { return }
        let due = Int64((Double(time - pageStepOrigin) * clock.rate / 1_000_000).rounded(.down))
        guard due > pageSteps else { return }
        if p.isSettled || p.isDragging {
            pageSteps = due
            return
        }
        let dt = 1 / clock.rate
        while pageSteps < due {
            p.step(dt: dt)
            pageSteps += 1
            if p.isSettled { pageSteps = due }
        }
        pager = p
    }

    /// The idle return, if it came due by `time`: the home page at once (nobody is watching),
    /// its gadgets back at their board poses, the way back forgotten (a new visitor starts fresh).
    mutating func returnHomeIfDue(by time: Microseconds) {
        guard let at = idleReturn.take(by: time) else { return }
        var home: String?
        if var p = pager {
            let k = (idleHomeOverride ?? board.idle.homePage).flatMap { board.pageIndex(id: $0) } ?? 0
            let from = p.currentID
            let changed = p.show(k, animated: false, remember: false)
            p.forgetHistory()
            pager = p
            home = p.currentID
            if changed { queuePageEvent(time: at, page: p.currentID, from: from, cause: .idle, gadget: nil) }
        }
        resetPage(home)
        pendingActions.append(ActionEvent(time: at, kind: .idleReturn, page: home))
        gestures.touchablePage = touchablePage
    }

    /// Background pans drive the pages; recognized taps and begun long presses on gadgets with
    /// actions run them. A recognized tap on a gadget with a tap action (a button) plays the
    /// board's `tapSound`, unless the action plays a sound of its own.
    mutating func runPagesAndActions(_ events: [GestureEvent]) {
        for e in events {
            if let id = e.gadget {
                guard e.kind == .tap && e.state == .recognized || e.kind == .longPress && e.state == .began,
                      let g = board.gadget(id: id) else { continue }
                if e.kind == .tap, let action = g.action, let click = board.audio.tapSound {
                    if case .play = action {} else { pendingSounds.append(SoundCue(time: e.time, sound: click, gadget: id)) }
                }
                if let action = e.kind == .tap ? g.action : g.longPressAction { run(action, gadget: id, gesture: e.kind, time: e.time) }
            } else if e.kind == .pan, var p = pager {
                let from = p.currentID
                switch e.state {
                case .began:
                    p.beginDrag()
                    p.drag(translation: e.translation?.x ?? 0)
                case .changed:
                    p.drag(translation: e.translation?.x ?? 0)
                case .ended:
                    p.drag(translation: e.translation?.x ?? 0)
                    if p.endDrag(fingerVelocity: e.velocity?.x ?? 0) != nil {
                        queuePageEvent(time: e.time, page: p.currentID, from: from, cause: .swipe, gadget: nil)
                    }
                default:
                    p.cancelDrag()
                }
                pager = p
            }
        }
        gestures.touchablePage = touchablePage
    }

    private mutating func run(_ action: GadgetAction, gadget: String, gesture: GestureEvent.Kind, time: Microseconds) {
        var event = ActionEvent(time: time, kind: .action, page: pager?.currentID)
        event.action = action.kindName
        event.gadget = gadget
        event.gesture = gesture
        if case .emit(let name) = action { event.name = name }
        if case .play(let name) = action { event.name = name }
        pendingActions.append(event)
        let cause: ActionEvent.Cause = gesture == .longPress ? .longPress : .tap
        switch action {
        case .page(let id):
            guard var p = pager, let k = board.pageIndex(id: id) else { return }
            let from = p.currentID
            if p.show(k, animated: true) { queuePageEvent(time: time, page: p.currentID, from: from, cause: cause, gadget: gadget) }
            pager = p
        case .back:
            guard var p = pager else { return }
            let from = p.currentID
            if p.back(animated: true) != nil { queuePageEvent(time: time, page: p.currentID, from: from, cause: cause, gadget: gadget) }
            pager = p
        case .emit:
            break
        case .reset:
            resetPage()
        case .play(let name):
            pendingSounds.append(SoundCue(time: time, sound: name, gadget: gadget))
        }
    }

    private mutating func queuePageEvent(time: Microseconds, page: String, from: String, cause: ActionEvent.Cause, gadget: String?) {
        var e = ActionEvent(time: time, kind: .page, page: page)
        e.from = from
        e.cause = cause
        e.gadget = gadget
        pendingActions.append(e)
    }
}
