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

    private let shared: DecodeShared
    private var workers: [JoinableThread] = []
    /// Outcomes handed to the main loop so far.
    public private(set) var taken = 0

    /// Starts `min(workers, maximumWorkers, jobs.count)` threads decoding `jobs` from `source`.
    public init(jobs: [Job], source: some ImageSource & Sendable, workers: Int = ImageDecodeQueue.maximumWorkers) throws(SystemError) {
        shared = DecodeShared(jobs: jobs, wake: try WakePipe())
        let count = max(1, min(workers, ImageDecodeQueue.maximumWorkers, jobs.count))
        guard !jobs.isEmpty else { return }
        let shared = self.shared
        for _ in 0..<count {
            self.workers.append(try JoinableThread(name: "gb-imagedecode") { shared.work(source) })
        }
    }

    deinit { stop() }

    /// The descriptor to poll: readable once an outcome waits to be taken.
    public var wakeDescriptor: FileDescriptor { shared.wake.descriptor }

    /// Number of jobs the queue was given.
    public var jobCount: Int { shared.jobs.count }

    /// True once every job's outcome was taken.
    public var isFinished: Bool { taken == shared.jobs.count }

    /// The outcomes finished since the last call, in the order they finished.
    public func take() -> [Outcome] {
        shared.wake.clear()
        let done = shared.state.withLock { s in
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
        shared.state.withLock { $0.stopping = true }
        for w in workers { w.join() }
        workers.removeAll()
    }

}

/// What the queue and its workers share; the workers hold it, not the queue, so the queue can go
/// (its deinit joins them) while a worker is between jobs.
private final class DecodeShared: Sendable {
    struct State: ~Copyable {
        var next = 0
        var finished: [ImageDecodeQueue.Outcome] = []
        var stopping = false
    }

    let jobs: [ImageDecodeQueue.Job]
    let state = Mutex(State())
    let wake: WakePipe

    init(jobs: [ImageDecodeQueue.Job], wake: WakePipe) { self.jobs = jobs; self.wake = wake }

    /// A worker's body: decode jobs until none is left or the queue stops.
    func work(_ source: some ImageSource) {
        while let i = claim() {
            let job = jobs[i]
            finish(.init(path: job.path, result: source.image(at: job.path, needed: job.needed)))
        }
    }

    /// The next job's index, or nil when none is left or the queue stops.
    private func claim() -> Int? {
        state.withLock { s in
            guard !s.stopping, s.next < jobs.count else { return nil }
            defer { s.next += 1 }
            return s.next
        }
    }

    private func finish(_ outcome: ImageDecodeQueue.Outcome) {
        state.withLock { $0.finished.append(outcome) }
        wake.signal()
    }
}
