import Logging
import Synchronization
import GadgetSystem

/// The display power switches outside the render loop's own DPMS (the backlight, a TV over
/// CEC), switched on their own thread: a CEC transmit waits for the bus (about 100 ms a message,
/// seconds when a TV is slow to acknowledge), which the loop must never wait for. The loop posts
/// the wanted state; the worker applies the latest one to every switch in order and logs each
/// failure once per switch until that switch works again. Thread: `request` and `stop` from
/// one thread (the loop's); the switches are used only on the worker's thread.
public final class DisplayPowerOutputs: Sendable {
    /// What the loop and the worker share (atomics and a lock are not copyable: one object
    /// holds them and both sides hold it).
    private final class Shared: Sendable {
        let wanted = Mutex<Bool?>(nil)
        let stopping = Atomic<Bool>(false)
        let requested = Atomic<Int>(0)
        let applied = Atomic<Int>(0)
    }
    private let shared = Shared()
    private let wake: WakePipe
    private let thread: Mutex<JoinableThread?> = Mutex(nil)
    public let names: [String]

    public init(switches: [any DisplayPowerSwitch], log: Logger) throws(SystemError) {
        names = switches.map(\.name)
        let pipe = try WakePipe()
        wake = pipe
        let worker = Worker(switches: switches, log: log)
        let shared = self.shared
        // Captured pieces are Sendable; the worker's switches stay on its thread.
        let t = try JoinableThread(name: "gb-power") { [shared, pipe, worker] in
            var poll = PollSet()
            _ = poll.add(pipe.descriptor)
            while !shared.stopping.load(ordering: .acquiring) {
                _ = try? poll.wait(timeoutMilliseconds: -1)
                pipe.clear()
                let generation = shared.requested.load(ordering: .acquiring)
                if let on = shared.wanted.withLock({ $0 }) { worker.apply(on) }
                shared.applied.store(generation, ordering: .releasing)
            }
        }
        thread.withLock { $0 = t }
    }

    /// Asks for the display on or off; returns at once. A later request replaces one not yet
    /// applied (only the last state matters).
    public func request(_ on: Bool) {
        shared.wanted.withLock { $0 = on }
        shared.requested.add(1, ordering: .releasing)
        wake.signal()
    }

    /// Whether the worker has applied every request made so far (tests wait for this).
    public var isIdle: Bool { shared.applied.load(ordering: .acquiring) == shared.requested.load(ordering: .acquiring) }

    /// Stops and joins the worker (the last request is applied first if it was already taken).
    public func stop() {
        shared.stopping.store(true, ordering: .releasing)
        wake.signal()
        thread.withLock { $0?.join(); $0 = nil }
    }

    deinit { stop() }

    /// The switches, confined to the worker thread.
    private final class Worker: @unchecked Sendable {
        let switches: [any DisplayPowerSwitch]
        let log: Logger
        var failing: Set<String> = []
        var current: Bool?

        init(switches: [any DisplayPowerSwitch], log: Logger) { self.switches = switches; self.log = log }

        func apply(_ on: Bool) {
            guard on != current else { return }
            current = on
            for s in switches {
                do {
                    try s.setPowered(on)
                    if failing.remove(s.name) != nil { log.info("\(s.name): working again") }
                    log.info("\(s.name): display \(on ? "on" : "off")")
                } catch {
                    if failing.insert(s.name).inserted { log.warning("\(s.name): cannot switch the display \(on ? "on" : "off"): \(error)") }
                }
            }
        }
    }
}
