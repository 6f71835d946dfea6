import GadgetCore
import GadgetKeyboard
import GadgetRender

/// The on-screen keyboard in the running kiosk: the pure `KeyboardPanel` (what is shown, the
/// slide, the board's lift, its touches) and its drawing (`OnScreenKeyboardView`). It follows
/// the focused field by itself, each loop iteration, so focus from a tap, Tab, control `focus`
/// or a submit's first problem all bring it up, and leaving the field takes it down.
/// Thread: the loop's.
final class OnScreenKeyboardFeature: LiveFeature {
    private(set) var panel: KeyboardPanel
    let view: OnScreenKeyboardView
    /// The kiosk's keys (`KioskInput.keys`): the same translator as physical keyboards; nil
    /// until the input is wired (the keyboard then shows its numeric pad's keys only).
    weak var keys: KeyboardTyping?

    init(board: Board, displayScale: Double, text: TextImageCache) {
        panel = KeyboardPanel(board: board, displayScale: displayScale)
        view = OnScreenKeyboardView(text: text)
    }

    var isAnimating: Bool { panel.isSliding }

    func update(now: Microseconds, board: LiveBoard) { follow(board) }

    func willDrawFrame(now: Microseconds, board: LiveBoard) {
        follow(board)
        // The simulation's time: the slide moves in its fixed steps, as replay's does.
        panel.advance(to: board.session.time)
        // The keymaps are asked for only while a field has focus: a board without typing never
        // loads libxkbcommon (it is opened on first use).
        guard panel.field != nil else { return }
        if panel.layoutStale || OnScreenKeyboardTaps.showsOtherLayout(panel, translator: keys?.current) {
            OnScreenKeyboardTaps.relayout(&panel, translator: keys?.current)
        }
    }

    func boardReplaced(_ board: LiveBoard) {
        panel = KeyboardPanel(board: board.board, displayScale: board.viewport.scale)
        view.destroy()
    }

    func displayDetached(_ board: LiveBoard) { view.destroy() }

    /// Takes the keyboard's touches out of `frame` (the rest move into the lifted board) and
    /// carries out their taps.
    func handle(_ frame: inout TouchFrame, board: LiveBoard) {
        let revision = panel.revision
        let effects = panel.handle(&frame)
        let web = webGadgets(board)
        OnScreenKeyboardTaps.perform(effects, panel: &panel, translator: keys?.current,
                                     type: { board.type($0) }, hide: {
            // Typing into a page: the keyboard goes down, the board's fields are left alone.
            if let web, web.keyboardTarget != nil { web.hideKeyboard() } else { _ = board.focusField(nil) }
        })
        if panel.revision != revision { board.drawAgain(.boardChanged) }
    }

    /// Focus moved (or the field went away with a reload): slide in or out from now.
    /// A web page's text field (WebGadgets' `keyboardTarget`, from the helper's `editableFocus`)
    /// brings it up as a board field does, typing as text into that page; keys reach the page
    /// through `board.type`, which gives a focused page the key first. The page's gadget is the
    /// field's rectangle for the lift (the page does not say where its field is).
    private func follow(_ board: LiveBoard) {
        let page = webGadgets(board)?.keyboardTarget
        let focused = page ?? board.fields.focused
        guard focused != panel.field else { return }
        let gadget = focused.flatMap { id in board.board.gadgets.first { $0.id == id } }
        let frame = gadget.map { OnScreenKeyboardLayout.Frame(x: $0.center.x - $0.size.width / 2, y: $0.center.y - $0.size.height / 2,
                                                              w: $0.size.width, h: $0.size.height) }
        let kind: FieldKind? = page != nil ? .text : focused.flatMap { board.fields.spec(of: $0)?.kind }
        panel.focus(focused, kind: kind, frame: frame, at: board.session.time)
        board.drawAgain(.boardChanged)
    }

    private func webGadgets(_ board: LiveBoard) -> WebGadgets? { board.features.lazy.compactMap { $0 as? WebGadgets }.first }
}
