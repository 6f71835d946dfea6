import GadgetAudio
import GadgetCore
import GadgetSpeech
import GadgetSystem

/// The kiosk's speech and speech mode (issue 39, docs/accessibility.md): owns the `SpeechQueue`
/// (what is said and when it stops), the `SpeechEngine` (the speech program and its voice in the
/// mix) and explore by touch (`TouchExploration`). Every touch passes here first: any touch stops
/// speech (EN 5.1.3.5); in speech mode a touch is not delivered to the board but says what is
/// under the finger, and a double tap activates the last gadget said, as a tap on it would.
/// Publishes `accessibility` events, never with a private gadget's text. Thread: the loop's.
final class KioskSpeech {
    let choice: SpeechChoice
    /// Speech mode: explore by touch.
    private(set) var enabled = false
    private var queue = SpeechQueue()
    /// Nil with `--speech off` or no audio engine (in-process tests): events still say what
    /// would be spoken, nothing is heard.
    let engine: SpeechEngine?
    private var exploration = TouchExploration()
    /// Three fingers held anywhere: speech mode on or off, in either mode (EN 5.2).
    private var toggle = SpeechToggleGesture()
    /// Utterances asked for whose start or stop the mix has not reported yet: their request time.
    private var asked: [Int: Microseconds] = [:]
    /// When the last user action came (a touch's own time): what a stop is timed from.
    private var lastAction: Microseconds?
    /// Until when the loop looks for the mix's marks after a command (a stop's mark comes one
    /// audio period after it).
    private var watchUntil: Microseconds = 0
    /// The touch id of a synthetic activation tap, counting down from the top so it never
    /// meets a real one.
    private var syntheticTouch = Int.max
    /// The board's language: the voice loaded when speech mode turns on.
    private var boardLanguage: String?

    init(choice: SpeechChoice, audio: AudioEngine?) {
        self.choice = choice
        engine = choice == .off ? nil : audio.map { SpeechEngine(audio: $0, logger: Loggers.speech) }
        enabled = choice == .on
    }

    /// A board was shown: `--speech auto` follows its `"accessibility": {"speech"}`.
    func boardShown(_ board: Board) {
        if choice == .auto { enabled = board.accessibility.speech }
        boardLanguage = board.language
        exploration.reset()
        if enabled { engine?.prepare(language: boardLanguage) }
    }

    // MARK: - Saying

    /// Says `text` for `gadget` (nil: a control request), replacing what is said.
    func say(_ text: String, language: String?, gadget: String?, publicText: String?, now: Microseconds, publish: (JSONValue) -> Void) {
        let commands = queue.say(text, language: language, gadget: gadget, publicText: publicText)
        perform(commands, now: now, publish: publish)
    }

    /// A video started playing (once per start, not per loop): in speech mode its description
    /// is said (`VideoDescriptionSpeech`), replacing what was said; the next action stops it.
    func videoStarted(_ id: String, board: Board, page: String?, now: Microseconds, publish: (JSONValue) -> Void) {
        guard enabled, let s = VideoDescriptionSpeech.said(board: board, page: page, gadget: id, privateOutput: privateOutput) else { return }
        say(s.text, language: s.language ?? board.language, gadget: id, publicText: s.publicText, now: now, publish: publish)
    }

    /// Says a node of the accessibility tree (label, then its hint), if anything may be said.
    func say(_ node: AccessibilityNode, now: Microseconds, publish: (JSONValue) -> Void) {
        // Private text only on a headset (EN 5.1.3.9).
        guard let label = node.speakable(privateOutput: privateOutput) else {
            publish(event("spoken", [("gadget", .string(node.id)), ("private", .bool(true))], now: now))
            return
        }
        say(node.spoken(after: label), language: node.language, gadget: node.id, publicText: node.publicText.map { node.spoken(after: $0) },
            now: now, publish: publish)
    }

    /// Whether what is heard is private (a headset in the jack): then private gadgets' text and
    /// masked fields may be said (EN 5.1.3.8/9).
    private(set) var privateOutput = false

    /// Says the node the accessibility focus reached: label, role, hint (`focusSpeech`).
    func sayFocus(_ node: AccessibilityNode, now: Microseconds, publish: (JSONValue) -> Void) {
        let s = node.focusSpeech(privateOutput: privateOutput)
        guard !s.text.isEmpty else {
            publish(event("spoken", [("gadget", .string(node.id)), ("private", .bool(true))], now: now))
            return
        }
        say(s.text, language: node.language, gadget: node.id, publicText: s.publicText, now: now, publish: publish)
    }

    /// Explore by touch said this node: the accessibility focus follows (KioskKeypad).
    var explored: ((String) -> Void)?
    /// A swipe right (forward) or left in speech mode, from the node said before it
    /// (KioskKeypad.swiped moves the focus and says where it went).
    var swiped: ((_ forward: Bool, _ from: String?, _ now: Microseconds) -> Void)?
    /// A double tap on gadget `id` (first tap at `at`), before it becomes a tap: true when it
    /// picked a gadget up or put one down (`GadgetPickUp`, the keypad's), so no tap follows.
    var pickingUp: ((_ id: String, _ at: Vector2?, _ now: Microseconds) -> Bool)?

    /// The swipe's target was said: a double tap activates it.
    func exploredSaid(_ id: String) { exploration.said(id) }

    func repeatLast(now: Microseconds, publish: (JSONValue) -> Void) { perform(queue.repeatLast(), now: now, publish: publish) }

    func interrupt(now: Microseconds, publish: (JSONValue) -> Void) { perform(queue.interrupt(), now: now, publish: publish) }

    /// A visitor's action that is not a touch (a key down, at its kernel time) stops speech, and
    /// the stop's `speechStopped.afterMs` counts from it, as from a touch's.
    func interrupt(byActionAt time: Microseconds, publish: (JSONValue) -> Void) {
        lastAction = time
        interrupt(now: time, publish: publish)
    }

    private func perform(_ commands: [SpeechQueue.Command], now: Microseconds, publish: (JSONValue) -> Void) {
        if !commands.isEmpty { watchUntil = now + 500_000 }
        for c in commands {
            if case .speak(let u, _) = c {
                asked[u.id] = now
                var fields: [(String, JSONValue)] = [("utterance", .number(Double(u.id)))]
                fields.append(("gadget", u.gadget.map(JSONValue.string) ?? .null))
                if let t = u.publicText { fields.append(("text", .string(t))) } else { fields.append(("private", .bool(true))) }
                if let l = u.language { fields.append(("lang", .string(l))) }
                publish(event("spoken", fields, now: now))
            }
        }
        engine?.perform(commands)
    }

    // MARK: - Control

    func setEnabled(_ on: Bool, now: Microseconds, publish: (JSONValue) -> Void) -> Result<Void, ControlFailure> {
        if on && choice == .off { return .failure(ControlFailure(field: "speech", message: "speech is off for this run (run --speech off)")) }
        guard on != enabled else { return .success(()) }
        enabled = on
        exploration.reset()
        if on { engine?.prepare(language: boardLanguage) }
        if !on { interrupt(now: now, publish: publish) }
        publish(event("mode", [("speech", .bool(on))], now: now))
        return .success(())
    }

    /// A headset plugged into the jack (its evdev switch, SW_HEADPHONE_INSERT) or pulled out
    /// (EN 5.1.3.2, 5.2: speech turned on without sight). In: speech mode on (unless `run
    /// --speech off`) and the output private. Out: the output public again, and what was being
    /// said stops (it may have been private); speech mode stays on. The sound goes where the
    /// card sends it: the codec's jack detection mutes the speaker on most cards.
    func headset(_ plugged: Bool, now: Microseconds, publish: (JSONValue) -> Void) {
        let isPrivate = plugged && choice != .off
        if !plugged { interrupt(now: now, publish: publish) }
        if isPrivate != privateOutput {
            privateOutput = isPrivate
            publish(event("output", [("private", .bool(isPrivate))], now: now))
        }
        if plugged && choice != .off { _ = setEnabled(true, now: now, publish: publish) }
    }

    /// The gadget of the last utterance asked for (tests; nil for a control `speak`).
    var lastSpokenGadget: String? { queue.last?.gadget }
    /// The text of the last utterance asked for (tests).
    var lastSpokenText: String? { queue.last?.text }
    /// The last utterance (tests: what was said, and how many times).
    var lastUtterance: Utterance? { queue.last }

    func setRate(_ wpm: Int) { queue.setRate(wpm) }
    /// A visitor's rate or volume key: the step taken, and what to say back (`SpeechQueue`).
    func stepRate(faster: Bool) -> String { queue.stepRate(faster: faster) }
    func stepVolume(louder: Bool) -> String {
        let said = queue.stepVolume(louder: louder)
        engine?.setVolume(queue.volume)
        return said
    }
    func setVolume(_ level: Double) {
        queue.setVolume(level)
        engine?.setVolume(queue.volume)
    }

    /// `state`'s `accessibility`.
    var report: JSONValue {
        .object([
            ("speech", .bool(enabled)),
            ("mode", .string(enabled ? "speech" : "standard")),
            ("privateOutput", .bool(privateOutput)),
            ("speaking", .bool(engine?.isSpeaking ?? (queue.current != nil))),
            ("rate", .number(Double(queue.rate))),
            ("volume", .number(queue.volume)),
            ("program", engine?.status.program.map(JSONValue.string) ?? .null),
        ])
    }

    // MARK: - Touches

    /// A touch frame, before the board sees it: any touch stops speech; in speech mode it
    /// explores instead and true is returned (the board must not get it). An activation is
    /// delivered to the board as a tap at the gadget's centre through `deliver`.
    func intercept(_ frame: TouchFrame, board: Board, page: String?, publish: (JSONValue) -> Void, deliver: (TouchFrame) -> Void) -> Bool {
        let began = frame.touches.contains { $0.phase == .began }
        toggle.observe(frame)
        // The three fingers that toggled speech are the gesture's until they are all up.
        if toggle.owning { return true }
        guard enabled else {
            if began {
                lastAction = frame.time
                interrupt(now: frame.time, publish: publish)
            }
            return false
        }
        let tree = AccessibilityTree(board: board, page: page)
        for outcome in exploration.handle(frame, hit: { tree.node(at: $0, on: board)?.id }) {
            switch outcome {
            case .interrupt:
                lastAction = frame.time
                interrupt(now: frame.time, publish: publish)
            case .explore(let id):
                if let node = tree.node(id: id) { say(node, now: frame.time, publish: publish) }
                explored?(id)
            case .swipe(let forward, let from):
                swiped?(forward, from, frame.time)
            case .activate(let id):
                if pickingUp?(id, exploration.doubleTapLocation, frame.time) == true { continue }
                guard let g = board.gadget(id: id) else { continue }
                publish(event("activated", [("gadget", .string(id))], now: frame.time))
                // A tap where the gadget is, through the board's own gestures: its action, tap
                // sound and events are exactly a sighted visitor's.
                let touch = TouchID(device: -39, tracking: syntheticTouch)
                syntheticTouch -= 1
                deliver(TouchFrame(time: frame.time, touches: [Touch(id: touch, phase: .began, location: g.center, time: frame.time)]))
                deliver(TouchFrame(time: frame.time + 1, touches: [Touch(id: touch, phase: .ended, location: g.center, time: frame.time + 1)]))
            }
        }
        return true
    }

    // MARK: - Each iteration

    /// The page changed or the idle return came: explore afresh; the idle return ends a
    /// visitor's session (their rate and volume back to the defaults, EN 5.1.3.13).
    func pagesChanged(_ actions: [ActionEvent], board: Board, page: String?, publish: (JSONValue) -> Void) {
        for a in actions where a.kind == .page || a.kind == .idleReturn {
            exploration.reset()
            if a.kind == .idleReturn {
                engine?.perform(queue.sessionEnded())
                engine?.setVolume(queue.volume)
            } else if enabled, let first = AccessibilityTree(board: board, page: page).nodes.first(where: { $0.role == .page }) {
                // Where the visitor is now: the page's title, if it has one.
                say(first, now: a.time, publish: publish)
            }
        }
    }

    /// The mix's marks since the last look, as events: when speech was first heard and when it
    /// stopped, in the `--audio-out` WAV's frames and in ms after its request (a stop: after the
    /// user action that caused it).
    func follow(publish: (JSONValue) -> Void) {
        guard let engine else { return }
        for m in engine.takeMarks() {
            switch m {
            case .started(let id, let frame, let nanos):
                var f: [(String, JSONValue)] = [("utterance", .number(Double(id))), ("frame", .number(Double(frame)))]
                if let at = asked[id] { f.append(("afterMs", .number(JSONWriter.rounded(Double(nanos / 1000 - at) / 1000, places: 3)))) }
                publish(event("speechStarted", f, now: nanos / 1000))
            case .stopped(let id, let frame, let nanos):
                var f: [(String, JSONValue)] = [("utterance", .number(Double(id))), ("frame", .number(Double(frame)))]
                if let at = lastAction { f.append(("afterMs", .number(JSONWriter.rounded(Double(nanos / 1000 - at) / 1000, places: 3)))) }
                publish(event("speechStopped", f, now: nanos / 1000))
                asked[id] = nil
            case .finished(let id):
                queue.finished(id)
                asked[id] = nil
            }
        }
    }

    /// While speech plays the loop looks for its marks every 20 ms (they come from the audio
    /// thread, which has no way to wake the loop of its own).
    func deadline(now: Microseconds) -> Microseconds? {
        let speaking = engine.map { $0.isSpeaking || now < watchUntil ? now + 20_000 : nil } ?? nil
        return [speaking, toggle.deadline].compactMap { $0 }.min()
    }

    /// Each iteration: three fingers held long enough toggle speech mode. Their touches are
    /// cancelled where they went (the board's gestures, or exploration) and kept from both until
    /// they are up.
    func followToggle(now: Microseconds, publish: (JSONValue) -> Void, deliver: (TouchFrame) -> Void) {
        guard toggle.fire(now: now) else { return }
        let cancel = toggle.cancellation(at: now)
        if enabled { _ = exploration.handle(cancel, hit: { _ in nil }) } else { deliver(cancel) }
        Loggers.speech.info("speech: three fingers held: speech mode \(enabled ? "off" : "on")")
        _ = setEnabled(!enabled, now: now, publish: publish)
    }

    func stop() { engine?.stop() }

    private func event(_ name: String, _ fields: [(String, JSONValue)], now: Microseconds) -> JSONValue {
        .object([("type", .string("accessibility")), ("event", .string(name)), ("t", .number(JSONWriter.rounded(now.seconds, places: 6)))] + fields)
    }
}
