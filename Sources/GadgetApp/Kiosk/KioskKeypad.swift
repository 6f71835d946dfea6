import GadgetCore

/// Keypad and keyboard navigation (EN 5.1.6; docs/accessibility.md): the board's navigation keys
/// (`AccessibilityKeys`) move the accessibility focus (`AccessibilityFocus`) through the tree of
/// the page shown, activate what it is on as a tap would, go back a page, speak help and toggle
/// speech. Keys reach here before typing: while a field has typing focus only Tab/Shift-Tab (and
/// non-editing help/speech keys) navigate; any other key types. Focus on a field gives it typing
/// focus. Any key down stops speech (EN 5.1.3.5). Thread: the loop's.
final class KioskKeypad: KeyNavigating {
    private(set) var focus = AccessibilityFocus()
    /// A gadget picked up to be moved, sized or turned with keys (EN 5.9).
    private(set) var pickUp = GadgetPickUp()
    /// A key went down: the panel was used (PanelPower: the idle return, blanking, the attract loop).
    var used: (Microseconds) -> Void = { _ in }
    private let live: LiveBoard
    private let speech: KioskSpeech
    private let publish: (JSONValue) -> Void

    init(live: LiveBoard, speech: KioskSpeech, publish: @escaping (JSONValue) -> Void) {
        self.live = live
        self.speech = speech
        self.publish = publish
    }

    /// The focused gadget, for the focus ring and `state`; nil: none.
    var focused: String? { focus.focused }

    /// A key of a keyboard or keypad, before typing sees it (`shift`: a Shift key is held on
    /// that device). True: it navigated, typing must not get it.
    func take(_ k: KeyStroke, shift: Bool) -> Bool {
        if k.action == .down {
            // A key is use of the kiosk: speech stops (EN 5.1.3.5), time limits restart (EN 11.2.2.1).
            speech.interrupt(byActionAt: k.time, publish: publish)
            used(k.time)
        }
        // While a gadget is held every key is the held gadget's: a step, down, back, or nothing
        // (its release passes on, as a navigation key's does).
        if pickUp.held != nil {
            if k.action == .down, let outcome = heldKey(k.code) { perform(outcome, now: k.time) }
            return k.action != .up
        }
        let board = live.board
        let tree = AccessibilityTree(board: board, page: live.session.currentPage)
        guard let command = board.accessibility.keys.command(for: k.code, shift: shift, typing: live.fields.focused != nil,
                                                             rightToLeft: tree.rightToLeft) else { return false }
        // A navigation key's release passes on (it types nothing); its repeats do nothing: one
        // press, one step (EN 5.7: no repeat a visitor must beat).
        guard k.action == .down else { return k.action == .repeat }
        let before = focus.focused
        for outcome in focus.handle(command, in: tree) { perform(outcome, now: k.time) }
        if focus.focused != before { live.drawAgain(.focusRing) }
        return true
    }

    private func perform(_ outcome: AccessibilityFocus.Outcome, now: Microseconds) {
        switch outcome {
        case .focused(let node):
            focusMoved(to: node, now: now, speak: true)
        case .activate(let node) where live.index(of: node.id).map { GadgetPickUp.activationPicksUp(live.board.gadgets[$0.rawValue]) } == true,
             .pickUp(let node):
            guard let i = live.index(of: node.id) else { return }
            perform(pickUp.pickUp(live.board.gadgets[i.rawValue], label: node.label, pose: live.session.world.pose(i)), now: now)
        case .activate(let node):
            publish(AccessibilityEvent.json("activated", time: now, [("gadget", .string(node.id))]))
            // A field takes typing; anything else runs its tap action as a tap would.
            if node.role == .field { _ = live.focusField(node.id) } else { live.activate(node.id, now: now) }
        case .back:
            // Back closes the accessibility panel first (its Close, as a tap on it would).
            if live.accessibilityPanel.isOpen { _ = live.activate(AccessibilityPanel.id(.close), now: now) } else { live.goBack(now: now) }
        case .help(let text, let gadget):
            // Asked for: said whether or not speech mode is on.
            speech.say(text, language: nil, gadget: gadget, publicText: text, now: now, publish: publish)
        case .toggleSpeech:
            _ = speech.setEnabled(!speech.enabled, now: now, publish: publish)
        case .toggleContrast:
            live.setAccessibilityDisplay(highContrast: !live.accessibilityDisplay.highContrast, cause: "key", now: now)
        case .toggleLargeText:
            live.setAccessibilityDisplay(largeText: !live.accessibilityDisplay.largeText, cause: "key", now: now)
        case .toggleReach:
            // The new state is said by the loop (a `reach` event); a refusal is said here.
            if case .failure = live.setReachMode(!live.reachModeOn, cause: "key", now: now) { sayState(AccessibilityKeys.reachUnavailable, now: now) }
        case .toggleCaptions(let focused):
            let r = live.toggleCaptions(focused: focused, cause: "key", now: now)
            sayState(CaptionsToggle.spoken(on: r.on, count: r.count), now: now)
        case .repeatSpeech:
            // Asked for: said whether or not speech mode is on (the key itself stopped it).
            speech.repeatLast(now: now, publish: publish)
        case .speechRate(let faster):
            sayState(speech.stepRate(faster: faster), now: now)
        case .speechVolume(let louder):
            sayState(speech.stepVolume(louder: louder), now: now)
        }
    }

    /// In speech mode, what a visitor's toggle did (EN 5.6.1: a toggle's state by sound).
    private func sayState(_ text: String, now: Microseconds) {
        guard speech.enabled else { return }
        speech.say(text, language: nil, gadget: nil, publicText: text, now: now, publish: publish)
    }

    /// A double tap in speech mode on `id` (its first tap at `at`): a held gadget is put down
    /// there; a gadget Enter would pick up is picked up. False: neither (the double tap taps).
    func doubleTapped(_ id: String, at: Vector2?, now: Microseconds) -> Bool {
        if let held = pickUp.held?.gadget {
            guard let i = live.index(of: held) else { pickUp.release(); return false }
            let label = AccessibilityTree(board: live.board, page: live.session.currentPage).node(id: held)?.label ?? held
            for o in pickUp.putDown(at: at, gadget: live.board.gadgets[i.rawValue], label: label, pose: live.session.world.pose(i),
                                    boardSize: live.board.size) ?? [] { perform(o, now: now) }
            return true
        }
        guard let i = live.index(of: id), GadgetPickUp.activationPicksUp(live.board.gadgets[i.rawValue]) else { return false }
        let label = AccessibilityTree(board: live.board, page: live.session.currentPage).node(id: id)?.label ?? id
        focus.set(id)
        perform(pickUp.pickUp(live.board.gadgets[i.rawValue], label: label, pose: live.session.world.pose(i)), now: now)
        return true
    }

    /// The held gadget's outcome for a key (nil: not one of its keys; it left the board: let go).
    private func heldKey(_ code: UInt16) -> GadgetPickUp.Outcome? {
        guard let id = pickUp.held?.gadget, let i = live.index(of: id) else { pickUp.release(); return nil }
        let label = AccessibilityTree(board: live.board, page: live.session.currentPage).node(id: id)?.label ?? id
        return pickUp.key(code, keys: live.board.accessibility.keys, gadget: live.board.gadgets[i.rawValue], label: label,
                          pose: live.session.world.pose(i), boardSize: live.board.size)
    }

    private func perform(_ outcome: GadgetPickUp.Outcome, now: Microseconds) {
        func say(_ text: String, _ gadget: String?) {
            if speech.enabled { speech.say(text, language: nil, gadget: gadget, publicText: text, now: now, publish: publish) }
        }
        func place(_ id: String, _ pose: GadgetPose) {
            var change = GadgetChange(gadget: id)
            change.center = pose.center
            change.scale = pose.scale
            change.rotation = Math.degrees(pose.rotation)
            if case .failure(let f) = live.apply(change, now: now) { Loggers.board.error("moving \(id) with keys: \(f.message)") }
            live.drawAgain(.focusRing)
        }
        switch outcome {
        case .pickedUp(let id, let said):
            publish(AccessibilityEvent.json("pickedUp", time: now, [("gadget", .string(id))]))
            say(said, id)
        case .place(let id, let pose):
            place(id, pose)
        case .putDown(let id, let said):
            publish(AccessibilityEvent.json("putDown", time: now, [("gadget", .string(id))]))
            say(said, id)
        case .putBack(let id, let home, let said):
            place(id, home)
            publish(AccessibilityEvent.json("putBack", time: now, [("gadget", .string(id))]))
            say(said, id)
        case .say(let text):
            say(text, pickUp.held?.gadget)
        case .ignored:
            break
        }
    }

    /// The focus is on `node` now (a key, or a finger exploring): the event, typing focus for a
    /// field (and away from one), and in speech mode the node said.
    func focusMoved(to node: AccessibilityNode, now: Microseconds, speak: Bool) {
        focus.set(node.id)
        let spoken = node.focusSpeech(privateOutput: speech.privateOutput)
        publish(AccessibilityEvent.focus(node, publicText: spoken.publicText, time: now))
        if node.role == .field { _ = live.focusField(node.id) } else if live.fields.focused != nil { _ = live.focusField(nil) }
        if speak && speech.enabled { speech.sayFocus(node, now: now, publish: publish) }
        live.drawAgain(.focusRing)
    }

    /// A swipe in speech mode (EN 5.5.2): the next or previous node from `from` (the node said
    /// before the swipe), focused and said; a double tap then activates it.
    func swiped(forward: Bool, from: String?, now: Microseconds) {
        let tree = AccessibilityTree(board: live.board, page: live.session.currentPage)
        focus.set(from)
        for case .focused(let node) in focus.handle(forward ? .next : .previous, in: tree) {
            focusMoved(to: node, now: now, speak: true)
            speech.exploredSaid(node.id)
        }
    }

    /// A finger found `id` (explore by touch): keys carry on from there.
    func explored(_ id: String) {
        guard focus.focused != id else { return }
        focus.set(id)
        live.drawAgain(.focusRing)
    }

    /// The page changed or a board was shown: nothing is focused (the next key starts at the top).
    func reset() {
        pickUp.release()
        guard focus.focused != nil else { return }
        focus.reset()
        live.drawAgain(.focusRing)
    }

    /// The focused gadget's box on screen now (board px, at its pose), for the ring; nil: none, or
    /// it left the tree.
    func ringBox() -> BoxBounds? {
        guard let id = focus.focused, let i = live.index(of: id) else { return nil }
        let g = live.board.gadgets[i.rawValue]
        guard !g.hidden else { return nil }
        let pose = live.session.renderPoses()[i.rawValue]
        return BoxBounds(around: OrientedRect(center: pose.center, size: Size2(g.size.width * pose.scale, g.size.height * pose.scale),
                                              rotation: pose.rotation))
    }
}
