/// The on-screen keyboard as the board shows it, pure: whether it is up (it follows the focused
/// field by itself, so the app never shows or hides it: LVGL leaves that to every app, lvgl
/// #1934), how far it has slid in, how far the board is lifted so the focused field stays
/// visible above it, and which touches are its own (`OnScreenKeyboard`).
///
/// Time comes from the caller, who passes the fixed-step simulation's time (`BoardSession.time`,
/// which moves in whole steps): the live kiosk and `replay` slide it alike, step for step.
/// Labels come from the keymap through `relayout` (GadgetKeyboard's `XKBKeymap.label`).
public struct KeyboardPanel: Sendable {
    /// How long sliding in or out takes, µs (Android's IME window animation is about 200–300 ms;
    /// shorter here: a visitor at a kiosk waits for it before the first key).
    public static let slideTime: Microseconds = 200_000
    /// Space kept between the focused field's bottom edge and the keyboard's top, board px.
    public static let fieldMargin = 12.0

    public let boardSize: Size2
    public private(set) var keyboard: OnScreenKeyboard
    /// The field it types into; nil while hidden or sliding out.
    public private(set) var field: String?
    public private(set) var kind: FieldKind?
    /// The keyboard fully in (nil: never laid out, or no field has had focus).
    public private(set) var layout: OnScreenKeyboardLayout?
    /// Mode, shift or layout changed: `relayout` must run before the next draw.
    public private(set) var layoutStale = false
    /// Goes up whenever what the keyboard shows changes (damage tracking compares it).
    public private(set) var revision = 0

    private var fieldFrame: OnScreenKeyboardLayout.Frame?
    // The slide: `progress` (0 out … 1 in) and `lift` (board px the board moves up) go from their
    // values at `start` to the targets over `slideTime`, eased.
    private var from = (progress: 0.0, lift: 0.0)
    private var to = (progress: 0.0, lift: 0.0)
    private var start: Microseconds = 0
    public private(set) var progress = 0.0
    public private(set) var lift = 0.0

    public init(boardSize: Size2, tapSlop: Double = GestureThresholds().tapSlop) {
        self.boardSize = boardSize
        keyboard = OnScreenKeyboard(tapSlop: tapSlop)
    }

    /// For `board`: its size, and its gestures' tap slop in board pixels (its `"thresholds"`
    /// and panel size, over `displayScale` as `BoardSession` counts it), so a key fires under the
    /// same slop rule as a tap on a gadget.
    public init(board: Board, displayScale: Double = 1) {
        var thresholds = (try? GestureThresholds.forBoard(board, file: "board").get()) ?? GestureThresholds(pixelsPerPoint: board.touch.pixelsPerPoint)
        if displayScale > 0, displayScale.isFinite { thresholds.pixelsPerPoint /= displayScale }
        self.init(boardSize: board.size, tapSlop: thresholds.px(thresholds.tapSlop))
    }

    /// Focus moved to `field` (nil: none) of `kind`, whose rectangle on the board is `frame`, at
    /// simulation time `time`: the keyboard slides in (the page the kind wants, unshifted) or out,
    /// and the board's lift follows. False when nothing changed.
    @discardableResult
    public mutating func focus(_ field: String?, kind: FieldKind?, frame: OnScreenKeyboardLayout.Frame?, at time: Microseconds) -> Bool {
        guard field != self.field else { return false }
        let keepPage = field != nil && self.field != nil && kind?.usesNumericPad == self.kind?.usesNumericPad && kind == self.kind
        self.field = field
        self.kind = kind
        fieldFrame = frame
        if !keepPage {
            keyboard.reset(for: kind)
            if field != nil { layoutStale = true }
        }
        retarget(at: time)
        return true
    }

    /// Lays the keys out again for the current mode: `layoutName` is the layout shown (`de`),
    /// `layouts` how many the board has, `labels` the keymap's label of an evdev code at a level.
    public mutating func relayout(layoutName: String, layouts: Int, labels: (UInt16, Int) -> String?) {
        layout = OnScreenKeyboardLayout(mode: keyboard.mode, layout: layoutName, layouts: layouts, board: boardSize, labels: labels)
        layoutStale = false
        revision += 1
        // The keyboard's height can change with the page (the numeric pad is as tall, today):
        // the lift follows it without a jump.
        to.lift = targetLift
    }

    /// The layout changed under the keyboard (the layout key, or Alt+Shift on a physical one).
    public mutating func layoutChanged() { layoutStale = true }

    /// Moves the slide to simulation time `time` (the fixed-step clock's). True when what is
    /// shown changed.
    @discardableResult
    public mutating func advance(to time: Microseconds) -> Bool {
        let t = Self.slideTime > 0 ? min(1, max(0, Double(time - start) / Double(Self.slideTime))) : 1
        // Smoothstep: starts and ends at rest, as a spring would, without a spring's overshoot
        // (a keyboard bouncing past the bottom of the screen shows the board beneath).
        let e = t * t * (3 - 2 * t)
        let p = from.progress + (to.progress - from.progress) * e
        let l = from.lift + (to.lift - from.lift) * e
        guard p != progress || l != lift else { return false }
        progress = p
        lift = l
        revision += 1
        return true
    }

    /// True while it slides or the board's lift changes.
    public var isSliding: Bool { progress != to.progress || lift != to.lift }

    /// The keyboard where it is drawn now (lower while it slides); nil while fully out.
    public var shownLayout: OnScreenKeyboardLayout? {
        guard let layout, progress > 0 else { return nil }
        return progress >= 1 ? layout : layout.moved(by: (1 - progress) * layout.frame.h)
    }

    /// The key to draw pressed: nil for pin and password fields (no key preview on a shared
    /// screen, interaction-notes §2.4).
    public var pressedKey: OnScreenKeyboardLayout.Key? {
        guard let shown = shownLayout, let key = keyboard.pressedKey(masked: kind?.isMasked ?? false) else { return nil }
        // Touches keep the key as it was when they landed: find it where it is now.
        return shown.keys.first { $0.label == key.label && $0.action == key.action && $0.frame.x == key.frame.x } ?? key
    }

    /// Takes the keyboard's touches out of `frame` and returns what their lifts asked for; the
    /// touches left are moved into the lifted board's coordinates (the board is drawn `lift`
    /// px higher, so a finger at screen y touches the board at y + lift).
    public mutating func handle(_ frame: inout TouchFrame) -> [OnScreenKeyboard.Effect] {
        let before = keyboard.pressedKey(masked: false)?.frame
        let wasTouched = keyboard.isTouched
        let effects = keyboard.handle(&frame, layout: shownLayout)
        if lift != 0 { for i in frame.touches.indices { frame.touches[i].location.y += lift } }
        if wasTouched || keyboard.isTouched || !effects.isEmpty {
            if keyboard.pressedKey(masked: false)?.frame != before || !effects.isEmpty { revision += 1 }
        }
        // Shift, caps lock and the symbols page change the keys.
        if let layout, keyboard.mode != layout.mode { layoutStale = true }
        return effects
    }

    /// `state`'s `"keyboard"` while it is up (sliding or in), in board coordinates; nil while out.
    public var stateJSON: JSONValue? { shownLayout?.stateJSON }

    /// How far the board must move up so the focused field's bottom stays `fieldMargin` above
    /// the keyboard, at most so far that the field's top stays on screen.
    var targetLift: Double {
        guard let f = fieldFrame, field != nil else { return 0 }
        let height = layout?.frame.h ?? (min(boardSize.width, boardSize.height) * OnScreenKeyboardLayout.heightShare).rounded()
        let need = f.y + f.h + Self.fieldMargin - (boardSize.height - height)
        return max(0, min(need, f.y - Self.fieldMargin))
    }

    private mutating func retarget(at time: Microseconds) {
        from = (progress, lift)
        to = (field == nil ? 0 : 1, field == nil ? 0 : targetLift)
        start = time
    }
}
