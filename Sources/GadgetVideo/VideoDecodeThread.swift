import GadgetCore
import GadgetSystem
import Logging
import SystemPackage
import Synchronization

/// Decodes one video on its own thread into a bounded queue of frames the loop takes.
///
/// The worker decodes until `capacity` frames wait, then sleeps in poll(2) on a pipe the loop
/// signals when it takes frames or sends a command: memory is bounded by `capacity` frames, and a
/// paused video costs no CPU. At the end of the clip it seeks back in the same decoder
/// (`VideoDecoder.rewind`) and stamps the next pass's frames after the last one's
/// (`VideoLoopTimeline`), so the loop sees one rising timeline. Frames come out tagged with the
/// generation of the last `seek`, so the loop can drop older ones. A decode error stops the
/// worker until the next seek or restart and is reported once through `take`.
/// Where the clip's sound is the master clock (`follow(sound:)`), pictures the sound has already
/// overtaken (`OvertakenPictures`) are dropped here, in the worker and at `take`, without waiting
/// for the loop: a full queue waits only until its front picture is overtaken, then drops it and
/// decodes on, so what the loop takes is always the picture the listener hears and the ones after
/// it, however slowly the loop draws. Counted (`Taken.overtaken`).
/// Thread: `take`, `seek` and `stop` from the loop's thread; the decoder lives on the worker.
public final class VideoDecodeThread {
    /// What `take` hands the loop.
    public struct Taken: Sendable {
        public var frames: [VideoFrame] = []
        /// The decoder has nothing more until a seek (a clip that does not loop has ended).
        public var endOfStream = false
        /// The decode failed (reported once).
        public var error: VideoError?
        /// Passes through the clip completed so far.
        public var loops = 0
        /// Pictures dropped since the last `take` because the sound had overtaken them (never
        /// handed over: the loop counts them as dropped).
        public var overtaken = 0
    }

    /// Frames decoded ahead: enough to ride out a slow decode of a few frames (a keyframe, the
    /// loop's seek) without holding more than a few frames of memory (4 × 1.4 MB at 720p).
    public static let standardCapacity = 4

    public let info: VideoDecoder.Info
    private let shared: DecodeThreadShared
    private var worker: JoinableThread?

    /// Starts decoding `decoder` (handed over: the worker owns it from here on).
    /// `now`: CLOCK_MONOTONIC µs, the clock the sound's positions are stamped with (injected by
    /// tests).
    public init(decoder: consuming VideoDecoder, loops: Bool, capacity: Int = VideoDecodeThread.standardCapacity,
                now: @escaping @Sendable () -> Microseconds = MonotonicClock.now) throws(SystemError) {
        info = decoder.info
        shared = DecodeThreadShared(capacity: max(1, capacity), loops: loops, wake: try WakePipe(), space: try WakePipe(), now: now)
        let box = DecoderBox(decoder)
        let shared = self.shared
        worker = try JoinableThread(name: "gb-video") { shared.run(box.take()) }
    }

    deinit { stop() }

    /// Readable when frames, the end of the stream or an error wait to be taken.
    public var wakeDescriptor: FileDescriptor { shared.wake.descriptor }

    /// Takes up to `limit` of the frames decoded so far (oldest first) and makes room for more.
    /// The caller bounds what it holds with `limit`: taking everything every flip would let the
    /// worker decode without end into the caller's list.
    public func take(limit: Int = .max) -> Taken {
        let position = shared.soundPosition()
        let now = shared.now()
        let taken = shared.state.withLock { s in
            shared.dropOvertaken(&s, position: position, now: now)
            let n = min(max(0, limit), s.queue.count)
            let t = Taken(frames: Array(s.queue.prefix(n)), endOfStream: s.endOfStream && n == s.queue.count,
                          error: s.error, loops: s.loops, overtaken: s.overtaken)
            s.queue.removeFirst(n)
            s.overtaken = 0
            s.error = nil
            // Clear the wake only when nothing is left to take: frames left behind keep it readable.
            if s.queue.isEmpty { shared.wake.clear() }
            return t
        }
        if !taken.frames.isEmpty { shared.space.signal() }
        return taken
    }

    /// Drops the decoded frames and continues from clip time `time`, tagging frames `generation`.
    public func seek(to time: Microseconds, generation: Int) {
        shared.state.withLock { s in
            s.command = .init(time: time, generation: generation)
            s.queue.removeAll()
            s.endOfStream = false
        }
        shared.space.signal()
    }

    /// The pictures waiting in the thread's queue (tests: what a late `take` would find).
    var queuedPictures: [VideoFrame] { shared.state.withLock { $0.queue } }

    /// Makes the clip's sound the master clock (`sound` reads the soundtrack's newest position:
    /// `SoundtrackVoice.position`, called on the worker and in `take`); nil: the flip clock
    /// alone decides, nothing is dropped here.
    public func follow(sound: (@Sendable () -> SoundtrackPosition?)?) {
        shared.state.withLock { $0.sound = sound }
        shared.space.signal()
    }

    /// Stops the worker and waits for it. Idempotent.
    public func stop() {
        shared.state.withLock { $0.stopping = true }
        shared.space.signal()
        worker?.join()
        worker = nil
    }
}

/// Hands a non-Sendable decoder to the worker thread exactly once.
private final class DecoderBox: @unchecked Sendable {
    // Safety: written in init on the creating thread, read once by the worker after
    // pthread_create (which orders the two), never touched again by the creator.
    private var decoder: VideoDecoder?
    init(_ d: VideoDecoder) { decoder = d }
    func take() -> VideoDecoder? { defer { decoder = nil }; return decoder }
}

/// What the loop and the worker share.
private final class DecodeThreadShared: Sendable {
    struct Command: Sendable { var time: Microseconds; var generation: Int }

    struct State: ~Copyable {
        var queue: [VideoFrame] = []
        var endOfStream = false
        var error: VideoError?
        var command: Command?
        var stopping = false
        var loops = 0
        /// The soundtrack's position, where the sound is the master clock.
        var sound: (@Sendable () -> SoundtrackPosition?)?
        /// Pictures dropped as overtaken since the last take.
        var overtaken = 0
    }

    let capacity: Int
    let loops: Bool
    let state = Mutex(State())
    /// Worker → loop: something to take.
    let wake: WakePipe
    /// Loop → worker: room in the queue, a command, or stop.
    let space: WakePipe
    let now: @Sendable () -> Microseconds

    /// A full queue whose next picture is of a pass the sound has not reached (a loop's seam)
    /// looks again after this long, µs: a few pictures' time, so the seam costs at most that.
    static let seamRecheck: Microseconds = 20_000

    init(capacity: Int, loops: Bool, wake: WakePipe, space: WakePipe, now: @escaping @Sendable () -> Microseconds) {
        self.capacity = capacity; self.loops = loops; self.wake = wake; self.space = space; self.now = now
    }

    /// The soundtrack's newest position (read outside our lock: the voice has its own).
    func soundPosition() -> SoundtrackPosition? {
        state.withLock { $0.sound }?()
    }

    /// Drops the pictures at the front of the queue that the sound has overtaken at `now`.
    func dropOvertaken(_ s: inout State, position: SoundtrackPosition?, now: Microseconds) {
        let n = OvertakenPictures.count(s.queue, position: position, now: now)
        guard n > 0 else { return }
        s.queue.removeFirst(n)
        s.overtaken += n
    }

    func run(_ decoder: VideoDecoder?) {
        guard let decoder else { return }
        var timeline = VideoLoopTimeline()
        var generation = 0
        /// Frames of this pass so far: a pass that yields none (a file that broke after the
        /// first pass, or a clip with no decodable picture) must not loop forever.
        var framesThisPass = 0
        var idle = false
        var poll = PollSet()
        poll.add(space.descriptor)
        while true {
            space.clear()
            let position = soundPosition()
            let now = self.now()
            let (command, stop, full, overtake) = state.withLock { s in
                defer { s.command = nil }
                dropOvertaken(&s, position: position, now: now)
                let full = s.queue.count >= capacity
                // A full queue under the audio clock waits only until its front picture is
                // overtaken (then it is dropped and the decoder goes on); at a seam, a little.
                var overtake: Microseconds?
                if full, position != nil, OvertakenPictures.reading(position: position, now: now) != nil {
                    overtake = OvertakenPictures.nextOvertake(s.queue, position: position, now: now) ?? now + Self.seamRecheck
                }
                return (s.command, s.stopping, full, overtake)
            }
            if stop { return }
            if let command {
                generation = command.generation
                timeline.reset()
                framesThisPass = 0
                idle = false
                do { try decoder.seek(to: command.time) } catch { fail(error); idle = true }
                continue
            }
            if full || idle {
                // Blocks until the loop takes frames, sends a command or stops us, or (under the
                // audio clock) until the front picture is overtaken: a wait for work, not a sleep
                // that decides anything.
                _ = try? poll.wait(until: idle ? nil : overtake, now: now)
                continue
            }
            do throws(VideoError) {
                if var frame = try decoder.nextFrame() {
                    framesThisPass += 1
                    frame.time = timeline.place(pts: frame.clipTime, duration: frame.duration)
                    frame.loop = timeline.loop
                    frame.generation = generation
                    state.withLock { $0.queue.append(frame) }
                    wake.signal()
                } else if loops, framesThisPass > 0 {
                    try decoder.rewind()
                    timeline.wrap()
                    framesThisPass = 0
                    state.withLock { $0.loops += 1 }
                } else {
                    if framesThisPass == 0, timeline.loop == 0 { throw VideoError.noFrames }
                    state.withLock { $0.endOfStream = true }
                    wake.signal()
                    idle = true
                }
            } catch {
                fail(error)
                idle = true
            }
        }
    }

    private func fail(_ error: VideoError) {
        state.withLock { $0.error = error }
        wake.signal()
    }
}
