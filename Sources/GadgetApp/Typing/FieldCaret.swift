import GadgetCore

/// The focused field's caret and the fields' privacy timer, as a live feature: the loop wakes it
/// at the caret's next blink and the timer's next step (times from the loop, never a clock read
/// here); a blink asks for a frame whose damage is the caret's rectangle only (`FrameDamage`
/// compares the caret's look), and stops after `CaretBlink.stopAfter` so an idle kiosk draws
/// nothing. Thread: the loop's.
final class FieldCaret: LiveFeature {
    /// The blink, restarted by every edit, caret move and focus.
    private(set) var blink = CaretBlink(since: 0)
    /// Warn, then wipe (FieldClearTimer: pure, tested with injected times).
    var clearTimer = FieldClearTimer(quietSeconds: FieldClearTimer.defaultQuietSeconds)
    /// The loop's time at the last update: the caret's blink deadline is from it.
    private(set) var now: Microseconds = 0
    /// The warning shown now (nil: none); the frame drawer shows it over the board.
    private(set) var warning: String?

    var isAnimating: Bool { false }

    var nextDeadline: Microseconds? {
        var d = clearTimer.nextDeadline(after: now)
        if focused, let b = blink.nextChange(after: now) { d = min(d ?? b, b) }
        return d
    }

    /// Whether a field has focus (set by the typing owner).
    var focused = false

    func restartBlink(at time: Microseconds) { blink.restart(at: max(time, now)) }

    func update(now: Microseconds, board: LiveBoard) {
        let before = self.now
        self.now = max(self.now, now)
        if focused, blink.isShown(at: before) != blink.isShown(at: self.now) { board.drawAgain(.boardChanged) }
        switch clearTimer.phase(at: self.now) {
        case .quiet:
            setWarning(nil, board: board)
        case .warning(let left):
            setWarning(FieldClearTimer.warningText(secondsLeft: left), board: board)
        case .clear:
            setWarning(nil, board: board)
            board.clearForPrivacy()
        }
    }

    private func setWarning(_ line: String?, board: LiveBoard) {
        guard line != warning else { return }
        warning = line
        board.drawAgain(.boardChanged)
    }

    // The key → glyph figure (bench/typing-figures.sh): a field's text changed, then the frame
    // showing it was drawn, then presented; the flip's time is logged (debug), never the text.
    var textChangePending = false
    private var textChangeDrawn = false

    /// A frame was drawn (it shows any change made before it).
    func frameDrawn() {
        if textChangePending { textChangePending = false; textChangeDrawn = true }
    }

    /// A flip: the first after a frame showing a field's new text is logged with its time.
    func framePresented(at time: Microseconds) {
        guard textChangeDrawn else { return }
        textChangeDrawn = false
        Loggers.app.debug("typing: a field's new text presented at \(time) µs")
    }

    func boardReplaced(_ board: LiveBoard) {
        clearTimer = FieldClearTimer(quietSeconds: FieldCaret.quietSeconds(board.board))
        focused = false
        warning = nil
    }

    /// The wait before the warning: the shortest `clearAfterSeconds` of the board's forms (each
    /// form asks for its own; one timer for all fields clears no form later than it asked), 60 s
    /// without forms.
    static func quietSeconds(_ board: Board) -> Double {
        board.forms.map(\.clearAfterSeconds).min() ?? FieldClearTimer.defaultQuietSeconds
    }
}
