import GadgetCore
import GadgetSystem

/// What the live board tells the loop: events go to the metrics, `--events` and subscribers; a
/// load's beginning and end go to the service and the log, a load's end also to subscribers
/// (`reload`, `reloadFailed`), the control client that asked for it, the input mapping, the idle
/// settings, the features, and (in the window preview, or with `--show-problems`) the banner.
extension KioskLoop: LiveBoardObserver {
    func liveBoard(_ board: LiveBoard, published gestures: [GestureEvent], actions: [ActionEvent]) {
        for e in gestures {
            service.metrics.record(e)
            events.publish(e.json)
        }
        for a in actions {
            service.metrics.record(a)
            events.publish(a.json)
        }
        speech.pagesChanged(actions, board: board.board, page: board.session.currentPage) { events.publish($0) }
        // The accessibility button's long press: speech mode on or off (AccessibilityButton.swift).
        for press in actions where AccessibilityButton.isLongPress(press) {
            _ = speech.setEnabled(!speech.enabled, now: press.time) { events.publish($0) }
        }
        if actions.contains(where: { $0.kind == .page || $0.kind == .idleReturn }) { keypad.reset() }
        followAccessibilityPanel(actions)  // KioskLoop+AccessibilityPanel.swift
    }

    func liveBoard(_ board: LiveBoard, display: AccessibilityDisplay, cause: String, now: Microseconds) {
        events.publish(AccessibilityEvent.display(display, cause: cause, time: now))
        // A visitor who pressed for it hears what they got (EN 5.6.1), in speech mode.
        if speech.enabled && cause == "key" {  // the panel says its entry itself
            speech.say(AccessibilityButton.spoken(display), language: nil, gadget: nil, publicText: AccessibilityButton.spoken(display), now: now) { events.publish($0) }
        }
    }

    func liveBoard(_ board: LiveBoard, reach on: Bool, cause: String, now: Microseconds) {
        events.publish(AccessibilityEvent.reach(on, cause: cause, time: now))
        if speech.enabled && cause == "key" {
            let text = AccessibilityKeys.reachSpoken(on)
            speech.say(text, language: nil, gadget: nil, publicText: text, now: now) { events.publish($0) }
        }
    }

    /// Live data that changes under the focus is said again, in speech mode (issue 39 §2): the
    /// gadget as a finger or key would hear it (label or new text, role, hint; private only on a
    /// headset).
    func liveBoard(_ board: LiveBoard, textChanged gadget: String, now: Microseconds) {
        guard speech.enabled, keypad.focused == gadget,
              let node = AccessibilityTree(board: board.board, page: board.session.currentPage).node(id: gadget) else { return }
        speech.say(node, now: now) { events.publish($0) }
    }

    /// An input error is said, in speech mode (EN 5.1.3.15): the field's label, then its problem.
    func liveBoard(_ board: LiveBoard, fieldProblem gadget: String, message: String) {
        guard speech.enabled else { return }
        let label = AccessibilityTree(board: board.board, page: board.session.currentPage).node(id: gadget)?.label ?? gadget
        let text = "\(label): \(message)"
        speech.say(text, language: nil, gadget: gadget, publicText: text, now: board.session.time) { events.publish($0) }
    }

    func liveBoard(_ board: LiveBoard, captions: [(gadget: String, show: Bool)], cause: String, now: Microseconds) {
        events.publish(AccessibilityEvent.captions(captions, cause: cause, time: now))
    }

    func liveBoard(_ board: LiveBoard, cues: [SoundCue]) {
        for c in cues { audio.play(c.sound, from: board.sounds) }
    }

    func liveBoard(_ board: LiveBoard, loadBegan path: String, reason: String, now: Microseconds) {
        service.reloadBegan(now: now, path: path, reason: reason)
    }

    func liveBoard(_ board: LiveBoard, loadFinished ticket: Int, path: String, end: LoadEnd) {
        switch end {
        case .shown:
            input.boardRefitted()
            power.applySettings(board.board.idle)
            audio.boardShown(board.board)
            speech.boardShown(board.board)
            keypad.reset()
            timeouts.boardShown()
            service.metrics.boardName = board.name
            service.metrics.boardGadgets = board.board.gadgets.count
            drawer.redrawAll()
            finishReload(board: path, problems: [])
            events.publish(.object([("type", .string("reload")), ("board", .string(path))]), stdout: false)
        case .rejected(let problems):
            finishReload(board: path, problems: problems)
        case .superseded:
            Loggers.board.info("\(path): load replaced by a newer one before it was ready")
        }
        control.answerLoad(ticket: ticket, path: path, end: end)
    }

    /// The service hears how a reload ended (problems it has logged already, the same board saved
    /// broken again, are said in one line); subscribers always hear a refusal.
    private func finishReload(board: String, problems: [String]) {
        drawer.showProblems(problems, board: board)
        if !problems.isEmpty {
            events.publish(.object([("type", .string("reloadFailed")), ("board", .string(board)),
                                    ("problems", .array(problems.map { .string($0) }))]), stdout: false)
        }
        if reloadProblems.isNew(problems) {
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: problems)
        } else {
            Loggers.board.error("\(board): still the same \(problems.count) problem\(problems.count == 1 ? "" : "s") as before; still showing \(live.name)")
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: [], rejected: problems.count)
        }
    }
}
