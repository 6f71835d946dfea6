/// How long the kiosk gives a web helper, and how it waits before starting one that died
/// (issue 40: "restarts with back-off"; the crash → page back target is 3 s, so the first
/// restart is quick and only a helper that keeps dying waits long).
public enum WebHelperTiming {
    /// A started helper that has not said `ready` by then is killed and counted as a crash
    /// (a hung start: WebKit waiting on a lock, a broken EGL).
    public static let readyTimeout: Microseconds = 10_000_000
    /// A page load that has not finished by then is stopped and reported as failed (and retried).
    public static let loadTimeoutSeconds = 20
    /// Tests only: a slower start or load than any device's. Tests/vm/run-web.sh sets both, as
    /// WebKit under the VM's software emulation reads 84 MB of libWPEWebKit over 9p and starts
    /// its WebProcess and NetworkProcess many times slower than a Raspberry Pi; the kiosk's
    /// defaults stay as above. The kiosk reads both and sends the second in its `settings`
    /// message (`WebHelperSettings.kiosk`), as a socket-activated helper does not inherit the
    /// kiosk's environment; a helper run without a kiosk reads it itself.
    public static let readyTimeoutVariable = "GADGETBOARD_WEB_READY_TIMEOUT_MS"
    public static let loadTimeoutVariable = "GADGETBOARD_WEB_LOAD_TIMEOUT_S"

    /// `readyTimeout`, or `$GADGETBOARD_WEB_READY_TIMEOUT_MS` when it is a positive whole number.
    public static func readyTimeout(environment: [String: String]) -> Microseconds {
        guard let text = environment[readyTimeoutVariable], let ms = Int64(text), ms > 0, ms <= 3_600_000 else { return readyTimeout }
        return ms * 1000
    }

    /// `loadTimeoutSeconds`, or `$GADGETBOARD_WEB_LOAD_TIMEOUT_S` when it is a positive whole number.
    public static func loadTimeoutSeconds(environment: [String: String]) -> Int {
        guard let text = environment[loadTimeoutVariable], let s = Int(text), s > 0, s <= 3600 else { return loadTimeoutSeconds }
        return s
    }
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
