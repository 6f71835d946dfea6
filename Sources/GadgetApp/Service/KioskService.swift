import GadgetCore
import Logging
import GadgetSystem
import SystemPackage

/// Everything the main loop owes systemd and the fleet, behind a handful of calls:
///
///     let service = try KioskService(environment: ProcessEnvironment.current(),
///                                    metricsPath: options.metrics, now: MonotonicClock.now())
///     // poll service.signalDescriptor (POLLIN) with the display and input fds, with a timeout
///     // of at most service.millisecondsUntilDeadline(now:)
///     for signal in service.takeSignals() { … .reload / .terminate … }
///     service.frameQueued(now:)           // after a present whose flip is awaited (KMS)
///     service.framePresented(now:)        // after each flip; the first one sends READY=1
///     service.metrics.… += …              // frames, vblanks, histograms, touches, gestures
///     service.tick(now:)                  // every loop iteration: WATCHDOG=1 (while flips
///                                         // complete), metrics file
///     service.displayDisconnected(now:) / displayConnected(now:summary:)   // hotplug
///     service.reloadBegan(now:) / reloadFinished(…)   // around a SIGHUP board reload
///     service.stopping(now:)              // on the way out (SIGTERM/SIGINT)
///
/// Thread: the main loop's, for all calls. Calls do not allocate except when they write the
/// metrics file (once a second) or send a notification (READY, WATCHDOG, STATUS, STOPPING).
public final class KioskService {
    public let notifier: SystemdNotifier
    public private(set) var watchdog: WatchdogPacer?
    /// Fed by the loop; written to `metricsPath` once a second.
    public var metrics: KioskMetrics
    public let metricsFile: PrometheusTextfile?
    /// nil when the caller asked for no signal handling (tests, or a second instance).
    public let signals: SignalEvents?
    /// True once READY=1 was sent (the first frame was presented).
    public private(set) var isReady = false
    /// Flips awaited and completed: the watchdog pings only while they complete.
    public private(set) var flips = FlipWatch()
    /// True while pings are withheld because a flip is overdue (logged once each way).
    private var pingsWithheld = false

    /// How often the metrics file is rewritten (issue 7: every second).
    public static let metricsInterval: Microseconds = 1_000_000
    private var nextMetricsWrite: Microseconds
    private var metricsFailureLogged = false
    private let stallFile: String?
    private let log: Logger

    /// - environment: `NOTIFY_SOCKET`, `WATCHDOG_USEC`/`WATCHDOG_PID`, and the test-only
    ///   `GADGETBOARD_TEST_STALL_FILE` (see `tick`).
    /// - metricsPath: the `--metrics FILE`, or nil.
    /// - handleSignals: install the SIGHUP/SIGTERM/SIGINT pipe (throws if that fails).
    /// - now: CLOCK_MONOTONIC µs at start (uptime counts from here).
    public init(environment: [String: String], metricsPath: String?, handleSignals: Bool = true,
                now: Microseconds, log: Logger = Loggers.service) throws(ServiceError) {
        self.log = log
        notifier = SystemdNotifier(environment: environment, log: log)
        watchdog = WatchdogPacer(environment: environment)
        metrics = KioskMetrics(startTime: now)
        metricsFile = metricsPath.map { PrometheusTextfile(path: $0) }
        signals = handleSignals ? try SignalEvents() : nil
        stallFile = environment["GADGETBOARD_TEST_STALL_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        nextMetricsWrite = now
        if let watchdog { log.info("systemd watchdog \(watchdog.timeout / 1000) ms: pinging every \(watchdog.interval / 1000) ms") }
        if let stallFile { log.warning("test stall trigger armed: the loop hangs while \(stallFile) exists") }
    }

    /// The fd to poll for POLLIN: readable when a signal arrived. nil without signal handling.
    public var signalDescriptor: FileDescriptor? { signals?.descriptor }

    /// Pending signals (see `SignalEvents.take`); empty without signal handling.
    public func takeSignals() -> [ServiceSignal] { signals?.take() ?? [] }

    /// Call after every presented frame (KMS: the flip event). The first call tells systemd the
    /// kiosk is up (READY=1) — not earlier, so `systemctl start` returns when the board is on the
    /// panel — and writes the metrics file at once.
    public func framePresented(now: Microseconds) {
        flips.flipped(at: now)
        metrics.lastFlip = now
        if pingsWithheld {
            pingsWithheld = false
            log.info("watchdog: page flips complete again; pinging systemd")
        }
        guard !isReady else { return }
        isReady = true
        notifier.ready(status: statusLine())
        log.info("ready: first frame presented (\(metrics.display))")
        writeMetrics(now: now)
        pingWatchdog(now: now)
    }

    /// Call after handing a frame to a display whose flip is awaited (KMS).
    public func frameQueued(now: Microseconds) { flips.queued(at: now) }

    /// The panel went away (hotplug): nothing is drawn and no flip is awaited until it returns;
    /// the kiosk is still healthy (input, simulation and metrics go on).
    public func displayDisconnected(now: Microseconds) {
        flips.abandon()
        metrics.displayConnected = false
        metrics.displayDisconnects += 1
        notifier.status("no display connected; waiting for one (\(metrics.boardName))")
        writeMetrics(now: now)
    }

    /// A panel is back (the same or another one) and shows the board again.
    public func displayConnected(now: Microseconds, summary: String) {
        metrics.displayConnected = true
        metrics.displayReconnects += 1
        metrics.display = summary
        notifier.status(statusLine())
        writeMetrics(now: now)
    }

    /// Call once per loop iteration, also while idle or blanked (use `millisecondsUntilDeadline`
    /// as the poll timeout so it runs in time). Pings the watchdog when due — but only while no
    /// flip has been outstanding for longer than `FlipWatch.bound`, so a hung display stops the
    /// pings and systemd restarts the kiosk — and rewrites the metrics file once a second.
    ///
    /// Test-only: with `GADGETBOARD_TEST_STALL_FILE` set, when a ping is due and that file
    /// exists, this blocks (sleeping, no pings) until the file is gone, exactly like a hung loop:
    /// the boot test uses it to prove the watchdog restarts the service.
    public func tick(now: Microseconds) {
        if let watchdog, watchdog.isDue(now: now) {
            if let stallFile, FileIO.exists(stallFile) { stall(on: stallFile) }
            if flips.isHealthy(now: now) {
                pingWatchdog(now: now)
            } else if !pingsWithheld {
                pingsWithheld = true
                let waited = Double(now - (flips.outstandingSince ?? now)) / 1_000_000
                log.error("watchdog: a page flip has been outstanding for \(waited) s (bound \(FlipWatch.bound / 1_000_000) s): the display looks hung; no longer pinging systemd")
            }
        }
        if now >= nextMetricsWrite { writeMetrics(now: now) }
    }

    /// The soonest time `tick` has work (CLOCK_MONOTONIC µs), or nil if it never will.
    public var nextDeadline: Microseconds? {
        let metricsDue: Microseconds? = metricsFile == nil ? nil : nextMetricsWrite
        // While pings are withheld the overdue ping is no deadline: only a flip (the display's
        // fd) can change that, and waking for it at once would spin the loop.
        let pingDue = pingsWithheld ? nil : watchdog?.nextDue
        switch (pingDue, metricsDue) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// A poll(2) timeout that wakes the loop in time for `tick`: milliseconds until
    /// `nextDeadline` (rounded up, at least 0), or -1 (wait forever) without one.
    public func millisecondsUntilDeadline(now: Microseconds) -> Int32 {
        PollSet.timeout(until: nextDeadline, now: now)
    }

    /// SIGHUP arrived and the board is being read again: tells systemd (`RELOADING=1` with
    /// `MONOTONIC_USEC`, which `Type=notify-reload` on systemd ≥ 253 requires; systemd 252 shows
    /// the unit "reloading" until the `READY=1` of `reloadFinished`).
    /// `reason`: what asked (`SIGHUP`, `file saved`, `control load`), for the log line.
    public func reloadBegan(now: Microseconds, path: String, reason: String = "SIGHUP") {
        notifier.reloading(monotonicMicroseconds: now, status: "reloading \(path)")
        log.info("\(reason): reloading \(path)")
    }

    /// The reload is over. `problems` empty: the new board runs (`board` names it). Otherwise
    /// each problem is logged (`board:` prefix) and the old board keeps running. Either way
    /// systemd hears READY=1 so `systemctl reload` returns.
    /// `rejected`: a reload whose problems the caller has logged already (the same ones as the
    /// last failed reload): counted as failed, not logged again.
    public func reloadFinished(now: Microseconds, board: String, problems: [String], rejected: Int = 0) {
        if rejected > 0 {
            metrics.reloadsFailed += 1
            notifier.ready(status: "reload failed (\(rejected) problems); " + statusLine())
            writeMetrics(now: now)
            return
        }
        if problems.isEmpty {
            metrics.reloadsSucceeded += 1
            metrics.boardName = board
            log.info("reloaded: now showing \(board)")
        } else {
            metrics.reloadsFailed += 1
            for p in problems { Loggers.board.error("\(p)") }
            log.error("reload rejected (\(problems.count) problem\(problems.count == 1 ? "" : "s")); still showing \(metrics.boardName)")
        }
        notifier.ready(status: problems.isEmpty ? statusLine() : "reload failed (\(problems.count) problems); " + statusLine())
        writeMetrics(now: now)
    }

    /// Leaving on purpose: STOPPING=1 and a last metrics file.
    public func stopping(now: Microseconds, reason: String) {
        notifier.stopping(status: "stopping: \(reason)")
        log.info("stopping: \(reason)")
        writeMetrics(now: now)
    }

    private func statusLine() -> String {
        "showing \(metrics.boardName.isEmpty ? "board" : metrics.boardName)" + (metrics.display.isEmpty ? "" : " on \(metrics.display)")
    }

    private func pingWatchdog(now: Microseconds) {
        guard watchdog != nil else { return }
        notifier.watchdog()
        watchdog?.pinged(at: now)
    }

    private func writeMetrics(now: Microseconds) {
        nextMetricsWrite = now + KioskService.metricsInterval
        guard let metricsFile else { return }
        do throws(ServiceError) {
            try metricsFile.write(metrics.exposition(now: now))
            metricsFailureLogged = false
        } catch {
            if !metricsFailureLogged { log.error("metrics: \(error)") }
            metricsFailureLogged = true
        }
    }

    private func stall(on file: String) {
        log.warning("test stall trigger \(file) exists: hanging the main loop (no watchdog pings)")
        while FileIO.exists(file) { MonotonicClock.sleep(microseconds: 1_000_000) }
        log.warning("test stall trigger \(file) removed: the loop runs again")
    }
}
