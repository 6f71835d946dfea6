import GadgetCore

/// What the live board tells its owner (the kiosk loop): events to publish, and how loads ended.
/// Thread: the loop's.
protocol LiveBoardObserver: AnyObject {
    /// Gesture events and the page and action events they caused, in order.
    func liveBoard(_ board: LiveBoard, published events: [GestureEvent], actions: [ActionEvent])
    /// A load of `path` began (`reason`: SIGHUP, a save, `control load`).
    func liveBoard(_ board: LiveBoard, loadBegan path: String, reason: String, now: Microseconds)
    /// A load (`ticket` from `LiveBoard.load`) ended: the new board is shown, or the old one
    /// still is.
    func liveBoard(_ board: LiveBoard, loadFinished ticket: Int, path: String, end: LoadEnd)
    /// Sounds the touches asked for (a `play` action, the board's `tapSound`), each at its
    /// touch's time; played from `board.sounds`.
    func liveBoard(_ board: LiveBoard, cues: [SoundCue])
    /// The visitor's high-contrast or large-text mode changed (`cause`: what changed it).
    func liveBoard(_ board: LiveBoard, display: AccessibilityDisplay, cause: String, now: Microseconds)
    /// Reach mode went on or off (`cause`: `control`, `idleReturn`, `reload`).
    func liveBoard(_ board: LiveBoard, reach on: Bool, cause: String, now: Microseconds)
    /// Videos' captions went on or off (`cause`: `key`, `panel`, `idleReturn`).
    func liveBoard(_ board: LiveBoard, captions: [(gadget: String, show: Bool)], cause: String, now: Microseconds)
    /// Gadget `gadget`'s text was changed by the board's data or a control `set` (not by typing).
    func liveBoard(_ board: LiveBoard, textChanged gadget: String, now: Microseconds)
    /// A form was refused: field `gadget`'s problem is `message` (the one focus went to).
    func liveBoard(_ board: LiveBoard, fieldProblem gadget: String, message: String)
}

extension LiveBoardObserver {
    func liveBoard(_ board: LiveBoard, cues: [SoundCue]) {}
    func liveBoard(_ board: LiveBoard, display: AccessibilityDisplay, cause: String, now: Microseconds) {}
    func liveBoard(_ board: LiveBoard, reach on: Bool, cause: String, now: Microseconds) {}
    func liveBoard(_ board: LiveBoard, captions: [(gadget: String, show: Bool)], cause: String, now: Microseconds) {}
    func liveBoard(_ board: LiveBoard, textChanged gadget: String, now: Microseconds) {}
    func liveBoard(_ board: LiveBoard, fieldProblem gadget: String, message: String) {}
}
