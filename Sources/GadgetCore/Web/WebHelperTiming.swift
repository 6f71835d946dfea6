/// How long the kiosk gives a web helper, and how it waits before starting one that died
/// (issue 40: "restarts with back-off"; the crash → page back target is 3 s, so the first
/// restart is quick and only a helper that keeps dying waits long).
public enum WebHelperTiming {
    /// A started helper that has not said `ready` by then is killed and counted as a crash
    /// (a hung start: WebKit waiting on a lock, a broken EGL).
    public static let readyTimeout: Microseconds = 10_000_000
    /// Back-off before the next start: 0.25 s doubling to `maximum` (30 s), 10 % jitter.
    public static let restartMaximum: Microseconds = 30_000_000
    public static func restartBackoff(maximum: Microseconds = restartMaximum) -> ReconnectBackoff {
        ReconnectBackoff(initial: 250_000, maximum: max(250_000, maximum), jitterPercent: 10)
    }
    /// A helper that stayed up this long has recovered: the next crash waits `initial` again.
    public static let healthyAfter: Microseconds = 30_000_000
    /// How often the helper tree's resident memory is read from /proc.
    public static let memoryReadEvery: Microseconds = 5_000_000
}
