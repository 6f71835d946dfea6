import GadgetCore

/// Live data in the loop (docs/live-data.md): the feature is on the live board from start-up
/// and follows every board the board's own loads bring (`LiveDataFeature.boardReplaced`), so a
/// board without sources costs nothing but an empty check per iteration.
extension KioskLoop {
    func startLiveData(now: Microseconds) {
        let feature = LiveDataFeature(board: live, now: now)
        liveData = feature
        live.add(feature)
        feature.update(now: now, board: live)
    }
}
