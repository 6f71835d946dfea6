/// A web gadget's page: the board's `"web"` value, either a URL string or
/// `{"url","reloadEverySeconds","zoom","interactive","allow","background","clearOnIdle"}`.
/// Sent to the helper whole in `.open`, so both sides read the same rules.
public struct WebPageSpec: Sendable, Equatable {
    /// The start URL (http or https; `check` refuses anything else).
    public var url: String
    /// Reload the page this often; nil: never (a failed load still retries with back-off).
    public var reloadEverySeconds: Double?
    /// CSS zoom: 2 draws the page twice as large in the same gadget (page pixels = gadget pixels ÷ zoom).
    public var zoom: Double
    /// Touches go to the page (and it scrolls by drag); false: the page is a picture and gestures
    /// move the gadget.
    public var interactive: Bool
    /// Where a visitor may navigate; empty: the start URL's origin only.
    public var allow: [WebAllowRule]
    /// Drawn under the page and while it has no frame yet; nil: the helper's default (white).
    public var background: Color?
    /// Idle return clears cookies, storage and history and loads the start URL. Defaults to
    /// `interactive` (a page nobody can touch keeps no visitor's session).
    public var clearOnIdle: Bool

    public init(url: String, reloadEverySeconds: Double? = nil, zoom: Double = 1, interactive: Bool = false,
                allow: [WebAllowRule] = [], background: Color? = nil, clearOnIdle: Bool? = nil) {
        self.url = url; self.reloadEverySeconds = reloadEverySeconds; self.zoom = zoom
        self.interactive = interactive; self.allow = allow; self.background = background
        self.clearOnIdle = clearOnIdle ?? interactive
    }

    /// True when a navigation to `url` may go ahead: it matches a rule of `allow`, or, with no
    /// rules, it has the start URL's origin. The start URL itself is always allowed.
    public func allows(_ url: String) -> Bool {
        guard let target = WebURL(url) else { return false }
        if url == self.url { return true }
        if allow.isEmpty {
            guard let start = WebURL(self.url) else { return false }
            return target.origin == start.origin
        }
        return allow.contains { $0.matches(target) }
    }
}
