/// A gadget's `"bind"`: `{PROPERTY: TEMPLATE}` or `{PROPERTY: {"template", "stale"}}`, each template parsed here so a bad pointer or
/// format is a `check` error with its JSON path; and, once every gadget and source is known, the
/// check that each placeholder names a source of the board.
extension BoardDecoder {
    /// `"bind"` and `"qr"` of a gadget (nil when it has neither).
    mutating func gadgetLive(_ obj: JSONValue, _ path: String, appearance: Gadget.Appearance, hasText: Bool, hasVideo: Bool) -> GadgetLive? {
        let qr = obj["qr"].flatMap { gadgetQR($0, "\(path).qr") }
        guard let bv = obj["bind"] else { return qr.map { GadgetLive(qr: $0) } }
        guard case .object(let pairs) = bv else { problem("\(path).bind", "expected an object {PROPERTY: TEMPLATE}, got \(bv.kindName)"); return nil }
        var bindings: [GadgetBinding] = []
        var seen = Set<String>()
        for (key, value) in pairs {
            let at = "\(path).bind.\(key)"
            guard let property = BoundProperty(rawValue: key), BoundProperty.bindable.contains(property) else {
                problem(at, "not a bindable property (bindable: \(BoundProperty.bindable.map(\.rawValue).joined(separator: ", ")))")
                continue
            }
            if !seen.insert(key).inserted { problem(at, "bound twice"); continue }
            switch property {
            case .text where !hasText: problem(at, "binds text, but the gadget has no \"text\" (give its style and first string)"); continue
            case .image where !isImage(appearance) && obj["image"] == nil && obj["video"] == nil: problem(at, "binds an image, but the gadget has no \"image\""); continue
            case .video where !hasVideo: problem(at, "binds a video, but the gadget has no \"video\" (give the clip it starts with)"); continue
            case .color where !isColor(appearance) && obj["color"] == nil: problem(at, "binds a colour, but the gadget has no \"color\""); continue
            default: break
            }
            if let b = binding(value, property, at) { bindings.append(b) }
        }
        return GadgetLive(bindings: bindings, qr: qr)
    }

    static let bindingFields: Set<String> = ["template", "stale"]

    /// `TEMPLATE` or `{"template": TEMPLATE, "stale": TEXT}`; `stale` must be a value the property
    /// takes ("" hides a text), so a stale board never shows a value that does not convert.
    private mutating func binding(_ value: JSONValue, _ property: BoundProperty, _ at: String) -> GadgetBinding? {
        var templateValue = value, templatePath = at
        var stale: String?
        if case .object = value {
            guard let pairs = fields(value, at, allowed: BoardDecoder.bindingFields) else { return nil }
            let obj = JSONValue.object(pairs)
            guard let tv = obj["template"] else { problem("\(at).template", "missing required field"); return nil }
            templateValue = tv
            templatePath = "\(at).template"
            if let sv = obj["stale"] {
                guard case .string(let s) = sv else { problem("\(at).stale", "expected a string, got \(sv.kindName)"); return nil }
                if property != .text || !s.isEmpty, let why = BoundValue.refusal(s, to: property) {
                    problem("\(at).stale", why)
                    return nil
                }
                stale = s
            }
        }
        guard case .string(let text) = templateValue else {
            problem(templatePath, "expected a template string or {\"template\", \"stale\"}, got \(templateValue.kindName)")
            return nil
        }
        switch Template.parse(text) {
        case .success(let t): return GadgetBinding(property: property, template: t, stale: stale, jsonPath: at)
        case .failure(let f): problem(templatePath, f.description); return nil
        }
    }

    private func isImage(_ a: Gadget.Appearance) -> Bool { if case .image = a { return true } else { return false } }
    private func isColor(_ a: Gadget.Appearance) -> Bool { if case .color = a { return true } else { return false } }

    /// Every placeholder names a source of the board (the clock's names aside).
    mutating func checkBindings(_ gadgets: [Gadget], data: BoardData) {
        let known = data.sources.map(\.id)
        for g in gadgets {
            guard let live = g.live else { continue }
            var templates = live.bindings.map { ($0.template, $0.jsonPath) }
            if let qr = live.qr { templates.append((qr.template, qr.jsonPath)) }
            for (template, path) in templates {
                // A source given but refused was reported at its own path: naming it is no new mistake.
                for source in template.sources where !known.contains(source) && !refusedSourceIDs.contains(source) && !sourcesIncomplete {
                    problem(path, known.isEmpty ? "names source \"\(source)\", but the board has no sources"
                                               : "unknown source \"\(source)\" (sources: \(known.joined(separator: ", ")))")
                }
            }
            // A `stale` text no source can trigger would never show: say so rather than let a
            // shop owner wait for it.
            for b in live.bindings where b.stale != nil {
                let read = b.template.sources.filter(known.contains)
                guard read.count == b.template.sources.count else { continue }
                if !read.contains(where: { data.source(id: $0)?.staleAfterSeconds != nil }) {
                    problem("\(b.jsonPath).stale", read.isEmpty ? "the template reads no source, so it is never stale"
                            : "never shows: \(read.joined(separator: ", ")) \(read.count == 1 ? "has" : "have") no staleAfterSeconds")
                }
            }
        }
    }
}
