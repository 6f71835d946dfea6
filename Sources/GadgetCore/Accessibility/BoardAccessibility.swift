/// The board's accessibility settings (`"focusOrder"`, `"accessibility"`; docs/accessibility.md).
public struct BoardAccessibility: Sendable, Equatable {
    /// `"focusOrder"`: gadget ids read first, in this order, before the rest in reading order.
    /// Checked by the decoder: every id is a gadget's, once, and not `"hidden"`.
    public var focusOrder: [String] = []
    /// `"accessibility": {"speech": true}`: start in speech mode (`run --speech auto`, the
    /// default), e.g. a kiosk whose only output is a handset.
    public var speech = false
    /// `"accessibility": {"keys": {"next": ["KEY_F5"], …}}`: the keypad's navigation keys.
    public var keys = AccessibilityKeys.standard
    /// `"accessibility": {"timeoutScale": 2.0}`: every timeout a visitor can meet is this many
    /// times longer (EN 11.2.2.1). 1…10; nil: 1, or 2 in speech mode (`TimeLimitWarning.scale`).
    public var timeoutScale: Double?
    /// `"accessibility": {"largeTextScale": 1.5}`: how much larger large text is
    /// (`AccessibilityDisplay.largeTextScaleRange`).
    public var largeTextScale = AccessibilityDisplay.defaultLargeTextScale
    /// `"accessibility": {"button": true}`: the on-screen accessibility button is on the board
    /// (the decoder added its gadget, `AccessibilityButton`).
    public var button = false
    /// `"viewingDistanceMm"` (board): how far the visitor's eyes are from the panel, for
    /// `check --accessibility`'s x-height rule (EN 5.1.4; `XHeightRule`). Nil: not checked.
    public var viewingDistanceMm: Double?
    /// `"accessibility": {"reachMode": true}`: the visitor may move the interactive gadgets
    /// within reach (ReachLayout.swift, EN 301 549 8.3).
    public var reachMode = false
    /// `"reach": {"floorToBottomMm", "mmPerPx"}` as given (the decoder settles `reach`).
    public var reachFloorToBottomMm: Double?
    public var reachMmPerPixel: Double?
    /// Where the screen is, for reach mode (nil: reach mode is off or the board cannot say).
    public var reach: ReachLayout.Mounting?
    public init(focusOrder: [String] = [], speech: Bool = false) { self.focusOrder = focusOrder; self.speech = speech }
}
