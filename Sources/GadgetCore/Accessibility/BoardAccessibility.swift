/// The board's accessibility settings (`"focusOrder"`, `"accessibility"`; docs/accessibility.md).
public struct BoardAccessibility: Sendable, Equatable {
    /// `"focusOrder"`: gadget ids read first, in this order, before the rest in reading order.
    /// Checked by the decoder: every id is a gadget's, once, and not `"hidden"`.
    public var focusOrder: [String] = []
    /// `"accessibility": {"speech": true}`: start in speech mode (`run --speech auto`, the
    /// default), e.g. a kiosk whose only output is a handset.
    public var speech = false
    public init(focusOrder: [String] = [], speech: Bool = false) { self.focusOrder = focusOrder; self.speech = speech }
}
