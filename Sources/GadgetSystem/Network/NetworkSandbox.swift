import Glibc

/// Tells a connection that failed because this process has no network at all apart from one that
/// failed at the server. The packaged unit runs the kiosk with `PrivateNetwork=yes` (a network
/// namespace holding only loopback) until a drop-in opens it; without this, an HTTP source or a
/// form's server said only "Couldn't resolve host name", which sends a shop owner to check the
/// server, the DNS and the cable instead of the unit (docs/live-data.md, "Under systemd").
public enum NetworkSandbox {
    /// What a "could not connect" line gains when `seesOnlyLoopback()`.
    public static let hint = "this process sees no network but loopback (under systemd: the unit's PrivateNetwork=yes until a drop-in opens it; docs/live-data.md)"

    /// True when every network interface this process can see is a loopback one: a network
    /// namespace of its own. False when the interfaces cannot be listed (then nothing is claimed).
    public static func seesOnlyLoopback() -> Bool {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return false }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let e = entry {
            if e.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 { return false }
            entry = e.pointee.ifa_next
        }
        return true
    }

    /// `message`, with the hint appended when the failure is one a missing network causes (no
    /// name resolution, no connection) and this process sees only loopback.
    public static func explain(_ message: String, couldNotReach: Bool) -> String {
        guard couldNotReach, seesOnlyLoopback() else { return message }
        return "\(message); \(hint)"
    }
}
