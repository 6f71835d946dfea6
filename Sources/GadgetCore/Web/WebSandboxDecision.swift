/// Whether a page's WebKit processes will really run under bubblewrap, for the helper's `ready`
/// (`state`'s `web.engine`): asking WebKit for its sandbox is not enough. WPE WebKit 2.38 (its
/// process launcher; the strings are in libWPEWebKit-1.1) starts them without bubblewrap inside
/// Docker (`/.dockerenv` exists) and inside Snap (`SNAP`, `SNAP_NAME` and `SNAP_REVISION` all
/// set), whatever the context says. This build machine is such a container, so the helper had
/// said "sandboxed" for pages that were not (docs/web.md). Pure: the helper gathers the facts.
public struct WebSandboxDecision: Equatable, Sendable {
    /// What the helper asks of WebKit: on wherever bubblewrap can make its namespaces.
    public var requested: Bool
    /// What will happen: WebKit's processes in bubblewrap.
    public var sandboxed: Bool
    /// Why not, when not: a few words for `ready`'s engine line.
    public var why: String?

    public init(requested: Bool, sandboxed: Bool, why: String?) {
        self.requested = requested; self.sandboxed = sandboxed; self.why = why
    }

    public static func decide(bubblewrapRuns: Bool, dockerenvExists: Bool, environment: [String: String]) -> WebSandboxDecision {
        guard bubblewrapRuns else { return WebSandboxDecision(requested: false, sandboxed: false, why: "bubblewrap cannot run here") }
        if dockerenvExists {
            return WebSandboxDecision(requested: true, sandboxed: false, why: "WebKit turns it off in a Docker container (/.dockerenv)")
        }
        if ["SNAP", "SNAP_NAME", "SNAP_REVISION"].allSatisfy({ environment[$0] != nil }) {
            return WebSandboxDecision(requested: true, sandboxed: false, why: "WebKit turns it off in a Snap")
        }
        return WebSandboxDecision(requested: true, sandboxed: true, why: nil)
    }

    /// The end of `ready`'s engine line: ", sandboxed" or ", unsandboxed: <why>".
    public var engineSuffix: String { sandboxed ? ", sandboxed" : ", unsandboxed: \(why ?? "off")" }
}
