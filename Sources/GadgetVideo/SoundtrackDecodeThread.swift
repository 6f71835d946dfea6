import GadgetCore
import GadgetSystem
import Synchronization

/// Decodes one video's soundtrack on its own thread into its `SoundtrackVoice`, beside the
/// picture's `VideoDecodeThread`. The ring is the only queue: a full one makes this thread wait
/// (a poll on its command pipe with a short timeout, since the audio thread, which frees room,
/// signals nothing: it makes no system call). At a looping clip's end it rewinds in the same
/// decoder (`SoundtrackDecoder.rewind`: the seam is sample-continuous). Where the device paces,
/// it measures the soundtrack's drift against the monotonic clock from the voice's positions and
/// resamples a little to cancel it (`DriftCompensation`). A decode error stops it until the next
/// seek and is kept for `takeError`.
/// Thread: `seek`, `stop`, `takeError` from the loop's thread; the decoder lives on the worker.
public final class SoundtrackDecodeThread {
    public let voice: SoundtrackVoice
    private let shared: Shared
    private var worker: JoinableThread?

    /// Starts decoding `decoder` (handed over) into `voice`.
    public init(decoder: consuming SoundtrackDecoder, voice: SoundtrackVoice, loops: Bool) throws(SystemError) {
        self.voice = voice
        shared = Shared(voice: voice, loops: loops, commands: try WakePipe())
        let box = Box(decoder)
        let shared = self.shared
        worker = try JoinableThread(name: "gb-soundtrack") { shared.run(box.take()) }
    }

    deinit { stop() }

    /// Drops the sound waiting and continues from clip time `time` for frames of `generation`,
    /// heard from `startAt` (monotonic µs: the flip that shows `time`; nil: at once).
    public func seek(to time: Microseconds, generation: Int, startAt: Microseconds? = nil) {
        voice.flush(generation: generation, startAt: startAt)
        shared.state.withLock { $0.command = Command(time: time, generation: generation) }
        shared.commands.signal()
    }

    /// The decode error since the last call, if any.
    public func takeError() -> VideoError? {
        shared.state.withLock { s in defer { s.error = nil }; return s.error }
    }

    /// The compensation in effect (`DriftCompensation.ratio`), for tests and `--stats`.
    public var compensation: Double { shared.state.withLock { $0.ratio } }

    /// Stops the worker and waits for it. Idempotent.
    public func stop() {
        shared.state.withLock { $0.stopping = true }
        shared.commands.signal()
        worker?.join()
        worker = nil
    }
}

private struct Command: Sendable { var time: Microseconds; var generation: Int }

private final class Box: @unchecked Sendable {
    // Safety: written in init on the creating thread, read once by the worker after
    // pthread_create (which orders the two), never touched again by the creator.
    private var decoder: SoundtrackDecoder?
    init(_ d: SoundtrackDecoder) { decoder = d }
    func take() -> SoundtrackDecoder? { defer { decoder = nil }; return decoder }
}

private final class Shared: Sendable {
    struct State: ~Copyable {
        var command: Command?
        var stopping = false
        var error: VideoError?
        var ratio = 0.0
    }

    /// How long a full ring waits before looking again, ms: a fraction of the ring's half second,
    /// so it is refilled long before it could run dry.
    static let fullWait: Int32 = 20

    let voice: SoundtrackVoice
    let loops: Bool
    let commands: WakePipe
    let state = Mutex(State())

    init(voice: SoundtrackVoice, loops: Bool, commands: WakePipe) {
        self.voice = voice; self.loops = loops; self.commands = commands
    }

    func run(_ decoder: SoundtrackDecoder?) {
        guard let decoder else { return }
        var generation = 0
        var pending: SoundtrackDecoder.Chunk?
        var idle = false
        var chunksThisPass = 0
        var drift = DriftCompensation()
        var lastPresentation: Microseconds?
        var poll = PollSet()
        poll.add(commands.descriptor)
        while true {
            commands.clear()
            let (command, stop) = state.withLock { s in
                defer { s.command = nil }
                return (s.command, s.stopping)
            }
            if stop { return }
            if let command {
                generation = command.generation
                pending = nil
                idle = false
                chunksThisPass = 0
                drift.reset()
                lastPresentation = nil
                do { try decoder.seek(to: command.time) } catch { fail(error); idle = true }
                continue
            }
            follow(&drift, decoder: decoder, generation: generation, last: &lastPresentation)
            if idle {
                _ = try? poll.wait(timeoutMilliseconds: pending == nil ? -1 : Shared.fullWait)
                continue
            }
            if let chunk = pending {
                if voice.write(chunk, generation: generation) { pending = nil } else {
                    // Full: the audio thread drains it at the device's pace.
                    _ = try? poll.wait(timeoutMilliseconds: Shared.fullWait)
                }
                continue
            }
            do throws(VideoError) {
                if let chunk = try decoder.nextChunk() {
                    pending = chunk
                    chunksThisPass += 1
                } else if loops, chunksThisPass > 0 {
                    try decoder.rewind()
                    chunksThisPass = 0
                } else {
                    idle = true
                }
            } catch {
                fail(error)
                idle = true
            }
        }
    }

    /// Feeds the drift controller the voice's newest position where the device paces.
    private func follow(_ drift: inout DriftCompensation, decoder: SoundtrackDecoder, generation: Int, last: inout Microseconds?) {
        guard let p = voice.position, p.paced, p.generation == generation, p.presentation != last else { return }
        last = p.presentation
        guard let ratio = drift.observe(offset: p.media - p.presentation, at: p.presentation) else { return }
        do { try decoder.compensate(ratio: ratio) } catch { fail(error); return }
        state.withLock { $0.ratio = ratio }
    }

    private func fail(_ error: VideoError) {
        state.withLock { $0.error = error }
    }
}
