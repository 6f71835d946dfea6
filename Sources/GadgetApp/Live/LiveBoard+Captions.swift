import GadgetCore

/// The visitor's captions (docs/accessibility.md "Captions and description", EN 301 549 7.1):
/// each video player holds whether its captions are drawn (the board's `captions.show`, then
/// the visitor's control request, captions key or panel entry); this is the one way the
/// visitor's keys and panel and the idle return change them, so each change is heard by the
/// observer (an event, and in speech mode the new state said). Thread: the loop's.
extension LiveBoard {
    /// The video players of the board shown (live features of their own).
    var videoPlayers: [VideoPlayer] { features.compactMap { $0 as? VideoPlayer } }

    /// Whether each captioned video's captions are drawn now, by gadget id.
    var captionsShown: [String: Bool] {
        var out: [String: Bool] = [:]
        for p in videoPlayers where p.video.captions != nil { out[p.gadget] = p.captionsShown }
        return out
    }

    /// A captions key or panel entry (`CaptionsToggle`): the focused video's captions, else every
    /// captioned video's of the page shown, on unless all are. Returns the new state and how
    /// many videos it acted on (0: none here).
    @discardableResult
    func toggleCaptions(focused: String?, cause: String, now: Microseconds) -> (on: Bool, count: Int) {
        let targets = CaptionsToggle.targets(board: board, page: session.currentPage, focused: focused)
        let shown = captionsShown
        let on = CaptionsToggle.toggled(targets.map { shown[$0] ?? false })
        setCaptions(targets.map { ($0, on) }, cause: cause, now: now)
        return (on, targets.count)
    }

    /// Sets each video's captions; the observer hears those that changed, once.
    func setCaptions(_ wanted: [(String, Bool)], cause: String, now: Microseconds) {
        var changed: [(gadget: String, show: Bool)] = []
        for (id, on) in wanted {
            guard let p = videoPlayers.first(where: { $0.gadget == id }), p.video.captions != nil, p.captionsShown != on else { continue }
            p.captionsShown = on
            // Captions on or off change the video's pixels without a new picture (damage).
            if let i = index(of: id) { scene.videoFrameChanged(i.rawValue) }
            changed.append((id, on))
        }
        guard !changed.isEmpty else { return }
        drawAgain(.videoControlled)
        observer?.liveBoard(self, captions: changed, cause: cause, now: now)
    }

    /// The idle return: every video's captions back to the board's `captions.show` (the next
    /// visitor finds the board as written, as with the display modes and reach).
    func captionsIdleReturn(now: Microseconds) {
        setCaptions(CaptionsToggle.boardSetting(board).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, cause: "idleReturn", now: now)
    }
}
