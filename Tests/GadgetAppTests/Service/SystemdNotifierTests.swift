#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GadgetSystem

/// sd_notify against a real datagram socket, as systemd would receive it.
@Suite struct SystemdNotifierTests {
    @Test func sendsReadyToAPathSocket() throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.address])
        #expect(notifier.isEnabled)
        notifier.ready(status: "showing demo")
        #expect(socket.receive() == "READY=1\nSTATUS=showing demo")
    }

    @Test func sendsToAnAbstractSocket() throws {
        let socket = try NotifySocket(abstract: true)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.address])
        notifier.watchdog()
        #expect(socket.receive() == "WATCHDOG=1")
    }

    @Test func everyMessageKind() throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.address])
        notifier.reloading(monotonicMicroseconds: 123_456_789)
        #expect(socket.receive() == "RELOADING=1\nMONOTONIC_USEC=123456789")
        notifier.status("waiting for a display")
        #expect(socket.receive() == "STATUS=waiting for a display")
        notifier.stopping()
        #expect(socket.receive() == "STOPPING=1")
        notifier.extendTimeout(microseconds: 30_000_000)
        #expect(socket.receive() == "EXTEND_TIMEOUT_USEC=30000000")
    }

    /// A newline in a status would smuggle in a second assignment (e.g. READY=1).
    @Test func newlinesCannotInjectAssignments() throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.address])
        notifier.status("board broken\nREADY=1")
        #expect(socket.receive() == "STATUS=board broken READY=1")
    }

    @Test func withoutTheVariableNothingIsSent() throws {
        let notifier = SystemdNotifier(environment: [:])
        #expect(!notifier.isEnabled)
        try notifier.send(["READY=1"])  // no throw, no socket
    }

    @Test func rejectsRelativeAndOverlongAddresses() {
        #expect(!SystemdNotifier(environment: ["NOTIFY_SOCKET": "run/notify"]).isEnabled)
        #expect(!SystemdNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "x", count: 200)]).isEnabled)
        #expect(SystemdNotifier.socketAddress("@x") == .success([0, UInt8(ascii: "x")]))
        #expect(SystemdNotifier.socketAddress("/a") == .success([UInt8(ascii: "/"), UInt8(ascii: "a"), 0]))
    }

    @Test func aMissingSocketIsAnErrorNamingIt() {
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/tmp/gadgetboard-no-such-socket-\(getpid())"])
        #expect(throws: ServiceError.system(SystemError("sendto", "/tmp/gadgetboard-no-such-socket-\(getpid())", code: ENOENT))) {
            try notifier.send(["READY=1"])
        }
    }
}
