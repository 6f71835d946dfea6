import GadgetCore
import GadgetRender

/// Crossfades between pages on the running board (the attract loop's `crossfade` transition,
/// `crossfadeToPage` in LiveBoard.swift with the session's other writes): the session switches the page and keeps the fade (`BoardSession+Crossfade.swift`), each frame
/// hands the scene the fade's opacities (`prepareFrame`), and a frame drawn mid-fade asks for
/// the next one (`frameDrawn`), so the frame at the fade's end, the new page solid, is drawn
/// even when nothing else animates.
extension LiveBoard {
    /// Whether every image of page `id`'s gadgets is in the scene's atlas (decoded and placed),
    /// so a transition to it shows no placeholder: the playlist holds a switch until then. An
    /// image whose decoding failed counts as ready once decoding is over (it stays a placeholder
    /// whatever happens). True for an unknown page (the switch then fails with its message).
    public func pageIsReady(_ id: String) -> Bool {
        for g in board.gadgets where g.page == id {
            guard case .image(let ref) = g.appearance, !scene.showsImage(ref.path) else { continue }
            if decoding != nil || images[ref.path] != nil || sceneStale { return false }
        }
        return true
    }

    /// prepareFrame's part: the scene draws the fade as of the frame's time.
    func prepareCrossfade() { scene.setCrossfade(session.crossfadeOpacities()) }
}
