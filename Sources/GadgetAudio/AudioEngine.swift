import GadgetCore
import GadgetSystem
import Logging
import Synchronization
import SystemPackage

/// The kiosk's sound: one playback thread per output device, with the one `Mixer` every sound,
/// soundtrack and (later) speech is mixed in.
///
/// The audio thread never waits on the loop and the loop never waits on it: `play`, `add`,
/// `remove` and `setVolume` append to a queue the audio thread drains before each chunk; the
/// thread appends events the loop takes with `drainEvents`; `status` is a copy. The lock around
/// them is held for a copy or an append, never across a device call.
///
/// A device that is absent at start or goes away is not an error: the mix goes on into nothing
/// (and into `--audio-out`'s file), paced by the monotonic clock, and the device is opened again
/// every second (`deviceLost`, `deviceBack`).
///
/// Thread: every method from any thread; `start` and `stop` from the owner's (the kiosk's).
public final class AudioEngine: Sendable {
    private let options: AudioOptions
    private let logger: Logger
    private let shared: AudioShared
    private let clock: any AudioClock
    private let makeOutput: @Sendable () -> any AudioOutput
    private let makeConverter: MixConverterFactory?
    private let worker = Mutex<JoinableThread?>(nil)

    /// The engine for `options`: an ALSA device, or none. `converter`: how the mix is converted for
    /// a device that comes back in another rate or channel count (the kiosk's: libswresample).
    public convenience init(options: AudioOptions, logger: Logger, converter: MixConverterFactory? = nil) {
        let device = options.device
        self.init(options: options, logger: logger, clock: MonotonicAudioClock(), converter: converter) {
            switch device {
            case .alsa(let name): ALSAOutput(device: name)
            case .none: SilentOutput()
            }
        }
    }

    /// With an output and a clock of the caller's (tests: doubles; a manual clock).
    public init(options: AudioOptions, logger: Logger, clock: any AudioClock, converter: MixConverterFactory? = nil,
                output: @escaping @Sendable () -> any AudioOutput) {
        makeConverter = converter
        self.options = options
        self.logger = logger
        self.clock = clock
        makeOutput = output
        shared = AudioShared(device: options.device.description)
    }

    deinit { stop() }

    /// Opens the device (on the caller's thread: its format is known when this returns), opens
    /// `--audio-out`'s file, logs the one line, and starts the audio thread. A missing device is
    /// not an error (one line, silent, looked for every second). Throws only when the recording
    /// cannot be created (the user's path: one line, the kiosk does not start).
    public func start() throws(AudioError) {
        guard let loop = try prepare() else { return }
        do {
            let realTime = options.realTimePriority
            let thread = try JoinableThread(name: "gb-audio") { loop.run(realTime: realTime) }
            worker.withLock { $0 = thread }
        } catch {
            loop.finish()
            logger.error("could not start the audio thread: \(error); running silent")
        }
    }

    /// `start` up to the thread: the device opened, the recording created, the line logged, the
    /// loop made (tests turn it by hand). Nil when already started.
    func prepare() throws(AudioError) -> PlaybackLoop? {
        guard worker.withLock({ $0 == nil }) else { return nil }
        let output = makeOutput()
        var settings: AudioOutputSettings?
        var failure: AudioError?
        do { settings = try output.open(preferred: .standard) } catch { failure = error }
        let format = settings?.format ?? .standard
        let recording: WAVRecorder?
        if let path = options.recordTo {
            do { recording = try WAVRecorder(path: path, format: format) } catch {
                output.close()
                throw error
            }
        } else {
            recording = nil
        }
        let period = settings?.periodFrames ?? AudioTuning.periodFrames(format)
        let up = settings != nil && options.device != .none
        shared.state.withLock { s in
            s.status.format = format
            s.status.sampleFormat = up ? settings?.sampleFormat : nil
            s.status.periodFrames = period
            s.status.bufferFrames = settings?.bufferFrames ?? 0
            s.status.deviceUp = up
            s.status.paced = up && settings?.paced == true
        }
        logger.info("\(Self.startLine(options: options, settings: settings, failure: failure, format: format))")
        return PlaybackLoop(output: settings == nil ? nil : output, spare: output, settings: settings,
                            format: format, periodFrames: period, reopens: options.device != .none,
                            recorder: recording, clock: clock, shared: shared, logger: logger, converter: makeConverter)
    }

    /// The one start-up line: device, format, period and buffer (or why there is no sound).
    static func startLine(options: AudioOptions, settings: AudioOutputSettings?, failure: AudioError?, format: AudioFormat) -> String {
        let recording = options.recordTo.map { "; recording the mix to \($0.string)" } ?? ""
        if options.device == .none { return "none (no sound device), mixing \(format) paced by the clock\(recording)" }
        guard let s = settings else {
            return "no sound device (\(failure?.description ?? options.device.description)); running silent, looking for it every second\(recording)"
        }
        func ms(_ frames: Int) -> String { JSONWriter.format(JSONWriter.rounded(Double(frames) * 1000 / Double(max(1, s.format.sampleRate)), places: 2)) }
        return "\(options.device.description): \(s.format) \(s.sampleFormat), period \(s.periodFrames) frames (\(ms(s.periodFrames)) ms), "
            + "buffer \(s.bufferFrames) frames (\(ms(s.bufferFrames)) ms)\(s.paced ? "" : ", not paced by the device: paced by the clock")\(recording)"
    }

    /// Stops the audio thread (at most one period, or one 100 ms device wait, later), closes the
    /// device and finishes the recording's header. Idempotent.
    public func stop() {
        shared.stopping.store(true, ordering: .releasing)
        let thread = worker.withLock { w -> JoinableThread? in defer { w = nil }; return w }
        // The thread finishes the recording's header as it ends.
        thread?.join()
    }

    /// Plays `sound` once from its start at `gain` (times the master volume), named `name` in
    /// `status.playing` and events. Starts in the next chunk (within one period).
    public func play(_ sound: SoundBuffer, name: String, gain: Float = 1) {
        add(ClipVoice(sound, gain: gain), name: name)
    }

    /// Adds a voice (a soundtrack): the audio thread mixes it from the next chunk until it
    /// returns false or is removed. The voice is the audio thread's from here on.
    public func add(_ voice: any AudioVoice & Sendable, name: String) {
        shared.state.withLock { $0.commands.append(.add(voice, name)) }
    }

    /// Removes every voice named `name` (each reports `ended`).
    public func remove(named name: String) {
        shared.state.withLock { $0.commands.append(.remove(name)) }
    }

    /// The master level, 0...1 (`VolumeCurve`): board volume × control × quiet hours, as the
    /// caller computes it. `status.volume` reads it back at once.
    public func setVolume(_ level: Double) {
        let clamped = Double(VolumeCurve.gain(level: level))
        shared.state.withLock { s in
            s.status.volume = clamped
            s.commands.append(.volume(Float(clamped)))
        }
    }

    public var status: AudioStatus { shared.state.withLock { $0.status } }

    /// A sound device was asked for (`--audio DEVICE`, not `none`): the mix is to be paced by it
    /// once it is open, which happens on the audio thread, possibly after a clip has started.
    public var hasDevice: Bool { options.device != .none }

    /// The mix format voices must produce: 48 kHz stereo unless the device forced another.
    public var format: AudioFormat { status.format ?? .standard }

    /// Readable when events wait (the loop polls it with its other sources, so a device that comes
    /// back is reported while the kiosk idles, not at its next touch); nil if no pipe could be
    /// made (events then wait for the loop's next wake-up). `drainEvents` clears it.
    public var wakeDescriptor: FileDescriptor? { shared.wake?.descriptor }

    /// The events since the last call, oldest first. Never blocks for longer than a copy.
    public func drainEvents() -> [AudioEvent] {
        shared.wake?.clear()
        return shared.state.withLock { s in
            defer { s.events.removeAll(keepingCapacity: true) }
            return s.events
        }
    }
}

/// What the engine and its thread share, under one lock (see `AudioEngine`).
final class AudioShared: Sendable {
    enum Command {
        case add(any AudioVoice & Sendable, String)
        case remove(String)
        case volume(Float)
    }

    struct State: @unchecked Sendable {
        var commands: [Command] = []
        var events: [AudioEvent] = []
        var status: AudioStatus
    }

    /// Events kept for a loop that does not drain them (a test, a kiosk with no audio consumer):
    /// beyond this the oldest go, so memory stays bounded.
    static let eventLimit = 1024

    let state: Mutex<State>
    let stopping = Atomic<Bool>(false)

    /// Signalled by `post`: a write to a non-blocking pipe, once per event (events are rare: a
    /// sound's start and end, a device lost or back), never a wait on the loop.
    let wake: WakePipe?

    init(device: String) {
        state = Mutex(State(status: AudioStatus(device: device)))
        wake = try? WakePipe()
    }

    func post(_ event: AudioEvent, _ change: (inout AudioStatus) -> Void = { _ in }) {
        state.withLock { s in
            if s.events.count >= Self.eventLimit { s.events.removeFirst(s.events.count - Self.eventLimit + 1) }
            s.events.append(event)
            change(&s.status)
        }
        wake?.signal()
    }
}
