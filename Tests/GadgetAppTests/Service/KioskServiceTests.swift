#if canImport(Glibc)
import Glibc
#endif
import Testing
import Synchronization
@testable import GadgetApp

/// Set by the stall test's remover thread just before it deletes the trigger file.
private let stallFileRemoved = Atomic<Bool>(false)

/// The calls the main loop makes, against a real notify socket and a real metrics file, with
/// time passed in (no clock).
@Suite struct KioskServiceTests {
    let socket: NotifySocket
    let dir: TemporaryDirectory
    var metricsPath: String { dir.path + "/gadgetboard.prom" }

    init() throws {
        socket = try NotifySocket()
        dir = try TemporaryDirectory()
    }

    func service(_ extra: [String: String] = [:]) throws -> KioskService {
        var env = ["NOTIFY_SOCKET": socket.address, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid())"]
        env.merge(extra) { $1 }
        let s = try KioskService(environment: env, metricsPath: metricsPath, handleSignals: false, now: 10_000_000)
        s.metrics.boardName = "demo"
        s.metrics.display = "headless 800x480"
        return s
    }

    @Test func readyOnlyAfterTheFirstFrameThenWatchdogAtHalfTheTimeout() throws {
        let s = try service()
        s.tick(now: 10_100_000)  // no frame yet: start-up is not finished
        #expect(socket.drain().filter { $0.contains("READY") }.isEmpty)
        s.framePresented(now: 10_500_000)
        #expect(socket.drain() == ["READY=1\nSTATUS=showing demo on headless 800x480", "WATCHDOG=1"])
        s.framePresented(now: 10_516_000)  // later frames say nothing
        s.tick(now: 12_499_999)
        #expect(socket.drain().isEmpty)
        s.tick(now: 12_500_000)
        #expect(socket.drain() == ["WATCHDOG=1"])
        // The metrics file (last written by the tick at 12_499_999) is due before the next ping.
        #expect(s.nextDeadline == 13_499_999)
    }

    /// A flip outstanding for longer than `FlipWatch.bound` (a hung GPU or driver) stops the
    /// pings, so systemd restarts the kiosk; they resume with the next completed flip. Neither
    /// the wait nor the loop spins: the overdue ping is no deadline while withheld.
    @Test func pingsStopWhileAFlipIsOverdue() throws {
        let s = try service()
        s.framePresented(now: 10_500_000)
        _ = socket.drain()
        s.frameQueued(now: 11_000_000)
        s.tick(now: 12_500_000)  // due; outstanding 1.5 s: still healthy
        #expect(socket.drain() == ["WATCHDOG=1"])
        s.frameQueued(now: 12_600_000)  // a second present does not restart the clock
        s.tick(now: 14_500_000)  // due; outstanding 3.5 s: hung
        s.tick(now: 16_000_000)
        #expect(socket.drain().isEmpty)
        #expect(s.nextDeadline == 17_000_000)  // the metrics file only
        let text = try readFile(metricsPath)
        #expect(text.contains("gadgetboard_last_flip_age_seconds 5.5\n"), "\(text)")
        s.framePresented(now: 16_100_000)
        s.tick(now: 16_100_000)
        #expect(socket.drain() == ["WATCHDOG=1"])
    }

    /// An idle board draws nothing and awaits no flip: it is healthy and keeps pinging.
    @Test func idleBoardKeepsPinging() throws {
        let s = try service()
        s.framePresented(now: 10_500_000)
        _ = socket.drain()
        for t: Int64 in [12_500_000, 14_500_000, 16_500_000, 60_500_000] {
            s.tick(now: t)
            #expect(socket.drain() == ["WATCHDOG=1"], "at \(t)")
        }
    }

    /// Hotplug: an unplugged panel is not a hung one (the flip in flight is abandoned); the
    /// gauges and counters follow.
    @Test func unpluggedPanelKeepsPingingAndIsCounted() throws {
        let s = try service()
        s.framePresented(now: 10_500_000)
        s.frameQueued(now: 11_000_000)
        s.displayDisconnected(now: 11_100_000)
        _ = socket.drain()
        s.tick(now: 14_500_000)
        #expect(socket.drain() == ["WATCHDOG=1"])
        var text = try readFile(metricsPath)
        #expect(text.contains("gadgetboard_display_connected 0\n") && text.contains("gadgetboard_display_disconnects_total 1\n"))
        s.displayConnected(now: 15_000_000, summary: "kms /dev/dri/card0 HDMI-A-1 1024x768@60")
        text = try readFile(metricsPath)
        #expect(text.contains("gadgetboard_display_connected 1\n") && text.contains("gadgetboard_display_reconnects_total 1\n"))
        #expect(text.contains("display=\"kms /dev/dri/card0 HDMI-A-1 1024x768@60\""))
    }

    @Test func metricsFileIsWrittenAtReadyAndOnceASecond() throws {
        let s = try service()
        s.metrics.framesPresented = 1
        s.framePresented(now: 11_000_000)
        #expect(try readFile(metricsPath).contains("gadgetboard_frames_presented_total 1\n"))
        s.metrics.framesPresented = 60
        s.tick(now: 11_999_999)
        #expect(try readFile(metricsPath).contains("gadgetboard_frames_presented_total 1\n"))
        s.tick(now: 12_000_000)
        let text = try readFile(metricsPath)
        #expect(text.contains("gadgetboard_frames_presented_total 60\n"))
        #expect(text.contains("gadgetboard_uptime_seconds 2\n"))
        #expect(s.millisecondsUntilDeadline(now: 12_000_000) == 1000)
    }

    @Test func reloadTellsSystemdAndKeepsTheOldBoardWhenBroken() throws {
        let s = try service()
        s.framePresented(now: 11_000_000)
        _ = socket.drain()
        s.reloadBegan(now: 20_000_000, path: "/etc/gadgetboard/board.json")
        #expect(socket.drain() == ["RELOADING=1\nMONOTONIC_USEC=20000000\nSTATUS=reloading /etc/gadgetboard/board.json"])
        s.reloadFinished(now: 20_100_000, board: "broken", problems: ["gadgets[0].size: must be positive"])
        #expect(socket.drain() == ["READY=1\nSTATUS=reload failed (1 problems); showing demo on headless 800x480"])
        #expect(s.metrics.boardName == "demo" && s.metrics.reloadsFailed == 1)
        s.reloadFinished(now: 20_200_000, board: "lobby", problems: [])
        #expect(socket.drain() == ["READY=1\nSTATUS=showing lobby on headless 800x480"])
        #expect(try readFile(metricsPath).contains("gadgetboard_info{board=\"lobby\",display=\"headless 800x480\"} 1\n"))
    }

    @Test func noWatchdogWhenItBelongsToAnotherProcess() throws {
        let s = try service(["WATCHDOG_PID": "1"])
        s.framePresented(now: 11_000_000)
        s.tick(now: 100_000_000)
        #expect(socket.drain() == ["READY=1\nSTATUS=showing demo on headless 800x480"])
    }

    @Test func stoppingSaysSo() throws {
        let s = try service()
        s.stopping(now: 11_000_000, reason: "SIGTERM")
        #expect(socket.drain() == ["STOPPING=1\nSTATUS=stopping: SIGTERM"])
    }

    /// The test-only stall trigger hangs the loop (no pings) while the file exists: what the
    /// boot test uses to make systemd's watchdog fire. The remover marks the moment it deletes
    /// the file; `tick` returning before that mark would mean it did not wait for the file.
    @Test func stallTriggerBlocksPingsUntilTheFileGoes() throws {
        let stall = dir.path + "/stall"
        let s = try service(["GADGETBOARD_TEST_STALL_FILE": stall])
        s.framePresented(now: 11_000_000)
        _ = socket.drain()
        close(open(stall, O_CREAT | O_WRONLY, 0o644))
        stallFileRemoved.store(false, ordering: .releasing)
        var remover = pthread_t()
        let arg = strdup(stall)
        _ = pthread_create(&remover, nil, { p in
            usleep(200_000)  // any delay would do: the check below is on order, not time
            stallFileRemoved.store(true, ordering: .releasing)
            unlink(p!.assumingMemoryBound(to: CChar.self))
            free(p)
            return nil
        }, arg)
        s.tick(now: 13_000_000)  // ping due: blocks while the file exists
        let removedFirst = stallFileRemoved.load(ordering: .acquiring)
        #expect(removedFirst)
        pthread_join(remover, nil)
        #expect(socket.drain() == ["WATCHDOG=1"])  // and pings again once it is gone
    }
}
