import Synchronization
import GadgetCore
import GadgetSystem
import SystemPackage

/// Decodes a board's images on a few worker threads while the main loop draws, so the kiosk's
/// first frame does not wait for every photo.
///
/// Workers take jobs in board order and push each finished image (or its failure) into a
/// mutex-guarded list, then signal `wakeDescriptor` so the main loop's poll wakes; the main loop
/// `take`s them. Neither side waits for the other under the lock (an append or a swap).
/// Memory stays bounded: each worker decodes one image at a time (one full-size decode buffer
/// per thread), and what waits in the list is already shrunk to the size it is shown at.
/// Thread: `take`, `isFinished` and `stop` from the thread that created the queue; the source is
/// called on the workers.
public final class ImageDecodeQueue {
    /// One image to decode: its path as the board file writes it, and the most pixels it shows.
    public struct Job: Sendable, Equatable {
        public var path: String
        public var needed: PixelSize
        public init(path: String, needed: PixelSize) { self.path = path; self.needed = needed }
    }

    /// A finished job.
    public struct Outcome: Sendable {
        public var path: String
        public var result: Result<RGBAImage, ImageLoadFailure>
    }

    /// At most two workers: a Pi 4 has four cores, and the main loop and the input thread need
    /// theirs; each more worker also holds one more full-size decode buffer.
    public static let maximumWorkers = 2

    private struct State: ~Copyable {
        var next = 0
        var finished: [Outcome] = []
        var stopping = false
    }

    private let jobs: [Job]
    private let state = Mutex(State())
    private let wake: WakePipe
    private var workers: [JoinableThread] = []
    /// Outcomes handed to the main loop so far.
    public private(set) var taken = 0

    /// Starts `min(workers, maximumWorkers, jobs.count)` threads decoding `jobs` from `source`.
    public init(jobs: [Job], source: some ImageSource & Sendable, workers: Int = ImageDecodeQueue.maximumWorkers) throws(SystemError) {
        self.jobs = jobs
        wake = try WakePipe()
        let count = max(1, min(workers, ImageDecodeQueue.maximumWorkers, jobs.count))
        guard !jobs.isEmpty else { return }
        let context = WorkerContext(jobs: jobs, state: self, source: source)
        for _ in 0..<count {
            self.workers.append(try JoinableThread { context.work() })
        }
    }

    deinit { stop() }

    /// The descriptor to poll: readable once an outcome waits to be taken.
    public var wakeDescriptor: FileDescriptor { wake.descriptor }

    /// Number of jobs the queue was given.
    public var jobCount: Int { jobs.count }

    /// True once every job's outcome was taken.
    public var isFinished: Bool { taken == jobs.count }

    /// The outcomes finished since the last call, in the order they finished.
    public func take() -> [Outcome] {
        wake.clear()
        let done = state.withLock { s in
            let d = s.finished
            s.finished = []
            return d
        }
        taken += done.count
        return done
    }

    /// Stops the workers after the decodes under way and waits for them (a reloaded board drops
    /// the old one's images). Idempotent.
    public func stop() {
        state.withLock { $0.stopping = true }
        for w in workers { w.join() }
        workers.removeAll()
    }

    /// The next job's index, or nil when none is left or the queue stops.
    fileprivate func claim() -> Int? {
        state.withLock { s in
            guard !s.stopping, s.next < jobs.count else { return nil }
            defer { s.next += 1 }
            return s.next
        }
    }

    fileprivate func finish(_ outcome: Outcome) {
        state.withLock { $0.finished.append(outcome) }
        wake.signal()
    }
}

/// What a worker thread holds: the queue (unowned by the thread: `stop` joins before the queue
/// goes) and the source.
private final class WorkerContext<Source: ImageSource & Sendable>: @unchecked Sendable {
    // @unchecked: `queue` is only touched through its mutex-guarded `claim`/`finish` and its
    // immutable `jobs`; the queue joins every worker before it is freed.
    unowned(unsafe) let queue: ImageDecodeQueue
    let jobs: [ImageDecodeQueue.Job]
    let source: Source

    init(jobs: [ImageDecodeQueue.Job], state queue: ImageDecodeQueue, source: Source) {
        self.jobs = jobs; self.queue = queue; self.source = source
    }

    func work() {
        while let i = queue.claim() {
            let job = jobs[i]
            queue.finish(.init(path: job.path, result: source.image(at: job.path, needed: job.needed)))
        }
    }
}
