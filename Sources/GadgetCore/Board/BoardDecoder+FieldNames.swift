/// How the board decoder names fields in its messages and which spellings it takes: one place
/// for the rules a board author meets first.
extension BoardDecoder {
    /// Other spellings accepted for a field, everywhere the field is allowed: British `colour`
    /// for `color`, as the control socket takes it too (docs/board-format.md, "Spellings"). A
    /// board giving both is refused.
    static let fieldAliases: [String: String] = ["colour": "color"]

    /// The name `key` stands for in an object whose fields are `allowed` (an alias becomes the
    /// field it spells), or nil when it is not allowed there.
    static func canonicalField(_ key: String, allowed: Set<String>) -> String? {
        if allowed.contains(key) { return key }
        if let real = fieldAliases[key], allowed.contains(real) { return real }
        return nil
    }

    /// The message for a field `key` not allowed among `allowed`: the near name when there is one
    /// (`unknown field (did you mean "color"?)`), else every allowed name.
    static func unknownFieldMessage(_ key: String, allowed: Set<String>) -> String {
        if let near = FieldNameSuggestion.nearest(key, among: allowed) { return "unknown field (did you mean \"\(near)\"?)" }
        return "unknown field (allowed: \(allowed.sorted().joined(separator: ", ")))"
    }

    /// A gadget's path with its id, so a message in a long board says which gadget without
    /// counting: `pages[0].gadgets[4] (toGallery)`. Unchanged when the id is missing or not a
    /// string (that problem is reported at `….id`).
    static func labelled(_ path: String, _ gadget: JSONValue) -> String {
        guard case .string(let id)? = gadget["id"], !id.isEmpty else { return path }
        return "\(path) (\(id))"
    }

    /// `obj`'s `"id"`: a non-empty string, or "" with the problem noted at `path.id` (gadgets
    /// and pages alike).
    mutating func requiredID(_ obj: JSONValue, _ path: String) -> String {
        guard let iv = obj["id"] else { problem("\(path).id", "missing required field"); return "" }
        if case .string(let s) = iv, !s.isEmpty { return s }
        problem("\(path).id", "expected a non-empty string")
        return ""
    }
}
