/// Per-page settings of a web helper that the kiosk gives in a message (`settings`, sent before
/// every `open`) as well as on the helper's command line: a helper that systemd starts for a
/// connection (gadgetboard-web.socket, issue 40) has a command line fixed by its unit, so the
/// message is the one way that serves both a spawned and a socket-activated helper alike. A field
/// left out keeps what the helper had (its argv, else its default). The message's values win
/// over argv and over the helper's environment: the kiosk knows the page.
public struct WebHelperSettings: Sendable, Equatable {
    /// WebKit's memory-pressure limit for the web process, in MB (past it the web process is
    /// killed and the helper says `fatal`). The cgroup's MemoryMax of the unit is the hard stop above it.
    public var memoryLimitMB: Int?
    /// A page load that has not finished by then is stopped and reported (and retried).
    public var loadTimeoutSeconds: Int?

    /// The helper's own default memory limit (WebKit's memory-pressure limit, docs/web.md "Memory").
    public static let defaultMemoryLimitMB = 300
    /// The largest value either field may have (an hour, 64 GB): past it a message is the
    /// kiosk's bug, not a setting.
    public static let maximum = 65_536

    public init(memoryLimitMB: Int? = nil, loadTimeoutSeconds: Int? = nil) {
        self.memoryLimitMB = memoryLimitMB
        self.loadTimeoutSeconds = loadTimeoutSeconds
    }

    /// What the kiosk sends: the default memory limit, and the load timeout from its environment
    /// (`$GADGETBOARD_WEB_LOAD_TIMEOUT_S`, which a spawned helper would also inherit, but a
    /// socket-activated one does not).
    public static func kiosk(environment: [String: String]) -> WebHelperSettings {
        WebHelperSettings(memoryLimitMB: defaultMemoryLimitMB,
                          loadTimeoutSeconds: WebHelperTiming.loadTimeoutSeconds(environment: environment))
    }
}
