import Logging

/// The sd_notify(3) datagram protocol, without libsystemd: newline-separated `KEY=VALUE`
/// assignments sent as one datagram to the AF_UNIX socket in `$NOTIFY_SOCKET` (a path, or an
/// abstract socket written with a leading `@`). Without the variable (not started by systemd with
/// `Type=notify`) every call is a no-op, so the same binary runs from a shell.
///
/// systemd identifies the sender by the datagram's kernel credentials, so calls must come from
/// the service's main process (`NotifyAccess=main`, the default) — any thread of it will do.
/// Shared by the kiosk (its main loop) and gadgetboard-web (a timer on its GLib main loop), so
/// both speak one implementation of the protocol.
/// Thread: one thread at a time (the main loop); the class is not Sendable because it remembers
/// whether it already reported a send failure, so a vanished socket logs once, not every ping.
public final class SystemdNotifier {
    /// The socket address bytes for `sun_path` (abstract: leading NUL, no terminator).
    private let address: [UInt8]?
    private let socket: UnixDatagramSocket?
    private var reportedFailure = false
    private let log: Logger

    /// False when `$NOTIFY_SOCKET` is unset or unusable: every call then does nothing.
    public var isEnabled: Bool { address != nil && socket != nil }

    /// Reads `$NOTIFY_SOCKET` from `environment`. An unset variable gives a disabled notifier; a
    /// malformed one is logged and also gives a disabled notifier (a kiosk must start anyway).
    public init(environment: [String: String], log: Logger = GadgetLogging.logger("service")) {
        self.log = log
        switch SystemdNotifier.socketAddress(environment["NOTIFY_SOCKET"]) {
        case .success(let bytes):
            guard let bytes else { address = nil; socket = nil; return }
            do {
                socket = try UnixDatagramSocket()
                address = bytes
            } catch {
                log.warning("\(error); systemd notifications are off")
                socket = nil; address = nil
            }
        case .failure(let problem):
            log.warning("NOTIFY_SOCKET: \(problem); systemd notifications are off")
            address = nil; socket = nil
        }
    }

    /// `READY=1`: start-up finished (the first frame is on the panel), or a reload finished.
    public func ready(status: String? = nil) {
        sendLogged(["READY=1"] + (status.map { ["STATUS=" + $0] } ?? []))
    }

    /// `WATCHDOG=1`: the main loop is alive. Call at the pace `WatchdogPacer` sets.
    public func watchdog() { sendLogged(["WATCHDOG=1"]) }

    /// `RELOADING=1` with `MONOTONIC_USEC` (CLOCK_MONOTONIC, µs), as `Type=notify-reload` requires
    /// (systemd ≥ 253); older systemd shows the unit "reloading" until the next `ready()`.
    public func reloading(monotonicMicroseconds: Int64, status: String? = nil) {
        sendLogged(["RELOADING=1", "MONOTONIC_USEC=\(monotonicMicroseconds)"] + (status.map { ["STATUS=" + $0] } ?? []))
    }

    /// `STATUS=…`: one line `systemctl status` shows.
    public func status(_ text: String) { sendLogged(["STATUS=" + text]) }

    /// `STOPPING=1`: shutting down on purpose (SIGTERM), so systemd does not treat the silence as
    /// a hang.
    public func stopping(status: String? = nil) {
        sendLogged(["STOPPING=1"] + (status.map { ["STATUS=" + $0] } ?? []))
    }

    /// `EXTEND_TIMEOUT_USEC=…`: start-up is slow on purpose (e.g. waiting for a panel to be
    /// plugged in); pushes the start timeout `microseconds` from now.
    public func extendTimeout(microseconds: Int64) { sendLogged(["EXTEND_TIMEOUT_USEC=\(microseconds)"]) }

    /// Sends the assignments as one datagram. Newlines inside a value would start a new
    /// assignment, so they become spaces; NUL bytes would end the message, so they are dropped.
    /// Disabled notifier: returns without sending.
    public func send(_ assignments: [String]) throws(ServiceError) {
        guard let address, let socket else { return }
        let message = assignments.map { SystemdNotifier.sanitise($0) }.joined(separator: "\n")
        do { try socket.send(Array(message.utf8), to: address, name: SystemdNotifier.display(address)) } catch { throw .system(error) }
    }

    private func sendLogged(_ assignments: [String]) {
        do throws(ServiceError) {
            try send(assignments)
            reportedFailure = false
        } catch {
            if !reportedFailure { log.warning("sd_notify \(assignments.first ?? ""): \(error)") }
            reportedFailure = true
        }
    }

    static func sanitise(_ assignment: String) -> String {
        String(String.UnicodeScalarView(assignment.unicodeScalars.compactMap { s in
            s == "\n" || s == "\r" ? " " : (s == "\0" ? nil : s)
        }))
    }

    /// `sun_path` bytes for `$NOTIFY_SOCKET`: nil for unset/empty; an error for a relative path,
    /// an unsupported transport (`vsock:`) or a path longer than `sun_path`.
    static func socketAddress(_ value: String?) -> Result<[UInt8]?, ServiceError> {
        guard let value, !value.isEmpty else { return .success(nil) }
        var bytes = Array(value.utf8)
        if bytes[0] == UInt8(ascii: "@") {
            bytes[0] = 0  // abstract namespace: the length, not a terminator, ends the name
        } else if bytes[0] == UInt8(ascii: "/") {
            bytes.append(0)
        } else {
            return .failure(.invalid("\"\(value)\" is neither an absolute path nor an abstract @socket"))
        }
        let capacity = UnixDatagramSocket.addressCapacity
        guard bytes.count <= capacity else { return .failure(.invalid("\"\(value)\" is longer than \(capacity) bytes")) }
        return .success(bytes)
    }

    static func display(_ address: [UInt8]) -> String {
        if address.first == 0 { return "@" + String(decoding: address.dropFirst(), as: UTF8.self) }
        return String(decoding: address.prefix { $0 != 0 }, as: UTF8.self)
    }
}
