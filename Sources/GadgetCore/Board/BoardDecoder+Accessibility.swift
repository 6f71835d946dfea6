/// A gadget's `"label"`, `"role"`, `"hint"`, `"hidden"`, `"private"`, `"lang"`, and the board's
/// `"focusOrder"` and `"accessibility"` (docs/accessibility.md). Kept out of BoardDecoder.swift so
/// the accessibility fields are read in one place.
extension BoardDecoder {
    static let accessibilityGadgetFields: Set<String> = ["label", "role", "hint", "hidden", "private", "lang"]
    static let accessibilityBoardFields: Set<String> = ["focusOrder", "accessibility"]

    /// The accessibility fields of one gadget object (its other fields are read by `gadget`).
    mutating func gadgetAccessibility(_ obj: JSONValue, _ path: String) -> GadgetAccessibility {
        var a = GadgetAccessibility()
        a.label = obj["label"].flatMap { spokenString($0, "\(path).label") }
        a.hint = obj["hint"].flatMap { spokenString($0, "\(path).hint") }
        if let v = obj["role"] {
            if case .string(let s) = v, let role = AccessibilityRole(rawValue: s) { a.role = role }
            else { problem("\(path).role", "must be one of \(AccessibilityRole.names.joined(separator: ", "))") }
        }
        a.hidden = bool(obj["hidden"], "\(path).hidden", default: false)
        a.isPrivate = bool(obj["private"], "\(path).private", default: false)
        a.language = obj["lang"].flatMap { languageTag($0, "\(path).lang") }
        // A control nobody can find without sight fails EN 5.5.2; decoration has no action.
        if a.hidden, obj["action"] != nil || obj["longPressAction"] != nil {
            problem("\(path).hidden", "has an action, so a visitor who cannot see must be able to find it (leave \"hidden\" out)")
        }
        return a
    }

    /// A label or hint: a non-empty string no longer than a gadget's text may be.
    private mutating func spokenString(_ v: JSONValue, _ path: String) -> String? {
        guard case .string(let s) = v, !s.isEmpty else { problem(path, "expected a non-empty string"); return nil }
        guard s.unicodeScalars.count <= GadgetText.maximumLength else {
            problem(path, "longer than \(GadgetText.maximumLength) characters")
            return nil
        }
        return s
    }

    /// `"focusOrder"` (every id a gadget's, once, not `"hidden"`) and `"accessibility"`.
    mutating func boardAccessibility(_ root: JSONValue, gadgets: [Gadget]) -> BoardAccessibility {
        var settings = BoardAccessibility()
        if let v = root["accessibility"], let pairs = fields(v, "accessibility", allowed: ["speech"]) {
            settings.speech = bool(JSONValue.object(pairs)["speech"], "accessibility.speech", default: false)
        }
        guard let v = root["focusOrder"] else { return settings }
        guard case .array(let items) = v else { problem("focusOrder", "expected an array of gadget ids, got \(v.kindName)"); return settings }
        // A gadget refused for its own problem is not in `gadgets`: its id is not "unknown".
        let gadgetsIncomplete = problems.contains { $0.jsonPath.hasPrefix("gadgets") || $0.jsonPath.hasPrefix("pages") }
        let byID = Dictionary(gadgets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var first: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let at = "focusOrder[\(i)]"
            guard case .string(let id) = item, !id.isEmpty else { problem(at, "expected a gadget id (a non-empty string), got \(item.kindName)"); continue }
            if let f = first[id] { problem(at, "\"\(id)\" given twice (first at focusOrder[\(f)])"); continue }
            first[id] = i
            guard let g = byID[id] else {
                if !gadgetsIncomplete {
                    let near = FieldNameSuggestion.nearest(id, among: byID.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                    problem(at, "unknown gadget \"\(id)\"\(near)")
                }
                continue
            }
            if g.accessibility.hidden { problem(at, "gadget \"\(id)\" is \"hidden\": true, so it is never read"); continue }
            settings.focusOrder.append(id)
        }
        return settings
    }
}
