import GadgetCore

/// The accessibility panel in the kiosk (docs/accessibility.md "The accessibility button and
/// panel"; `AccessibilityPanel`, pure): the button's tap opens it, an entry's tap toggles its
/// mode where that mode lives (speech here, the display modes, captions, reach and more time on
/// the live board), and its gadgets are shown with each entry's state. Thread: the loop's.
extension KioskLoop {
    /// The visitor's modes as the panel shows them.
    var accessibilityPanelModes: AccessibilityPanel.Modes {
        let targets = CaptionsToggle.targets(board: live.board, page: live.session.currentPage, focused: nil)
        let shown = live.captionsShown
        return AccessibilityPanel.Modes(speech: speech.enabled, highContrast: live.accessibilityDisplay.highContrast,
                                        largeText: live.accessibilityDisplay.largeText,
                                        captions: !targets.isEmpty && targets.allSatisfy { shown[$0] == true },
                                        reach: live.reachModeOn, moreTime: live.moreTime)
    }

    /// Action events: the panel's presses carried out.
    func followAccessibilityPanel(_ actions: [ActionEvent]) {
        for a in actions {
            guard let outcome = live.accessibilityPanel.handle(a) else { continue }
            perform(outcome, now: a.time)
        }
    }

    /// Each iteration: the panel's gadgets follow the modes, whatever changed them (a key, a
    /// control request, the idle return closing it).
    func showAccessibilityPanel(now: Microseconds) {
        live.showAccessibilityPanel(modes: accessibilityPanelModes, now: now)
    }

    private func perform(_ outcome: AccessibilityPanel.Outcome, now: Microseconds) {
        switch outcome {
        case .opened:
            showAccessibilityPanel(now: now)
            // The keypad and speech start at the first entry: the visitor is told where they are.
            let tree = AccessibilityTree(board: live.board, page: live.session.currentPage)
            if let first = live.accessibilityPanel.entries.first, let node = tree.node(id: AccessibilityPanel.id(first)) {
                sayPanel(AccessibilityPanel.openedSpeech, now: now)
                keypad.focusMoved(to: node, now: now, speak: false)
            }
        case .closed:
            showAccessibilityPanel(now: now)
            keypad.reset()
            sayPanel("Accessibility panel closed", now: now)
        case .toggle(let entry):
            toggle(entry, now: now)
            showAccessibilityPanel(now: now)
            if entry == .reach || entry == .captions { return }  // said where they were carried out
            sayPanel(AccessibilityPanel.spoken(entry, modes: accessibilityPanelModes), now: now)
        }
    }

    private func toggle(_ entry: AccessibilityPanel.Entry, now: Microseconds) {
        let publish: (JSONValue) -> Void = { [events] in events.publish($0) }
        switch entry {
        case .speech:
            _ = speech.setEnabled(!speech.enabled, now: now, publish: publish)
        case .contrast:
            live.setAccessibilityDisplay(highContrast: !live.accessibilityDisplay.highContrast, cause: "panel", now: now)
        case .largeText:
            live.setAccessibilityDisplay(largeText: !live.accessibilityDisplay.largeText, cause: "panel", now: now)
        case .captions:
            let r = live.toggleCaptions(focused: nil, cause: "panel", now: now)
            sayPanel(CaptionsToggle.spoken(on: r.on, count: r.count), now: now)
        case .reach:
            switch live.setReachMode(!live.reachModeOn, cause: "panel", now: now) {
            case .failure: sayPanel(AccessibilityKeys.reachUnavailable, now: now)
            case .success: sayPanel(AccessibilityKeys.reachSpoken(live.reachModeOn), now: now)
            }
        case .moreTime:
            live.moreTime.toggle()
            events.publish(AccessibilityEvent.json("moreTime", time: now, [("moreTime", .bool(live.moreTime)), ("cause", .string("panel"))]))
        case .close:
            break
        }
    }

    /// Said in speech mode only (the panel shows every state too).
    private func sayPanel(_ text: String, now: Microseconds) {
        guard speech.enabled else { return }
        speech.say(text, language: nil, gadget: nil, publicText: text, now: now) { events.publish($0) }
    }
}
