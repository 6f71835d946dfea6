/// A visitor turning captions on or off without staff (EN 301 549 7.1, 5.2): the captions key
/// (`"accessibility": {"keys": {"captions": …}}`) and the accessibility panel's Captions entry.
/// Which videos it acts on and what it turns them to; the kiosk's players and `replay` carry it
/// out. Pure.
public enum CaptionsToggle {
    /// The video gadgets the toggle acts on, in board order: the focused gadget alone when it is
    /// a video with captions (a keypad user on a video means that one); otherwise every video
    /// with captions on the page shown (`page`, nil: the board's first) and on every page.
    public static func targets(board: Board, page: String?, focused: String?) -> [String] {
        let captioned = board.captionReferences.map { board.gadgets[$0.index] }
        if let focused, captioned.contains(where: { $0.id == focused }) { return [focused] }
        let shown = page ?? board.pages.first?.id
        return captioned.filter { ($0.page == nil || $0.page == shown) && !$0.hidden }.map(\.id)
    }

    /// What the toggle turns them to, from whether each is shown now: on unless every one is on
    /// already (a page with one captioned video on and one off turns both on first).
    public static func toggled(_ shown: [Bool]) -> Bool { !shown.allSatisfy { $0 } }

    /// What speech says after it (EN 5.6.1: a toggle's state is perceivable by sound).
    public static func spoken(on: Bool, count: Int) -> String {
        if count == 0 { return "No captions on this screen" }
        return on ? "Captions on" : "Captions off"
    }

    /// Each video's captions as the board shows them from the start (`captions.show`), by
    /// gadget id: where the idle return puts them back (EN 5.1.3.13's rule, kept for every
    /// setting a visitor changes).
    public static func boardSetting(_ board: Board) -> [String: Bool] {
        Dictionary(board.captionReferences.map { (board.gadgets[$0.index].id, $0.captions.show) }, uniquingKeysWith: { a, _ in a })
    }
}
