/// How a load ended (`LiveBoardObserver.liveBoard(_:loadFinished:path:end:)`).
enum LoadEnd: Equatable {
    /// The new board is shown.
    case shown
    /// Refused (every problem); the old board is still shown.
    case rejected([String])
    /// A newer load replaced it before it was ready.
    case superseded
}
