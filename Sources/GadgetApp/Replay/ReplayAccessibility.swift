import GadgetCore

/// Replay's accessibility state (issue 39): keypad navigation through the board's keys, and with
/// `replay --speech on` explore by touch and what would be spoken, as events, so a recorded
/// session can be followed without a sound card. The same pure pieces as the kiosk's
/// (`AccessibilityKeys`, `AccessibilityFocus`, `TouchExploration`, `SpeechQueue`), in recording time.
struct ReplayAccessibility {
    var focus = AccessibilityFocus()
    var exploration = TouchExploration()
    var speech = SpeechQueue()
    /// Speech mode: touches explore, the focus is said.
    var speaking = false
    /// Three fingers held: speech mode on or off.
    var toggle = SpeechToggleGesture()
    /// A headset is in the jack (a recorded SW_HEADPHONE_INSERT): private text may be said.
    var privateOutput = false
    /// Shift keys down now (for Shift-Tab).
    var shiftsDown = Set<UInt16>()
    /// Synthetic activation taps' touch ids, counting down.
    var syntheticTouch = Int.max / 2
    /// More time: the idle return's warning (EN 11.2.2.1), as the kiosk's KioskTimeouts gives it.
    var idleWarning = TimeLimitWarning()
    /// The visitor's high-contrast and large-text modes (a key, the accessibility button; back
    /// to normal at the idle return), as events: replay draws nothing.
    var display = AccessibilityDisplay.normal
    /// Reach mode (a key, `replay --accessibility reach`): gadgets moved at once, no animation.
    var reach = ReachMode()
    /// Each captioned video's captions shown, by gadget id (the board's `captions.show`, then a
    /// key; back to the board's at the idle return), as events: replay draws nothing.
    var captions: [String: Bool] = [:]
    /// A gadget picked up to be moved with keys (EN 5.9), as the kiosk's KioskKeypad holds it.
    var pickUp = GadgetPickUp()
    /// The accessibility panel (`AccessibilityPanel`), as the kiosk's: its gadgets shown and
    /// relabelled in the session; nil on a board without the button.
    var panel: AccessibilityPanel?
    /// The visitor's "More time": the idle return's limit twice as long.
    var moreTime = false
    /// What was said and when, for `replay --audio-out` (`SpeechTimeline`).
    var timeline = SpeechTimeline()
}

extension ReplayRun {
    /// A recorded key before typing: true when it navigated (or was a navigation key's repeat or
    /// release), so typing must not get it.
    mutating func navigate(_ k: KeyStroke) -> Bool {
        // A key down is a user action: what is said stops (EN 5.1.3.5), as in the kiosk.
        if k.action == .down { access.timeline.record(access.speech.interrupt(), at: k.time) }
        if k.code == EvdevKey.leftShift || k.code == EvdevKey.rightShift {
            if k.action == .up { access.shiftsDown.remove(k.code) } else { access.shiftsDown.insert(k.code) }
            return false
        }
        if access.pickUp.held != nil {
            if k.action == .down, let outcome = heldKey(k.code) { perform(outcome, time: k.time) }
            return k.action != .up
        }
        let board = session.board
        let tree = AccessibilityTree(board: board, page: session.currentPage)
        guard let command = board.accessibility.keys.command(for: k.code, shift: !access.shiftsDown.isEmpty,
                                                             typing: fields.focused != nil, rightToLeft: tree.rightToLeft) else { return false }
        guard k.action == .down else { return k.action == .repeat }
        for outcome in access.focus.handle(command, in: tree) {
            switch outcome {
            case .focused(let node):
                focusMoved(to: node, time: k.time)
            case .activate(let node) where session.board.gadgets.first(where: { $0.id == node.id }).map(GadgetPickUp.activationPicksUp) == true,
                 .pickUp(let node):
                guard let i = session.board.gadgets.firstIndex(where: { $0.id == node.id }) else { continue }
                perform(access.pickUp.pickUp(session.board.gadgets[i], label: node.label, pose: session.world.pose(GadgetIndex(i))), time: k.time)
            case .activate(let node):
                lines.append(JSONWriter.write(AccessibilityEvent.json("activated", time: k.time, [("gadget", .string(node.id))])))
                if node.role == .field { fields.focus(node.id) } else { session.activate(node.id, at: k.time); emit([]) }
            case .back:
                // Back closes the accessibility panel first, as the kiosk's KioskKeypad does.
                if access.panel?.isOpen == true { _ = session.activate(AccessibilityPanel.id(.close), at: k.time) } else { session.goBack(at: k.time) }
                emit([])
            case .help(let text, let gadget):
                say(text, gadget: gadget, publicText: text, language: nil, time: k.time)
            case .toggleSpeech:
                access.speaking.toggle()
                applyTimeoutScale()
                access.exploration.reset()
                lines.append(JSONWriter.write(AccessibilityEvent.json("mode", time: k.time, [("speech", .bool(access.speaking))])))
            case .toggleContrast:
                var d = access.display
                d.highContrast.toggle()
                setDisplay(d, cause: "key", time: k.time)
            case .toggleLargeText:
                var d = access.display
                d.largeText.toggle()
                setDisplay(d, cause: "key", time: k.time)
            case .toggleReach:
                setReach(!access.reach.isOn, cause: "key", time: k.time)
            case .toggleCaptions(let focused):
                toggleCaptions(focused: focused, cause: "key", time: k.time)
            case .repeatSpeech:
                let commands = access.speech.repeatLast()
                access.timeline.record(commands, at: k.time)
                for case .speak(let u, _) in commands {
                    lines.append(JSONWriter.write(AccessibilityEvent.spoken(u, time: k.time)))
                }
            case .speechRate(let faster):
                sayState(access.speech.stepRate(faster: faster), time: k.time)
            case .speechVolume(let louder):
                sayState(access.speech.stepVolume(louder: louder), time: k.time)
            }
        }
        return true
    }

    /// A recorded touch frame in speech mode: explores instead of reaching the board; true when
    /// taken (speech mode on).
    mutating func explore(_ frame: TouchFrame) -> Bool {
        access.toggle.observe(frame)
        if access.toggle.owning { return true }
        guard access.speaking else {
            // Outside speech mode a touch still stops speech (a help key's, say), as in the kiosk.
            if frame.touches.contains(where: { $0.phase == .began }) { access.timeline.record(access.speech.interrupt(), at: frame.time) }
            return false
        }
        let board = session.board
        let tree = AccessibilityTree(board: board, page: session.currentPage)
        for outcome in access.exploration.handle(frame, hit: { tree.node(at: $0, on: board)?.id }) {
            switch outcome {
            case .interrupt:
                access.timeline.record(access.speech.interrupt(), at: frame.time)
            case .explore(let id):
                guard let node = tree.node(id: id) else { continue }
                access.focus.set(id)
                sayFocus(node, time: frame.time)
            case .activate(let id):
                if !doubleTapped(id, at: access.exploration.doubleTapLocation, time: frame.time) { activate(id, time: frame.time) }
            case .swipe(let forward, let from):
                access.focus.set(from)
                for case .focused(let node) in access.focus.handle(forward ? .next : .previous, in: tree) {
                    focusMoved(to: node, time: frame.time)
                    access.exploration.said(node.id)
                }
            }
        }
        return true
    }

    /// More time (EN 11.2.2.1): the board's `timeoutScale`, else 2 in speech mode.
    mutating func applyTimeoutScale() {
        session.setTimeoutScale(TimeLimitWarning.scale(board: session.board.accessibility.timeoutScale, speech: access.speaking) * (access.moreTime ? 2 : 1))
    }

    /// Gives the idle return's warning if it falls by `limit` (recording time), as the kiosk
    /// does: the session is advanced to the warning's time, then a `timeoutWarning` event and
    /// the warning said (whether or not speech mode is on: two senses).
    mutating func warnTimeouts(upTo limit: Microseconds) {
        let w = session.idleReturnWindow
        guard let at = access.idleWarning.nextCheck(start: w.start, deadline: w.deadline), at <= limit, let deadline = w.deadline else { return }
        let now = max(at, session.time)
        guard now < deadline else { return }
        emit(session.advance(to: now))
        let after = session.idleReturnWindow
        guard access.idleWarning.due(start: after.start, deadline: after.deadline, now: now), let d = after.deadline else { return }
        lines.append(JSONWriter.write(AccessibilityEvent.timeoutWarning(limit: "idleReturn", deadline: d, time: now)))
        say(TimeLimitWarning.text, gadget: nil, publicText: TimeLimitWarning.text, language: "en", time: now)
    }

    /// Three fingers held to `limit` (recording time) toggle speech mode, as the kiosk's
    /// KioskSpeech.followToggle does at the hold's end: their touches are cancelled where they
    /// went (the board, or exploration).
    mutating func toggleSpeechByHold(upTo limit: Microseconds) {
        guard let d = access.toggle.deadline, d <= limit else { return }
        emit(session.advance(to: max(d, session.time)))
        let now = max(d, session.time)
        guard access.toggle.fire(now: now) else { return }
        let cancel = access.toggle.cancellation(at: now)
        if access.speaking { _ = access.exploration.handle(cancel, hit: { _ in nil }) } else { emit(session.apply(cancel)) }
        access.speaking.toggle()
        if !access.speaking { access.timeline.record(access.speech.interrupt(), at: now) }
        access.exploration.reset()
        applyTimeoutScale()
        lines.append(JSONWriter.write(AccessibilityEvent.json("mode", time: now, [("speech", .bool(access.speaking))])))
    }

    /// A recorded headphone jack's switch, as the kiosk's KioskSpeech.headset: in turns speech
    /// mode on with private output; out makes the output public and stops what was said.
    mutating func headset(_ c: HeadsetSwitch.Change) {
        if !c.plugged { access.timeline.record(access.speech.interrupt(), at: c.time) }
        if c.plugged != access.privateOutput {
            access.privateOutput = c.plugged
            lines.append(JSONWriter.write(AccessibilityEvent.json("output", time: c.time, [("private", .bool(c.plugged))])))
        }
        if c.plugged && !access.speaking {
            access.speaking = true
            access.exploration.reset()
            applyTimeoutScale()
            lines.append(JSONWriter.write(AccessibilityEvent.json("mode", time: c.time, [("speech", .bool(true))])))
        }
    }

    /// The page changed or the idle return came: nothing focused, exploration afresh.
    mutating func pageChanged() {
        access.pickUp.release()
        access.focus.reset()
        access.exploration.reset()
    }

    /// In speech mode, what a visitor's toggle did is said (EN 5.6.1), as the kiosk does.
    mutating func sayState(_ text: String, time: Microseconds) {
        guard access.speaking else { return }
        say(text, gadget: nil, publicText: text, language: nil, time: time)
    }

    private mutating func focusMoved(to node: AccessibilityNode, time: Microseconds) {
        let spoken = node.focusSpeech(privateOutput: access.privateOutput)
        lines.append(JSONWriter.write(AccessibilityEvent.focus(node, publicText: spoken.publicText, time: time)))
        if node.role == .field { fields.focus(node.id) } else if fields.focused != nil { fields.focus(nil) }
        if access.speaking { sayFocus(node, time: time) }
    }

    private mutating func sayFocus(_ node: AccessibilityNode, time: Microseconds) {
        let s = node.focusSpeech(privateOutput: access.privateOutput)
        guard !s.text.isEmpty else { return }
        say(s.text, gadget: node.id, publicText: s.publicText, language: node.language, time: time)
    }

    mutating func say(_ text: String, gadget: String?, publicText: String?, language: String?, time: Microseconds) {
        let commands = access.speech.say(text, language: language ?? session.board.language, gadget: gadget, publicText: publicText)
        access.timeline.record(commands, at: time)
        for c in commands {
            if case .speak(let u, _) = c { lines.append(JSONWriter.write(AccessibilityEvent.spoken(u, time: time))) }
        }
    }

    /// Explore by touch's double tap: a tap at the gadget's centre where it is now, through the
    /// board's own gestures, as the kiosk's KioskSpeech does.
    private mutating func activate(_ id: String, time: Microseconds) {
        lines.append(JSONWriter.write(AccessibilityEvent.json("activated", time: time, [("gadget", .string(id))])))
        guard let i = session.board.gadgets.firstIndex(where: { $0.id == id }) else { return }
        let at = session.renderPoses()[i].center
        let touch = TouchID(device: -38, tracking: access.syntheticTouch)
        access.syntheticTouch -= 1
        for f in AccessibilityFocus.activationTap(at: at, time: time, touch: touch) { emit(session.apply(f)) }
    }
}

extension ReplayRun {
    /// The display modes as the kiosk's live board changes them: an event when they change.
    mutating func setDisplay(_ d: AccessibilityDisplay, cause: String, time: Microseconds) {
        guard d != access.display else { return }
        access.display = d
        lines.append(JSONWriter.write(AccessibilityEvent.display(d, cause: cause, time: time)))
    }

    /// After an action event: the accessibility button's tap cycles the modes, its long press
    /// turns speech mode on or off, the idle return puts the modes back to normal (as
    /// LiveBoard.publish and KioskLoop do).
    mutating func followAccessibility(_ a: ActionEvent) {
        if a.kind == .idleReturn {
            // The visitor's session ended: speech stops, rate and volume back (as the kiosk).
            access.timeline.record(access.speech.sessionEnded(), at: a.time)
            setDisplay(.normal, cause: "idleReturn", time: a.time)
            setReach(false, cause: "idleReturn", time: a.time)
            setCaptions(CaptionsToggle.boardSetting(session.board).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, cause: "idleReturn", time: a.time)
            if access.moreTime { access.moreTime = false; applyTimeoutScale() }
            if access.panel?.idleReturn() == true { showPanel() }
        }
        if let outcome = access.panel?.handle(a) { performPanel(outcome, time: a.time) }
        if a.kind == .page { reachPageShown() }
        if AccessibilityButton.isLongPress(a) {
            access.speaking.toggle()
            applyTimeoutScale()
            access.exploration.reset()
            lines.append(JSONWriter.write(AccessibilityEvent.json("mode", time: a.time, [("speech", .bool(access.speaking))])))
        }
    }
}

extension ReplayRun {
    /// Reach mode on or off, as the kiosk's LiveBoard+Reach does but at once (replay has no
    /// animation): the same gadgets to the same places (`ReachMode`), a `reach` event, and in
    /// speech mode the new state said. A board without it (or a page that does not fit) refuses,
    /// as the kiosk does: nothing moves, and in speech mode the refusal is said. Returns the refusal.
    @discardableResult
    mutating func setReach(_ on: Bool, cause: String, time: Microseconds) -> ReachMode.Refusal? {
        guard on != access.reach.isOn else { return nil }
        let board = session.board
        let moves: [ReachMode.Move]
        if on {
            switch access.reach.turnOn(board: board, page: session.currentPage, at: reachCenter) {
            case .failure(let refusal):
                if cause != "idleReturn" { sayState(AccessibilityKeys.reachUnavailable, time: time) }
                return refusal
            case .success(let m): moves = m
            }
        } else {
            moves = access.reach.turnOff()
        }
        reachPlace(moves)
        lines.append(JSONWriter.write(AccessibilityEvent.reach(on, cause: cause, time: time)))
        if cause == "key" || cause == "panel" { sayState(AccessibilityKeys.reachSpoken(on), time: time) }
        return nil
    }

    /// A page shown while reach mode is on: its controls move too.
    mutating func reachPageShown() {
        guard access.reach.isOn, let moves = access.reach.pageShown(board: session.board, page: session.currentPage, at: reachCenter) else { return }
        reachPlace(moves)
    }

    private func reachCenter(_ id: String) -> Vector2? {
        session.board.gadgets.firstIndex(where: { $0.id == id }).map { session.world.pose(GadgetIndex($0)).center }
    }

    private mutating func reachPlace(_ moves: [ReachMode.Move]) {
        for m in moves {
            guard let i = session.board.gadgets.firstIndex(where: { $0.id == m.id }) else { continue }
            var pose = session.world.pose(GadgetIndex(i))
            pose.center = m.to
            session.place(GadgetIndex(i), at: pose)
        }
    }

    /// The captions key (`CaptionsToggle`): the focused video's captions, else every captioned
    /// video's of the page shown, on unless all are; a `captions` event and in speech mode the
    /// new state said, as the kiosk does.
    mutating func toggleCaptions(focused: String?, cause: String, time: Microseconds) {
        let targets = CaptionsToggle.targets(board: session.board, page: session.currentPage, focused: focused)
        let on = CaptionsToggle.toggled(targets.map { access.captions[$0] ?? false })
        setCaptions(targets.map { ($0, on) }, cause: cause, time: time)
        sayState(CaptionsToggle.spoken(on: on, count: targets.count), time: time)
    }

    /// Sets each video's captions; one `captions` event for those that changed.
    mutating func setCaptions(_ wanted: [(String, Bool)], cause: String, time: Microseconds) {
        var changed: [(String, Bool)] = []
        for (id, on) in wanted where access.captions[id] != on {
            access.captions[id] = on
            changed.append((id, on))
        }
        guard !changed.isEmpty else { return }
        lines.append(JSONWriter.write(AccessibilityEvent.captions(changed, cause: cause, time: time)))
    }
}

extension ReplayRun {
    /// The visitor's modes as the panel shows them.
    var panelModes: AccessibilityPanel.Modes {
        let targets = CaptionsToggle.targets(board: session.board, page: session.currentPage, focused: nil)
        return AccessibilityPanel.Modes(speech: access.speaking, highContrast: access.display.highContrast, largeText: access.display.largeText,
                                        captions: !targets.isEmpty && targets.allSatisfy { access.captions[$0] == true },
                                        reach: access.reach.isOn, moreTime: access.moreTime)
    }

    /// The panel's gadgets shown or hidden, with each entry's state, in the session (hit testing
    /// and the accessibility tree follow), as the kiosk's LiveBoard+AccessibilityPanel does.
    mutating func showPanel() {
        guard let panel = access.panel else { return }
        for look in panel.looks(modes: panelModes) {
            guard let i = session.board.gadgets.firstIndex(where: { $0.id == look.id }) else { continue }
            session.updateLook(GadgetIndex(i)) { g in
                g.hidden = look.hidden
                if let t = look.text { g.text?.style.string = t }
            }
        }
    }

    /// A press of the panel, carried out as the kiosk's KioskLoop+AccessibilityPanel does.
    mutating func performPanel(_ outcome: AccessibilityPanel.Outcome, time: Microseconds) {
        switch outcome {
        case .opened:
            showPanel()
            sayState(AccessibilityPanel.openedSpeech, time: time)
        case .closed:
            showPanel()
            access.focus.reset()
            sayState("Accessibility panel closed", time: time)
        case .toggle(let entry):
            switch entry {
            case .speech:
                access.speaking.toggle()
                applyTimeoutScale()
                access.exploration.reset()
                lines.append(JSONWriter.write(AccessibilityEvent.json("mode", time: time, [("speech", .bool(access.speaking))])))
            case .contrast:
                var d = access.display
                d.highContrast.toggle()
                setDisplay(d, cause: "panel", time: time)
            case .largeText:
                var d = access.display
                d.largeText.toggle()
                setDisplay(d, cause: "panel", time: time)
            case .captions:
                toggleCaptions(focused: nil, cause: "panel", time: time)
            case .reach:
                setReach(!access.reach.isOn, cause: "panel", time: time)
            case .moreTime:
                access.moreTime.toggle()
                applyTimeoutScale()
                lines.append(JSONWriter.write(AccessibilityEvent.json("moreTime", time: time, [("moreTime", .bool(access.moreTime)), ("cause", .string("panel"))])))
            case .close:
                break
            }
            showPanel()
            if entry != .reach && entry != .captions { sayState(AccessibilityPanel.spoken(entry, modes: panelModes), time: time) }
        }
    }
}
