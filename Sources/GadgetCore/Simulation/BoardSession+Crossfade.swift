/// Crossfades between pages in the session (`PageCrossfade`): the page shown changes at once
/// (touches, the page event and `state` see the new page from the start), and for the fade's
/// duration the outgoing page's gadgets are drawn too, at the same poses as before the switch.
/// A touch ends the fade: the visitor gets the new page, solid, under the finger.
extension BoardSession {
    /// Shows page `id` by crossfading to it over `seconds` from `time` (a cut when `seconds` is
    /// 0 or the page is already shown). False for an unknown id or a board without pages.
    @discardableResult
    public mutating func crossfadeToPage(_ id: String, seconds: Double, at time: Microseconds, cause: ActionEvent.Cause) -> Bool {
        guard let from = pager?.current, board.pageIndex(id: id) != nil,
              showPage(id, animated: false, at: time, cause: cause), let to = pager?.current else { return false }
        let duration = seconds.isFinite ? Microseconds(max(0, seconds) * 1_000_000) : 0
        crossfade = from != to && duration > 0 ? PageCrossfade(from: from, to: to, start: time, duration: duration) : nil
        return true
    }

    /// The fade drawn now (at the time of the last `advance(to:)`), if one runs and its page is
    /// still the one shown (a swipe, an action or the idle return replaced it otherwise).
    public var runningCrossfade: PageCrossfade? {
        guard let f = crossfade, f.isRunning(at: renderTime), let p = pager, p.current == f.to, p.isSettled else { return nil }
        return f
    }

    /// Per gadget (board order), the factor its opacity is drawn with now; nil when no fade
    /// runs (every gadget at its own opacity).
    public func crossfadeOpacities() -> [Double]? {
        guard let f = runningCrossfade else { return nil }
        return gadgetPages.map { f.opacity(ofPage: $0, at: renderTime) }
    }

    /// A touch frame ends a fade still running.
    mutating func touchEndsCrossfade(_ frame: TouchFrame) {
        if crossfade != nil, !frame.touches.isEmpty { crossfade = nil }
    }
}
