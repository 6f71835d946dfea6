import GadgetCore
import GadgetKeyboard

/// Runs touch frames from a recording through the same session as the live kiosk, in recording
/// time, and produces `replay`'s output. No clock: the same recording and board give the same
/// lines, byte for byte.
public struct ReplayRun {
    public struct Options: Sendable {
        /// Keep simulating this long after the last event (inertia, springs), µs.
        public var settle: Microseconds = 5_000_000
        /// Emit a `frame` line this often (nil: none).
        public var traceInterval: Microseconds?
        /// The field focused at the start (a keyboard recording has no tap to focus one); nil: none.
        public var focus: String?
        /// `replay --speech on`: speech mode from the start (touches explore, what would be
        /// spoken is an event).
        public var speech = false
        /// `replay --accessibility reach,contrast,largeText`: the visitor's modes on from the
        /// start (cause `option` in their events), as a visitor's keys would turn them on.
        public var reach = false
        public var highContrast = false
        public var largeText = false
        public init() {}
    }

    public internal(set) var lines: [String] = []
    public private(set) var gestures: [GestureEvent] = []
    /// Page and action events, in order (also in `lines`, after the gestures that caused them).
    public private(set) var actions: [ActionEvent] = []
    public internal(set) var session: BoardSession
    /// The board's fields: a tap focuses one, keys type into it; the final line gives each
    /// field's text (replay is the author's and the tests' tool, not the visitor's).
    public internal(set) var fields: FieldSession
    public let playback: RecordingPlayer.Result
    /// What the recording's keys typed, in order, through the board's layouts (`keyboard`).
    public private(set) var typed: [KeyInput] = []
    /// Why the recording's keys typed nothing (a layout xkb-data does not have); nil otherwise.
    public private(set) var keyboardProblem: String?
    /// The on-screen keyboard, as the live kiosk's: up while a field has focus, its taps typing
    /// through the same translator as the recording's keys.
    public private(set) var keyboard: KeyboardPanel
    /// The board's layouts (shared by the recording's keys and the on-screen keys); nil when
    /// the board has neither fields nor a keyboard recording, or its layouts failed.
    private var translator: KeyTranslator?
    /// Keypad navigation, explore by touch and speech events (ReplayAccessibility.swift).
    var access = ReplayAccessibility()
    /// Why `Options.reach` could not turn reach mode on (nil: it did, or was not asked).
    public private(set) var reachRefused: ReachMode.Refusal?

    /// Replays `playback` (frames in board pixels) on `board`.
    public init(board: Board, playback: RecordingPlayer.Result, options: Options) {
        self.playback = playback
        session = BoardSession(board: board, startTime: 0)
        fields = FieldSession(board: board)
        fields.focus(options.focus)
        keyboard = KeyboardPanel(board: board)
        access.speaking = options.speech
        access.captions = CaptionsToggle.boardSetting(board)
        if board.accessibility.button { access.panel = AccessibilityPanel(board: board) }
        applyTimeoutScale()
        if options.highContrast || options.largeText {
            setDisplay(AccessibilityDisplay(highContrast: options.highContrast, largeText: options.largeText), cause: "option", time: 0)
        }
        if options.reach { reachRefused = setReach(true, cause: "option", time: 0) }
        var nextTrace: Microseconds? = options.traceInterval.map { _ in 0 }
        let end = playback.endTime + options.settle

        func trace(upTo limit: Microseconds, inclusive: Bool) {
            guard let interval = options.traceInterval else { return }
            while let t = nextTrace, inclusive ? t <= limit : t < limit {
                emit(session.advance(to: t))
                lines.append(JSONWriter.write(StateReport.frame(time: t, states: session.reportStates(), page: session.currentPage)))
                nextTrace = t + interval
            }
        }

        // Keys go through the board's layouts with a fixed compose locale (not the environment's),
        // so a replay types the same everywhere.
        if !playback.keys.isEmpty || !fields.isEmpty {
            do {
                translator = try KeyTranslator(layouts: board.keyboard?.layouts ?? ["us"], locale: "C.UTF-8",
                                               logger: Loggers.input)
            } catch {
                keyboardProblem = "\(error)"
            }
        }
        var nextKey = 0
        func typeKeys(upTo limit: Microseconds, inclusive: Bool) {
            while nextKey < playback.keys.count, inclusive ? playback.keys[nextKey].time <= limit : playback.keys[nextKey].time < limit {
                let k = playback.keys[nextKey]
                nextKey += 1
                guard let t = self.translator else { continue }
                trace(upTo: k.time, inclusive: false)
                warnTimeouts(upTo: k.time)
                emit(session.advance(to: k.time))
                // Navigation keys first (EN 5.1.6), as the kiosk's KeyboardTyping does.
                if navigate(k) { continue }
                let produced: [KeyInput]
                switch k.action {
                case .down: produced = t.key(evdevCode: k.code, pressed: true)
                case .up: produced = t.key(evdevCode: k.code, pressed: false)
                case .repeat: produced = t.repeated(evdevCode: k.code)
                }
                typed += produced
                // Into the focused field, as the live board's `type(_:)` does.
                for key in produced { _ = fields.type(key, order: fields.focusOrder(page: session.currentPage)) }
            }
        }

        // A headphone jack's recording: its switch's changes, in recording time.
        var nextJack = 0
        func jack(upTo limit: Microseconds) {
            while nextJack < playback.headset.count, playback.headset[nextJack].time <= limit {
                let c = playback.headset[nextJack]
                nextJack += 1
                warnTimeouts(upTo: c.time)
                emit(session.advance(to: c.time))
                headset(c)
            }
        }

        followFocus()
        for frame in playback.frames {
            jack(upTo: frame.time)
            typeKeys(upTo: frame.time, inclusive: true)
            trace(upTo: frame.time, inclusive: false)
            warnTimeouts(upTo: frame.time)
            toggleSpeechByHold(upTo: frame.time)
            // The on-screen keyboard's touches first, as on the live board (LiveBoard.deliver).
            // A tap recognized by a timer since the last frame (a field's, once no double tap
            // can follow) focuses first, as the live loop's tick does before the next touch.
            var frame = frame
            if !fields.isEmpty { emit(session.advance(to: frame.time)) }
            keyboard.advance(to: session.time)
            let effects = keyboard.handle(&frame)
            var panel = keyboard
            var asked: [KeyInput?] = []  // nil: hide
            OnScreenKeyboardTaps.perform(effects, panel: &panel, translator: translator, type: { asked.append($0) }, hide: { asked.append(nil) })
            keyboard = panel
            for key in asked {
                guard let key else { fields.focus(nil); continue }
                typed.append(key)
                type(key)
            }
            if explore(frame) { session.touchTaken(frame); emit(session.advance(to: frame.time)) } else { emit(session.apply(frame)) }
            followFocus()
        }
        jack(upTo: end)
        typeKeys(upTo: end, inclusive: true)
        trace(upTo: end, inclusive: true)
        warnTimeouts(upTo: end)
        toggleSpeechByHold(upTo: end)
        emit(session.advance(to: end))
        keyboard.advance(to: session.time)
        var final = StateReport.final(time: end, states: session.reportStates(), page: session.currentPage)
        if !fields.isEmpty, case .object(var pairs) = final {
            pairs.append(("fields", fields.reportFields(boardOrder: session.board.gadgets.map(\.id))))
            final = .object(pairs)
        }
        lines.append(JSONWriter.write(final))
    }

    /// One key into the focused field, as the live board's `type(_:)` does (a recording's EV_KEY
    /// events, translated).
    public mutating func type(_ key: KeyInput) {
        _ = fields.type(key, order: fields.focusOrder(page: session.currentPage))
    }

    /// The keyboard follows focus as the live one does (`OnScreenKeyboardFeature`).
    private mutating func followFocus(at time: Microseconds? = nil) {
        let focused = fields.focused
        guard focused != keyboard.field else { return }
        let gadget = focused.flatMap { id in session.board.gadgets.first { $0.id == id } }
        let frame = gadget.map { OnScreenKeyboardLayout.Frame(x: $0.center.x - $0.size.width / 2, y: $0.center.y - $0.size.height / 2,
                                                              w: $0.size.width, h: $0.size.height) }
        keyboard.focus(focused, kind: focused.flatMap { fields.spec(of: $0)?.kind }, frame: frame, at: time ?? session.time)
        if keyboard.layoutStale { OnScreenKeyboardTaps.relayout(&keyboard, translator: translator) }
    }

    mutating func emit(_ events: [GestureEvent]) {
        for e in events {
            // A tap on a field focuses it, as on the live board.
            // The keyboard slides from the tap's time (a tap waiting out a double tap's interval
            // is recognized by a later `advance`).
            if e.kind == .tap, e.state == .recognized, let id = e.gadget, fields.spec(of: id) != nil {
                fields.focus(id)
                followFocus(at: e.time)
            }
            gestures.append(e)
            lines.append(JSONWriter.write(e.json))
        }
        for a in session.takeActionEvents() {
            if a.kind == .page || a.kind == .idleReturn { pageChanged() }
            actions.append(a)
            lines.append(JSONWriter.write(a.json))
            followAccessibility(a)  // ReplayAccessibility.swift
        }
        followFocus()
    }

    /// Typed keys as a person reads them: text as it is, editing keys in angle brackets.
    static func shown(_ typed: [KeyInput]) -> String {
        typed.map { k -> String in if case .text(let s) = k { return s } else { return "<\(k)>" } }.joined()
    }

    /// The human-readable summary (`replay` without `--json`).
    public func summary(recordingName: String) -> [String] {
        var out: [String] = []
        let frames = playback.frames
        var began = 0, ended = 0, cancelled = 0, maxDown = 0
        var down = Set<TouchID>()
        for f in frames {
            for t in f.touches {
                switch t.phase {
                case .began: began += 1; down.insert(t.id)
                case .ended: ended += 1; down.remove(t.id)
                case .cancelled: cancelled += 1; down.remove(t.id)
                default: break
                }
            }
            maxDown = max(maxDown, down.count)
        }
        func s(_ us: Microseconds) -> String { String(JSONWriter.rounded(us.seconds, places: 3)) }
        out.append("\(recordingName): \(playback.device.name) (\(playback.kind)), \(frames.count) touch frames over \(s(playback.endTime)) s")
        out.append("contacts: \(began) began, \(ended) ended, \(cancelled) cancelled; at most \(maxDown) at once")
        if playback.cancelledAtEnd > 0 { out.append("  \(playback.cancelledAtEnd) still down at the end: cancelled") }
        if playback.droppedTrailingEvents > 0 { out.append("  dropped \(playback.droppedTrailingEvents) events of a cut-short last frame") }
        if !playback.keys.isEmpty {
            if let keyboardProblem { out.append("keys: \(playback.keys.count), typing nothing: \(keyboardProblem)") }
            else { out.append("keys: \(playback.keys.count), typed: \(ReplayRun.shown(typed))") }
        }
        if gestures.isEmpty {
            out.append("gestures: none")
        } else {
            out.append("gestures:")
            for g in gestures where g.state != .changed {
                let who = g.gadget ?? "background"
                var line = "  \(s(g.time)) s  \(g.kind.rawValue) \(g.state.rawValue) on \(who)"
                if let taps = g.taps, g.kind == .tap || g.kind == .doubleTap { line += " (\(taps) tap\(taps == 1 ? "" : "s"))" }
                if let sc = g.scale { line += " scale \(JSONWriter.rounded(sc, places: 3))" }
                if let r = g.rotation { line += " rotation \(JSONWriter.rounded(Math.degrees(r), places: 1))°" }
                if let d = g.direction { line += " \(d)" }
                out.append(line)
            }
        }
        if !actions.isEmpty {
            out.append("pages and actions:")
            for a in actions {
                var line = "  \(s(a.time)) s  "
                switch a.kind {
                case .action: line += "\(a.action ?? "?")\(a.name.map { " \"\($0)\"" } ?? "") by \(a.gesture?.rawValue ?? "?") on \(a.gadget ?? "?")"
                case .page: line += "page \(a.from ?? "?") → \(a.page ?? "?") (\(a.cause?.rawValue ?? "?"))"
                case .idleReturn: line += "idle: home\(a.page.map { " (\($0))" } ?? "")"
                }
                out.append(line)
            }
        }
        if let page = session.currentPage { out.append("page shown: \(page)") }
        out.append("final gadget states:")
        let home = session.board.gadgets
        for (i, st) in session.reportStates().enumerated() {
            let h = home[i]
            let moved = st.center != h.center || st.size != h.size || Math.radians(st.rotationDegrees) != h.rotationRadians
            func v(_ x: Double) -> String { String(JSONWriter.rounded(x, places: 1)) }
            out.append("  \(st.id): center (\(v(st.center.x)), \(v(st.center.y))) size \(v(st.size.width))×\(v(st.size.height)) rotation \(v(st.rotationDegrees))°\(moved ? "  (moved)" : "")")
        }
        return out
    }
}
