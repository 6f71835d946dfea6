/// Every field's text and caret on a running board, which one has focus, and what a key does:
/// the one owner of typing state (the live board keeps one; replay can too). Pure: the keys come
/// as `KeyInput`s, Tab order from the board's geometry (`FocusOrder`), submission is reported as
/// a value for the forms feature to spool.
///
/// Field contents never leave through here except as `text(of:)`, `submit`'s values and
/// `reportFields` (replay's final line): never logged, never in `state` or events.
public struct FieldSession: Sendable, Equatable {
    /// Buffers by gadget id, for every gadget with a `"field"`.
    public private(set) var buffers: [String: TextEditBuffer]
    /// The field typing goes to; nil: none (keys are dropped).
    public private(set) var focused: String?
    /// The problems shown under fields since the last failed submit, cleared as each is edited.
    public private(set) var problems: [String: FieldProblem] = [:]
    private let specs: [String: FieldSpec]
    /// Field gadgets in board order with their page and home box, for the Tab order.
    private let places: [(id: String, page: String?, field: FocusOrder.Field)]
    private let rightToLeft: Bool

    public static func == (a: FieldSession, b: FieldSession) -> Bool {
        a.buffers == b.buffers && a.focused == b.focused && a.problems == b.problems
    }

    public init(board: Board) {
        var buffers: [String: TextEditBuffer] = [:]
        var specs: [String: FieldSpec] = [:]
        var places: [(id: String, page: String?, field: FocusOrder.Field)] = []
        for g in board.gadgets {
            guard let spec = g.field else { continue }
            specs[g.id] = spec
            buffers[g.id] = TextEditBuffer(maxLength: spec.maxLength ?? FieldSpec.defaultMaximumLength, multiline: spec.kind.isMultiline)
            places.append((g.id, g.page, FocusOrder.Field(id: g.id, center: g.center, size: g.size)))
        }
        self.buffers = buffers
        self.specs = specs
        self.places = places
        rightToLeft = FieldSession.isRightToLeft(language: board.language)
    }

    /// Scripts written right to left, by the primary language subtag of BCP 47 (`"lang"`).
    static func isRightToLeft(language: String?) -> Bool {
        guard let primary = language?.split(separator: "-").first?.lowercased() else { return false }
        return ["ar", "he", "iw", "fa", "ur", "yi", "ji", "dv", "ps", "ckb", "sd", "ug"].contains(primary)
    }

    public func spec(of id: String) -> FieldSpec? { specs[id] }
    public func text(of id: String) -> String? { buffers[id]?.text }
    public var isEmpty: Bool { specs.isEmpty }

    /// Tab order of the fields shown on `page` (shared fields and that page's; every field on a
    /// board without pages), `hidden` left out.
    public func focusOrder(page: String?, hidden: Set<String> = []) -> FocusOrder {
        let shown = places.filter { ($0.page == nil || $0.page == page) && !hidden.contains($0.id) }
        return FocusOrder(fields: shown.map(\.field), rightToLeft: rightToLeft)
    }

    /// Focus to `id` (nil: none); false when `id` is not a field. The caret stays where it was
    /// in that field (at the end for one never edited).
    @discardableResult
    public mutating func focus(_ id: String?) -> Bool {
        if let id, buffers[id] == nil { return false }
        focused = id
        return true
    }

    /// Replaces a field's text (control `set`, a scanner through the socket); false when `id` is
    /// not a field.
    @discardableResult
    public mutating func setText(_ text: String, of id: String) -> Bool {
        guard buffers[id] != nil else { return false }
        buffers[id]?.setText(text)
        problems[id] = nil
        return true
    }

    /// Puts field `id`'s caret before character `offset` (a tap between graphemes).
    public mutating func placeCaret(in id: String, atCharacterOffset offset: Int) {
        buffers[id]?.placeCaret(atCharacterOffset: offset)
    }

    /// Empties the fields of `form` (nil: every field) and their problems: after a submission,
    /// after `clearAfterSeconds` of no use, on the idle return home. Focus leaves a cleared field.
    public mutating func clear(form: String?) {
        for (id, spec) in specs where form == nil || spec.form == form {
            buffers[id]?.setText("")
            problems[id] = nil
            if focused == id { focused = nil }
        }
    }

    /// One key, with the Tab order of the fields shown now.
    public mutating func type(_ key: KeyInput, order: FocusOrder) -> FieldOutcome {
        switch key {
        case .tab, .backTab:
            let from = focused
            let to = key == .tab ? order.next(after: focused) : order.previous(before: focused)
            guard to != from else { return .none }
            focused = to
            return .focusMoved(from: from, to: to)
        case .escape:
            guard let from = focused else { return .none }
            focused = nil
            return .focusMoved(from: from, to: nil)
        default:
            break
        }
        guard let id = focused, var buffer = buffers[id], let spec = specs[id] else { return .none }
        if key == .enter && !spec.kind.isMultiline {
            guard let form = spec.form else { return .none }
            return submit(form: form, order: order)
        }
        let before = buffer.text
        let changed = buffer.apply(key)
        buffers[id] = buffer
        guard changed else { return .none }
        let textChanged = buffer.text != before
        if textChanged { problems[id] = nil }
        return .edited(field: id, textChanged: textChanged)
    }

    /// Validates every field of `form` (Enter, control `submit`): its values to submit, or the
    /// problems, focus then on the first field with one in Tab order.
    public mutating func submit(form: String, order: FocusOrder) -> FieldOutcome {
        var found: [String: FieldProblem] = [:]
        var values: [FormFieldValue] = []
        let members = specs.filter { $0.value.form == form }
        // Tab order first (what the visitor saw), then any field of the form not shown now.
        let ids = order.ids.filter { members[$0] != nil } + members.keys.filter { !order.ids.contains($0) }.sorted()
        for id in ids {
            guard let spec = members[id], let name = spec.name else { continue }
            let value = buffers[id]?.text ?? ""
            if let p = FieldValidation.problem(value: value, spec: spec) { found[id] = p } else { values.append(FormFieldValue(name: name, value: value)) }
        }
        problems = problems.filter { specs[$0.key]?.form != form }.merging(found) { $1 }
        if let first = ids.first(where: { found[$0] != nil }) {
            focused = first
            return .invalid(form: form, problems: found)
        }
        return .submit(form: form, fields: values)
    }

    /// What field `id` shows: its text, dots for `pin` and `password` (one per character, so
    /// nothing of the value shows, not even its scripts), or the placeholder while empty.
    public func display(of id: String) -> FieldDisplay? {
        guard let spec = specs[id], let buffer = buffers[id] else { return nil }
        if buffer.text.isEmpty { return FieldDisplay(string: spec.placeholder ?? "", isPlaceholder: spec.placeholder != nil, caret: 0) }
        if spec.kind.isMasked { return FieldDisplay(string: String(repeating: FieldDisplay.maskDot, count: buffer.text.count), isPlaceholder: false, caret: buffer.caret) }
        return FieldDisplay(string: buffer.text, isPlaceholder: false, caret: buffer.caret)
    }

    /// `replay`'s final line: `[{"id", "text"}]` in board order. Replay is the author's and the
    /// test's tool; the running kiosk never reports this.
    public func reportFields(boardOrder: [String]) -> JSONValue {
        .array(boardOrder.compactMap { id in buffers[id].map { .object([("id", .string(id)), ("text", .string($0.text))]) } })
    }
}
