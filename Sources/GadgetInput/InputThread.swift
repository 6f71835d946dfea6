import Logging
import Synchronization
import GadgetCore
import GadgetSystem

/// The input thread: polls every device, the device directory (inotify) and a wake pipe; turns
/// events into contact frames (`TouchAssembler`), maps them to board pixels and pushes them into
/// a `TouchQueue` for the main loop. Devices come and go while it runs; one that disappears
/// mid-gesture has its contacts cancelled. It logs through `logger` (label `input`).
///
/// This is the handle: every member may be used from any thread. The thread's own state lives in
/// an `InputLoop` that is created on the thread and never leaves it; the two share only
/// `InputLoop.Shared`, whose members are each synchronised. Dropping the handle stops the thread.
public final class InputThread: Sendable {
    /// Opens a path as an event source (tests inject fakes; the default is libevdev).
    public typealias Opener = @Sendable (_ path: String, _ grab: Bool) throws(InputError) -> InputEventSource

    private enum Lifecycle {
        case ready
        case running(JoinableThread)
        /// Stopped for good: a stopped input thread is not started again.
        case stopped
    }

    public var queue: TouchQueue { shared.queue }
    private let shared: InputLoop.Shared
    private let lifecycle = Mutex<Lifecycle>(.ready)

    public init(configuration: InputConfiguration, queue: TouchQueue,
                opener: @escaping Opener = { (path, grab) throws(InputError) in try EvdevDevice.open(path, grab: grab) },
                logger: Logger = GadgetLogging.logger("input")) throws(InputError) {
        do {
            shared = try InputLoop.Shared(configuration: configuration, queue: queue, opener: opener, logger: logger)
        } catch {
            throw .system(error)
        }
    }

    deinit { stop() }

    /// The devices being read now.
    public var devicesNow: [InputDeviceInfo] { shared.openDevices.withLock { $0 } }

    /// The touch assemblers' counters (unknown slots, clamped values, resyncs…) summed over every
    /// device read since the start, removed ones included, so each only grows.
    public var assemblerStatistics: TouchAssemblerStats { shared.statistics.withLock { $0.total } }

    /// Starts the thread. Devices found now are opened on it; a missing device directory is
    /// logged, not fatal (a kiosk may start before its touch screen is connected). Does nothing
    /// while running or once stopped.
    public func start() throws(InputError) {
        try lifecycle.withLock { (state: inout Lifecycle) throws(InputError) in
            guard case .ready = state else { return }
            state = .running(try spawn())
        }
    }

    /// Runs the loop on a new thread, which holds the shared part (not the handle) until it ends:
    /// the loop itself is made on that thread and never leaves it.
    private func spawn() throws(InputError) -> JoinableThread {
        let shared = self.shared
        do { return try JoinableThread(name: "gb-input") { InputLoop(shared).run() } } catch { throw .system(error) }
    }

    /// Stops and joins the thread; every contact still down is cancelled and every device is
    /// reported removed first. Idempotent.
    public func stop() {
        let running = lifecycle.withLock { state -> JoinableThread? in
            guard case .running(let t) = state else { return nil }
            state = .stopped
            return t
        }
        guard let running else { return }
        shared.stopRequested.store(true, ordering: .releasing)
        shared.wake.signal()
        running.join()
    }

    /// Changes the mapping (board reloaded, rotation changed); applied to every device at once.
    public func updateMapping(_ m: InputMapping) {
        shared.pendingMapping.withLock { $0 = m }
        shared.wake.signal()
    }
}
