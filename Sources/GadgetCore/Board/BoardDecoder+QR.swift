/// A gadget's `"qr"`: `"https://…"` or `{"text", "ecc", "color", "background"}`. The text may be
/// a template; its literal part must fit a QR code at the chosen error-correction level, which
/// `check` reports with the JSON path rather than the kiosk drawing nothing.
extension BoardDecoder {
    static let qrFields: Set<String> = ["text", "ecc", "color", "background"]

    mutating func gadgetQR(_ v: JSONValue, _ path: String) -> GadgetQR? {
        if case .string = v { return gadgetQR(.object([("text", v)]), path, textPath: path) }
        return gadgetQR(v, path, textPath: "\(path).text")
    }

    /// `textPath`: where the text's problems are reported (`qr` itself for the short form).
    private mutating func gadgetQR(_ v: JSONValue, _ path: String, textPath: String) -> GadgetQR? {
        let before = problems.count
        guard let pairs = fields(v, path, allowed: BoardDecoder.qrFields) else { return nil }
        let obj = JSONValue.object(pairs)
        var qr = GadgetQR(template: Template(parts: []), jsonPath: path)
        if let ev = obj["ecc"] {
            if case .string(let s) = ev, let ecc = GadgetQR.ECC(rawValue: s) { qr.ecc = ecc } else { problem("\(path).ecc", "must be \"L\", \"M\", \"Q\" or \"H\"") }
        }
        for (field, isBackground) in [("color", false), ("background", true)] {
            guard let cv = obj[field] else { continue }
            guard case .string(let s) = cv, let c = Color(hex: s) else { problem("\(path).\(field)", "expected a colour \"#rrggbb\" or \"#rrggbbaa\""); continue }
            if isBackground { qr.background = c } else { qr.color = c }
        }
        guard let tv = obj["text"] else { problem("\(path).text", "missing required field"); return nil }
        guard case .string(let text) = tv, !text.isEmpty else { problem(textPath, "expected a non-empty string"); return nil }
        switch Template.parse(text) {
        case .failure(let f): problem(textPath, f.description)
        case .success(let t):
            qr.template = t
            qr.jsonPath = textPath
            // The literal parts alone are a lower bound of every text it will encode.
            let literalBytes = t.parts.reduce(0) { n, p in if case .literal(let s) = p { return n + s.utf8.count } else { return n } }
            let capacity = GadgetQR.byteCapacity(qr.ecc)
            if literalBytes > capacity {
                problem(textPath, "\(literalBytes) bytes, more than a QR code holds at level \(qr.ecc.rawValue) (\(capacity)); shorten it or choose a lower ecc")
            }
        }
        guard problems.count == before else { return nil }
        return qr
    }
}
