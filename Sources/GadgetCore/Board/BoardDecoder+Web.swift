/// `"web": "https://menu.example.com/"` or `"web": {"url", "reloadEverySeconds", "zoom",
/// "interactive", "allow", "background", "clearOnIdle"}` (issue 40; docs/web.md).
extension BoardDecoder {
    static let webFields: Set<String> = ["url", "reloadEverySeconds", "zoom", "interactive", "allow", "background", "clearOnIdle"]
    /// A page reloaded more often than this is a mistake (a typo for minutes), not a refresh.
    static let minimumWebReloadSeconds = 5.0
    static let webZoomRange = 0.25...5.0

    /// The gadget's web page, and its appearance settled: a web gadget with neither image nor
    /// colour shows its `background` (or white, as a blank page is) until its first frame and
    /// while its helper is away.
    mutating func gadgetWeb(_ obj: JSONValue, _ path: String, appearance: inout Gadget.Appearance) -> WebPageSpec? {
        guard let v = obj["web"] else { return nil }
        let wpath = "\(path).web"
        if obj["video"] != nil { problem(wpath, "has both a video and a web page (give one)"); return nil }
        var spec: WebPageSpec?
        switch v {
        case .string(let s):
            if let url = webURL(s, wpath) { spec = WebPageSpec(url: url) }
        case .object:
            guard let pairs = fields(v, wpath, allowed: BoardDecoder.webFields) else { return nil }
            let o = JSONValue.object(pairs)
            guard case .string(let s)? = o["url"] else {
                problem("\(wpath).url", o["url"] == nil ? "missing required field" : "expected an http:// or https:// URL")
                return nil
            }
            guard let url = webURL(s, "\(wpath).url") else { return nil }
            var p = WebPageSpec(url: url)
            if let r = o["reloadEverySeconds"] {
                let n = number(r, "\(wpath).reloadEverySeconds", range: BoardDecoder.minimumWebReloadSeconds...(7 * 86_400), default: 0)
                if n > 0 { p.reloadEverySeconds = n }
            }
            p.zoom = number(o["zoom"], "\(wpath).zoom", range: BoardDecoder.webZoomRange, default: 1)
            p.interactive = bool(o["interactive"], "\(wpath).interactive", default: false)
            p.clearOnIdle = bool(o["clearOnIdle"], "\(wpath).clearOnIdle", default: p.interactive)
            if let a = o["allow"] {
                if case .array(let items) = a {
                    for (i, item) in items.enumerated() {
                        guard case .string(let s) = item else { problem("\(wpath).allow[\(i)]", "expected a URL pattern string like \"https://menu.example.com/*\""); continue }
                        do { p.allow.append(try WebAllowRule(parsing: s)) } catch { problem("\(wpath).allow[\(i)]", error.description) }
                    }
                } else {
                    problem("\(wpath).allow", "expected an array of URL patterns like [\"https://menu.example.com/*\"]")
                }
            }
            if let b = o["background"] { p.background = color(b, "\(wpath).background") }
            spec = p
        default:
            problem(wpath, "expected an http(s) URL or {\"url\", \"reloadEverySeconds\", \"zoom\", \"interactive\", \"allow\", \"background\", \"clearOnIdle\"}, got \(v.kindName)")
        }
        guard let spec else { return nil }
        if obj["image"] == nil, obj["color"] == nil { appearance = .color(spec.background ?? .white) }
        return spec
    }

    /// `s` when it is an absolute http(s) URL; otherwise one problem and nil.
    private mutating func webURL(_ s: String, _ path: String) -> String? {
        guard WebURL(s) != nil else {
            let lower = s.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                problem(path, "\"\(s)\" is not a URL the kiosk can open (a host, an optional port, no spaces)")
            } else {
                problem(path, "\"\(s)\" is not an http:// or https:// URL (a web gadget shows web pages only)")
            }
            return nil
        }
        return s
    }
}
