import Synchronization
import GadgetCore
import GadgetInput
import GadgetSystem

/// The synthetic finger: a thread that plays a `TouchScript`'s reports as raw kernel
/// `struct input_event` records into a FIFO the kiosk's input thread reads as a touch screen,
/// each report stamped with CLOCK_MONOTONIC when it is sent (as the kernel stamps a device's
/// events), or with the script's own time when the report says so (`TouchReport.scriptTime`).
/// Reports keep their planned spacing against an absolute schedule; after a stall of
/// more than a second the schedule restarts from now instead of bursting to catch up. When the
/// script ends the FIFO is closed: the kiosk sees the device go away.
///
/// Used by `gadgetboard soak` (seeded random gestures, endless) and `gadgetboard bench
/// --workload board` (a scripted drag, flick and idle pause).
///
/// Thread: `start` and `stop` from one thread (the caller's); `marked` and the script run on
/// the writer's own thread; `script` may be read after `stop`.
final class TouchWriter<Script: TouchScript>: @unchecked Sendable {
    private let path: String
    /// The script as it stands (read it after `stop`, e.g. the soak's gesture counts).
    private(set) var script: Script
    /// Called on the writer's thread with a report's `mark` and the time it was sent (µs).
    private let marked: (@Sendable (Int, Microseconds) -> Void)?
    /// What a report's `afterTouches` waits on; nil: such reports wait for nothing more.
    private let gate: KioskIdleGate?
    private let stopRequested = Atomic<Bool>(false)
    private let reportsSent = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)
    private var thread: JoinableThread?
    private let failure = Mutex<String?>(nil)

    init(path: String, script: Script, marked: (@Sendable (Int, Microseconds) -> Void)? = nil, gate: KioskIdleGate? = nil) {
        self.path = path
        self.script = script
        self.marked = marked
        self.gate = gate
    }

    /// Reports written so far. Thread: any.
    var reports: Int { reportsSent.load(ordering: .relaxed) }
    /// Why writing stopped early, if it did. Thread: any.
    var error: String? { failure.withLock { $0 } }
    /// True once the script ran to its end (before the FIFO is closed). Thread: any.
    var scriptFinished: Bool { finished.load(ordering: .acquiring) }

    func start() throws(SystemError) {
        thread = try JoinableThread(name: "gb-touchwriter") { self.run() }
    }

    /// Lifts the fingers still down, closes the FIFO and joins the thread. Idempotent.
    func stop() {
        guard let t = thread else { return }
        thread = nil
        stopRequested.store(true, ordering: .releasing)
        t.join()
    }

    private var stopping: Bool { stopRequested.load(ordering: .acquiring) }

    private func run() {
        guard let fd = openWhenRead() else { return }
        var due = MonotonicClock.now()
        var origin = due
        var bytes: [UInt8] = []
        do {
            while !stopping {
                guard let report = script.nextReport() else {
                    finished.store(true, ordering: .releasing)
                    break
                }
                due += report.delay
                if MonotonicClock.now() - due > 1_000_000 { due = MonotonicClock.now() }
                sleep(until: due)
                if let touches = report.afterTouches, let gate {
                    // Polled: the wait only makes a starved run slower, it decides nothing.
                    while !stopping && !gate.isIdle(after: touches) {
                        MonotonicClock.sleep(until: MonotonicClock.nanoseconds() + 2_000_000)
                    }
                    // The schedule goes on from here, not from before the wait.
                    due = max(due, MonotonicClock.now())
                }
                if stopping { break }
                // From when the gesture's first report was due, not sent: every later report is
                // sent no earlier than its own due time, so no stamp is ahead of the clock.
                if report.scriptTime == 0 { origin = due }
                try send(report, stamp: report.scriptTime.map { origin + $0 }, fd: fd, buffer: &bytes)
            }
            if let lift = script.liftAll() { try send(lift, stamp: nil, fd: fd, buffer: &bytes) }
        } catch {
            // EPIPE: the kiosk closed its end (it is shutting down).
            if error.errno != .brokenPipe { failure.withLock { $0 = "writing \(path): \(error)" } }
        }
    }

    /// - stamp: the events' time; nil: now.
    private func send(_ report: TouchReport, stamp: Microseconds?, fd: OwnedFileDescriptor, buffer: inout [UInt8]) throws(SystemError) {
        let now = MonotonicClock.now()
        if !report.events.isEmpty {
            buffer.removeAll(keepingCapacity: true)
            for var e in report.events {
                e.time = stamp ?? now
                buffer += RawEventSource.record(e)
            }
            let result = buffer.withUnsafeBytes { raw in Result { () throws(SystemError) in try fd.writeAll(raw, path) } }
            try result.get()
            reportsSent.add(1, ordering: .relaxed)
        }
        if let mark = report.mark { marked?(mark, now) }
    }

    /// Opens the FIFO for writing once the input thread has opened it for reading (until then
    /// a non-blocking open fails with ENXIO), then makes writes blocking: a kiosk that falls
    /// behind slows the finger down rather than losing events.
    private func openWhenRead() -> OwnedFileDescriptor? {
        while !stopping {
            do {
                let fd = try OwnedFileDescriptor.open(path, .writeOnly, options: [.nonBlocking])
                try fd.setNonBlocking(false)
                return fd
            } catch {
                if error.errno != .noSuchAddressOrDevice {
                    failure.withLock { $0 = "opening \(path): \(error)" }
                    return nil
                }
            }
            MonotonicClock.sleep(until: MonotonicClock.nanoseconds() + 10_000_000)
        }
        return nil
    }

    private func sleep(until t: Microseconds) {
        MonotonicClock.sleep(until: UInt64(max(0, t)) * 1000)
    }
}
