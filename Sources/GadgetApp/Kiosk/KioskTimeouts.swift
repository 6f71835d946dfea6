import GadgetCore

/// More time (EN 11.2.2.1, WCAG 2.2.1; docs/accessibility.md): the limits a visitor can meet on a
/// running kiosk, the idle return home, the attract loop's start and the fields' clearing, are
/// lengthened by the board's `"accessibility": {"timeoutScale"}` (or doubled in speech mode), and
/// each warns before it fires (`TimeLimitWarning`): on screen, in speech and as an event
/// `timeoutWarning`. Any touch or key extends them (their owners restart the wait; the warning
/// hides). The fields' clearing shows its own countdown (FieldCaret); here it is said and
/// published. Thread: the loop's.
final class KioskTimeouts {
    private var idle = TimeLimitWarning()
    private var attract = TimeLimitWarning()
    private var formClear = TimeLimitWarning()
    private var noticeShown = false
    private let live: LiveBoard
    private let speech: KioskSpeech
    private let power: PanelPower
    private let publish: (JSONValue) -> Void
    /// Shows (a line) or hides (nil) the on-screen warning.
    private let notice: (String?) -> Void

    init(live: LiveBoard, speech: KioskSpeech, power: PanelPower, publish: @escaping (JSONValue) -> Void, notice: @escaping (String?) -> Void) {
        self.live = live
        self.speech = speech
        self.power = power
        self.publish = publish
        self.notice = notice
    }

    /// The scale now: the board's, else 2 in speech mode; twice that with the visitor's "More
    /// time" (the accessibility panel's entry).
    var scale: Double { TimeLimitWarning.scale(board: live.board.accessibility.timeoutScale, speech: speech.enabled) * (live.moreTime ? 2 : 1) }

    /// Each iteration: the scale applied (every time: the schedule's feature can be made afresh,
    /// and applying it is idempotent), warnings given when due, the notice hidden once no warned
    /// limit is pending.
    func follow(now: Microseconds) {
        let scale = scale
        live.setTimeoutScale(scale)
        power.schedule?.feature.setTimeoutScale(scale)
        live.typingHooks.caret.clearTimer.setScale(scale)

        let home = live.session.idleReturnWindow
        if idle.due(start: home.start, deadline: home.deadline, now: now), let d = home.deadline { warn("idleReturn", deadline: d, now: now) }
        let loop = power.schedule?.feature.attractWindow(now: now)
        if attract.due(start: loop?.start ?? now, deadline: loop?.deadline, now: now), let d = loop?.deadline { warn("attract", deadline: d, now: now) }
        // The clearing warns for its whole last 20 s (its own countdown is on screen already):
        // timed as a 40 s limit so `warnAt` is its warning's start.
        let clear = live.typingHooks.caret.clearTimer.clearsAt
        if formClear.due(start: (clear ?? now) - 2 * TimeLimitWarning.lead, deadline: clear, now: now), let d = clear {
            publish(AccessibilityEvent.timeoutWarning(limit: "formClear", deadline: d, time: now))
            say(now: now)
        }
        let pending = idle.isShown(deadline: home.deadline, now: now) || attract.isShown(deadline: loop?.deadline, now: now)
        if pending != noticeShown {
            noticeShown = pending
            notice(pending ? TimeLimitWarning.text : nil)
        }
    }

    /// The board changed: warnings afresh.
    func boardShown() {
        idle = TimeLimitWarning()
        attract = TimeLimitWarning()
        formClear = TimeLimitWarning()
    }

    /// When the loop must look again: the next warning time, or the end of a warned limit (the
    /// notice hides).
    func deadline(now: Microseconds) -> Microseconds? {
        let home = live.session.idleReturnWindow
        let loop = power.schedule?.feature.attractWindow(now: now)
        let clear = live.typingHooks.caret.clearTimer.clearsAt
        var d: [Microseconds?] = [idle.nextCheck(start: home.start, deadline: home.deadline),
                                  loop.flatMap { attract.nextCheck(start: $0.start, deadline: $0.deadline) },
                                  clear.flatMap { formClear.nextCheck(start: $0 - 2 * TimeLimitWarning.lead, deadline: $0) }]
        if noticeShown { d += [home.deadline, loop?.deadline] }
        return d.compactMap { $0 }.filter { $0 > now }.min()
    }

    private func warn(_ limit: String, deadline: Microseconds, now: Microseconds) {
        publish(AccessibilityEvent.timeoutWarning(limit: limit, deadline: deadline, time: now))
        say(now: now)
    }

    /// Two senses (EAA Annex I §I.2(o)): said whether or not speech mode is on.
    private func say(now: Microseconds) {
        speech.say(TimeLimitWarning.text, language: "en", gadget: nil, publicText: TimeLimitWarning.text, now: now, publish: publish)
    }
}
