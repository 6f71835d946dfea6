import GadgetCore

/// Replay's pick up / put down (EN 5.9; `GadgetPickUp`), carried out as the kiosk's KioskKeypad
/// does: keys step a held gadget, a double tap in speech mode picks one up or puts it down.
extension ReplayRun {
    /// A double tap in speech mode, as the kiosk's KioskKeypad.doubleTapped: a held gadget is put
    /// down where its first tap was; a gadget Enter would pick up is picked up. False: neither.
    mutating func doubleTapped(_ id: String, at: Vector2?, time: Microseconds) -> Bool {
        let tree = AccessibilityTree(board: session.board, page: session.currentPage)
        if let held = access.pickUp.held?.gadget {
            guard let i = session.board.gadgets.firstIndex(where: { $0.id == held }) else { access.pickUp.release(); return false }
            for o in access.pickUp.putDown(at: at, gadget: session.board.gadgets[i], label: tree.node(id: held)?.label ?? held,
                                           pose: session.world.pose(GadgetIndex(i)), boardSize: session.board.size) ?? [] { perform(o, time: time) }
            return true
        }
        guard let i = session.board.gadgets.firstIndex(where: { $0.id == id }), GadgetPickUp.activationPicksUp(session.board.gadgets[i]) else { return false }
        access.focus.set(id)
        perform(access.pickUp.pickUp(session.board.gadgets[i], label: tree.node(id: id)?.label ?? id, pose: session.world.pose(GadgetIndex(i))), time: time)
        return true
    }

    /// The held gadget's outcome for a key (nil: not one of its keys; it left the board: let go).
    mutating func heldKey(_ code: UInt16) -> GadgetPickUp.Outcome? {
        guard let id = access.pickUp.held?.gadget, let i = session.board.gadgets.firstIndex(where: { $0.id == id }) else {
            access.pickUp.release()
            return nil
        }
        let label = AccessibilityTree(board: session.board, page: session.currentPage).node(id: id)?.label ?? id
        return access.pickUp.key(code, keys: session.board.accessibility.keys, gadget: session.board.gadgets[i], label: label,
                                 pose: session.world.pose(GadgetIndex(i)), boardSize: session.board.size)
    }

    /// A pick-up outcome, as the kiosk's KioskKeypad carries it out: poses placed, events, speech.
    mutating func perform(_ outcome: GadgetPickUp.Outcome, time: Microseconds) {
        func event(_ name: String, _ id: String) {
            lines.append(JSONWriter.write(AccessibilityEvent.json(name, time: time, [("gadget", .string(id))])))
        }
        func place(_ id: String, _ pose: GadgetPose) {
            guard let i = session.board.gadgets.firstIndex(where: { $0.id == id }) else { return }
            session.place(GadgetIndex(i), at: pose)
        }
        switch outcome {
        case .pickedUp(let id, let said):
            event("pickedUp", id)
            if access.speaking { say(said, gadget: id, publicText: said, language: nil, time: time) }
        case .place(let id, let pose):
            place(id, pose)
        case .putDown(let id, let said):
            event("putDown", id)
            if access.speaking { say(said, gadget: id, publicText: said, language: nil, time: time) }
        case .putBack(let id, let home, let said):
            place(id, home)
            event("putBack", id)
            if access.speaking { say(said, gadget: id, publicText: said, language: nil, time: time) }
        case .say(let text):
            if access.speaking { say(text, gadget: access.pickUp.held?.gadget, publicText: text, language: nil, time: time) }
        case .ignored:
            break
        }
    }
}
