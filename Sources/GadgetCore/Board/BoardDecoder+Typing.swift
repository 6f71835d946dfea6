/// A gadget's `"field"`, the board's `"keyboard"` and `"forms"` (docs/board-format.md, "Fields
/// and forms"; docs/typing.md), and the cross-checks between them: every form a field names
/// exists, every field of a form has a name, patterns compile, a form posts to http(s) only.
/// xkb layout names are checked where xkbcommon is (GadgetKeyboard), not here.
extension BoardDecoder {
    static let fieldFields: Set<String> = ["kind", "placeholder", "maxLength", "pattern", "required", "form", "name"]
    static let formFields: Set<String> = ["id", "submit", "thanksPage", "clearAfterSeconds"]
    /// Most forms a board may hold (each has a spool of its own submissions' keys).
    public static let maximumForms = 32
    /// Most xkb layouts a board may list (the layout key cycles them).
    public static let maximumLayouts = 8

    /// A gadget's `"field"` object; `style` is the gadget's `"text"` style (font, size, colour),
    /// which a field draws its value with.
    mutating func gadgetField(_ v: JSONValue, _ path: String) -> FieldSpec? {
        let before = problems.count
        guard let pairs = fields(v, path, allowed: BoardDecoder.fieldFields) else { return nil }
        let obj = JSONValue.object(pairs)
        var spec = FieldSpec(jsonPath: path)
        if let kv = obj["kind"] {
            if case .string(let s) = kv, let kind = FieldKind(rawValue: s) { spec.kind = kind } else {
                problem("\(path).kind", "must be one of \(FieldKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
        }
        if let pv = obj["placeholder"] {
            if case .string(let s) = pv, s.unicodeScalars.count <= GadgetText.maximumLength { spec.placeholder = s.isEmpty ? nil : s } else {
                problem("\(path).placeholder", "expected a string")
            }
        }
        if let mv = obj["maxLength"] {
            let n = number(mv, "\(path).maxLength", range: 1...Double(FieldSpec.defaultMaximumLength), default: 1)
            if let i = Int(exactly: n) { spec.maxLength = i } else { problem("\(path).maxLength", "expected a whole number of characters") }
        }
        if let pv = obj["pattern"] {
            if case .string(let s) = pv, !s.isEmpty {
                if let why = FieldValidation.patternError(s) { problem("\(path).pattern", "not a valid pattern: \(why)") } else { spec.pattern = s }
            } else {
                problem("\(path).pattern", "expected a regular expression string")
            }
        }
        spec.required = bool(obj["required"], "\(path).required", default: false)
        for key in ["form", "name"] {
            guard let sv = obj[key] else { continue }
            guard case .string(let s) = sv, !s.isEmpty else { problem("\(path).\(key)", "expected a non-empty string"); continue }
            if key == "form" { spec.form = s } else { spec.name = s }
        }
        guard problems.count == before else { return nil }
        return spec
    }

    /// The board's `"keyboard"`: `{"layouts": ["de", "us"]}`.
    mutating func boardKeyboard(_ v: JSONValue?) -> BoardKeyboard? {
        guard let v, let pairs = fields(v, "keyboard", allowed: ["layouts"]) else { return nil }
        let obj = JSONValue.object(pairs)
        guard let lv = obj["layouts"] else { return BoardKeyboard() }
        guard case .array(let items) = lv, !items.isEmpty, items.count <= BoardDecoder.maximumLayouts else {
            problem("keyboard.layouts", "expected an array of 1...\(BoardDecoder.maximumLayouts) xkb layout names (\"de\", \"us\")")
            return nil
        }
        var layouts: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item, !s.isEmpty, s.unicodeScalars.allSatisfy(BoardDecoder.isLayoutScalar) else {
                problem("keyboard.layouts[\(i)]", "expected an xkb layout name such as \"de\" or \"de(nodeadkeys)\"")
                continue
            }
            if layouts.contains(s) { problem("keyboard.layouts[\(i)]", "layout \"\(s)\" given twice"); continue }
            layouts.append(s)
        }
        return BoardKeyboard(layouts: layouts, jsonPath: "keyboard.layouts")
    }

    /// Letters, digits and the punctuation xkb names use (`de(nodeadkeys)`, `latin+level3`).
    static func isLayoutScalar(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "_-()+:".unicodeScalars.contains(s))
    }

    /// The board's `"forms"`. `formsIncomplete` is set when any form could not be read, so a
    /// field naming it is not a second mistake.
    mutating func boardForms(_ v: JSONValue?, pages: [BoardPage]) -> [BoardForm] {
        guard let v else { return [] }
        guard case .array(let items) = v else { problem("forms", "expected an array of forms, got \(v.kindName)"); formsIncomplete = true; return [] }
        if items.count > BoardDecoder.maximumForms { problem("forms", "more than \(BoardDecoder.maximumForms) forms"); formsIncomplete = true; return [] }
        var forms: [BoardForm] = []
        for (i, item) in items.enumerated() {
            let path = "forms[\(i)]"
            guard let form = boardForm(item, path, pages: pages) else {
                if case .string(let id)? = item["id"], !id.isEmpty { refusedFormIDs.insert(id) } else { formsIncomplete = true }
                continue
            }
            if let first = forms.firstIndex(where: { $0.id == form.id }) { problem("\(path).id", "duplicate form id \"\(form.id)\" (first used by forms[\(first)])"); continue }
            forms.append(form)
        }
        return forms
    }

    private mutating func boardForm(_ v: JSONValue, _ path: String, pages: [BoardPage]) -> BoardForm? {
        let before = problems.count
        guard let pairs = fields(v, path, allowed: BoardDecoder.formFields) else { return nil }
        let obj = JSONValue.object(pairs)
        let id = requiredID(obj, path)
        var target: FormTarget?
        if let sv = obj["submit"] {
            if let sp = fields(sv, "\(path).submit", allowed: ["url", "topic"]) {
                let submit = JSONValue.object(sp)
                switch (submit["url"], submit["topic"]) {
                case (.some, .some): problem("\(path).submit", "has both url and topic (give one)")
                case (nil, nil): problem("\(path).submit", "needs a url (HTTP POST) or a topic (MQTT)")
                case (.some(let uv), nil):
                    if case .string(let u) = uv, BoardDecoder.isHTTPURL(u) { target = .url(u) } else {
                        problem("\(path).submit.url", "expected an http:// or https:// URL")
                    }
                case (nil, .some(let tv)):
                    if case .string(let t) = tv, BoardDecoder.isTopic(t) { target = .topic(t) } else {
                        problem("\(path).submit.topic", "expected an MQTT topic without wildcards (+ #), 1...\(BoardDecoder.maximumTopicLength) bytes")
                    }
                }
            }
        } else {
            problem("\(path).submit", "missing required field")
        }
        var thanks: String?
        if let tv = obj["thanksPage"] {
            if case .string(let s) = tv, !s.isEmpty {
                if pagesIncomplete || pages.contains(where: { $0.id == s }) { thanks = s } else {
                    problem("\(path).thanksPage", pages.isEmpty ? "names page \"\(s)\", but the board has no pages"
                                                                : "unknown page \"\(s)\" (pages: \(pages.map(\.id).joined(separator: ", ")))")
                }
            } else {
                problem("\(path).thanksPage", "expected a page id (a non-empty string)")
            }
        }
        let clear = number(obj["clearAfterSeconds"], "\(path).clearAfterSeconds", range: 5...86_400, default: BoardForm.defaultClearAfterSeconds)
        guard problems.count == before, let target else { return nil }
        return BoardForm(id: id, submit: target, thanksPage: thanks, clearAfterSeconds: clear, jsonPath: path)
    }

    /// `http://host…` or `https://host…` (any case), with a host: a form never posts to a file or
    /// to another scheme libcurl happens to speak.
    static func isHTTPURL(_ s: String) -> Bool {
        let lower = s.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = lower.dropFirst(scheme.count)
            return !rest.isEmpty && !rest.hasPrefix("/") && !s.unicodeScalars.contains { $0.properties.isWhitespace }
        }
        return false
    }

    /// Each field names a form the board has, and a field in a form has a name unique in it.
    mutating func checkFields(_ gadgets: [Gadget], forms: [BoardForm]) {
        var names: [String: [String: String]] = [:]  // form → name → the first field's path
        for g in gadgets {
            guard let spec = g.field, let formID = spec.form else { continue }
            guard forms.contains(where: { $0.id == formID }) else {
                if !formsIncomplete && !refusedFormIDs.contains(formID) {
                    problem("\(spec.jsonPath).form", forms.isEmpty ? "names form \"\(formID)\", but the board has no \"forms\""
                                                                   : "unknown form \"\(formID)\" (forms: \(forms.map(\.id).joined(separator: ", ")))")
                }
                continue
            }
            guard let name = spec.name else {
                problem(spec.jsonPath, "is in form \"\(formID)\" but has no \"name\" (the key its value is submitted under)")
                continue
            }
            if let first = names[formID]?[name] {
                problem("\(spec.jsonPath).name", "name \"\(name)\" is used twice in form \"\(formID)\" (first by \(first))")
            } else {
                names[formID, default: [:]][name] = spec.jsonPath
            }
        }
    }
}
