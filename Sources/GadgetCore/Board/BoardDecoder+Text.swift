/// A gadget's `"text"` (docs/board-format.md, "Text"): the text object's fields, read with the
/// same paths and messages wherever a text comes from (a board file, a control `set`).
extension BoardDecoder {
    static let textFields: Set<String> = [
        "string", "font", "size", "points", "weight", "style", "color", "align", "verticalAlign", "maxLines", "lineHeight", "padding", "lang",
        "fit", "minSize",
    ]

    /// `"text": "Hello"` (every default) or `"text": {"string": …, "font": …, …}`.
    /// `stringRequired` false: a field's text, whose string is what is typed (given, it is ignored).
    mutating func gadgetText(_ v: JSONValue, _ path: String, stringRequired: Bool = true) -> GadgetText? {
        if case .string = v { return gadgetText(.object([("string", v)]), path) }
        let before = problems.count
        guard let pairs = fields(v, path, allowed: BoardDecoder.textFields) else { return nil }
        let obj = JSONValue.object(pairs)
        var style = TextStyle("")
        if let sv = obj["string"] {
            if case .string(let s) = sv {
                let count = s.unicodeScalars.count
                if count == 0 { problem("\(path).string", "empty string (leave out text for a gadget without text)") }
                else if count > GadgetText.maximumLength { problem("\(path).string", "\(count) characters, more than \(GadgetText.maximumLength)") }
                else { style.string = s }
            } else {
                problem("\(path).string", "expected a string, got \(sv.kindName)")
            }
        } else if stringRequired {
            problem("\(path).string", "missing required field")
        }
        if let fv = obj["font"] {
            if case .string(let f) = fv, !f.isEmpty {
                style.font = BoardDecoder.isFontFile(f) ? .file(path: f) : .family(f)
            } else {
                problem("\(path).font", "expected a font family (\"DejaVu Sans\") or a font file path")
            }
        }
        switch (obj["size"], obj["points"]) {
        case (.some, .some): problem(path, "has both size and points (give one)")
        case (.some(let sv), nil): style.size = number(sv, "\(path).size", range: 1...1024, default: style.size)
        case (nil, .some(let pv)):
            let pt = number(pv, "\(path).points", range: 1...1024, default: style.size)
            if pt * pixelsPerPoint > 1024 { problem("\(path).points", "\(JSONWriter.format(pt)) pt is over 1024 board pixels at touch.ppi") } else { style.size = pt * pixelsPerPoint }
        case (nil, nil): break
        }
        if let wv = obj["weight"] {
            switch wv {
            case .string("regular"), .string("normal"): style.weight = .regular
            case .string("bold"): style.weight = .bold
            case .number(let n) where (1...1000).contains(n): style.weight = n >= 600 ? .bold : .regular
            default: problem("\(path).weight", "must be \"regular\", \"bold\" or a CSS weight 1...1000")
            }
        }
        if let sv = obj["style"] {
            if case .string(let s) = sv, let slant = TextStyle.Slant(rawValue: s) { style.slant = slant } else { problem("\(path).style", "must be \"normal\" or \"italic\"") }
        }
        if let cv = obj["color"], let c = color(cv, "\(path).color") { style.color = c }
        if let av = obj["align"] {
            if case .string(let s) = av, let a = TextStyle.Alignment(rawValue: s) { style.alignment = a } else { problem("\(path).align", "must be \"start\", \"center\" or \"end\"") }
        }
        if let av = obj["verticalAlign"] {
            if case .string(let s) = av, let a = TextStyle.VerticalAlignment(rawValue: s) { style.verticalAlignment = a } else {
                problem("\(path).verticalAlign", "must be \"top\", \"middle\" or \"bottom\"")
            }
        }
        if let mv = obj["maxLines"] {
            let n = number(mv, "\(path).maxLines", range: 1...1000, default: 1)
            if let i = Int(exactly: n) { style.maxLines = i } else { problem("\(path).maxLines", "expected a whole number") }
        }
        style.lineHeight = number(obj["lineHeight"], "\(path).lineHeight", range: 0.5...10, default: style.lineHeight)
        if let pv = obj["padding"] { style.padding = padding(pv, "\(path).padding") ?? .zero }
        if let lv = obj["lang"] { style.language = languageTag(lv, "\(path).lang") }
        var fitRead = true
        if let fv = obj["fit"] {
            if case .string(let f) = fv, let fit = TextStyle.Fit(rawValue: f) { style.fit = fit } else {
                problem("\(path).fit", "must be \"none\" or \"shrink\"")
                fitRead = false
            }
        }
        if let mv = obj["minSize"] {
            if style.fit != .shrink {
                // A bad `fit` was reported already: minSize is not a second mistake.
                if fitRead { problem("\(path).minSize", "applies with \"fit\": \"shrink\" only") }
            } else {
                let m = number(mv, "\(path).minSize", range: 1...1024, default: style.size)
                if m > style.size { problem("\(path).minSize", "\(JSONWriter.format(m)) is larger than the size (\(JSONWriter.format(style.size)))") } else { style.minSize = m }
            }
        }
        guard problems.count == before else { return nil }
        return GadgetText(style: style, jsonPath: path)
    }

    /// A font given by file rather than family: it names a path or ends as a font file does.
    static func isFontFile(_ s: String) -> Bool {
        let lower = s.lowercased()
        return s.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".pfb", ".woff", ".woff2"].contains { lower.hasSuffix($0) }
    }

    /// CSS order: one number (all sides), [vertical, horizontal] or [top, right, bottom, left], board pixels.
    private mutating func padding(_ v: JSONValue, _ path: String) -> TextStyle.Padding? {
        let range = 0.0...BoardDecoder.maximumGadgetSide
        if case .number = v { return TextStyle.Padding(all: number(v, path, range: range, default: 0)) }
        guard case .array(let items) = v, items.count == 2 || items.count == 4 else {
            problem(path, "expected a number, [vertical, horizontal] or [top, right, bottom, left]")
            return nil
        }
        let n = items.enumerated().map { number($0.element, "\(path)[\($0.offset)]", range: range, default: 0) }
        return n.count == 2 ? TextStyle.Padding(top: n[0], right: n[1], bottom: n[0], left: n[1])
                            : TextStyle.Padding(top: n[0], right: n[1], bottom: n[2], left: n[3])
    }
}
