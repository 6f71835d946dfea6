import GadgetCore

/// Where the mixed chunks go: the ALSA device, nothing (`--audio none`), or a test double.
///
/// Thread: `open` is called once by `AudioEngine.start` (the kiosk's thread, before the audio
/// thread exists); everything after that, reopening included, on the audio thread only.
public protocol AudioOutput: AnyObject {
    /// The name in log lines and events (`default`, `none`).
    var name: String { get }
    /// Opens (or reopens) the device, asking for `preferred`; what it agreed to.
    func open(preferred: AudioFormat) throws(AudioError) -> AudioOutputSettings
    /// Writes `frames` interleaved frames of `samples` (the mix format agreed at open). A device
    /// that paces blocks here while its buffer is full. Recovers an underrun itself and says so.
    func write(_ samples: UnsafeBufferPointer<Float>, frames: Int) -> AudioWriteOutcome
    /// A device that paces: blocks until a period can be written with at most
    /// `AudioTuning.queuedPeriods` then queued (at once while the stream has not started), so the
    /// chunk is mixed just before it goes out. Recovers an underrun itself and says so.
    func awaitRoom() -> AudioWriteOutcome
    /// Frames until a sample written now is heard (`snd_pcm_delay`); nil when unknown.
    func delayFrames() -> Int?
    /// Closes the device without playing what is queued (stop is immediate). Idempotent.
    func close()
    /// The headphone jack controls of the card behind the open device (ALSA's "Headphone Jack"),
    /// for the audio thread to watch; nil when it has none, is not a card, or is not open.
    func jackControls() -> (any JackControlSource)?
}

extension AudioOutput {
    /// Outputs that do not pace take every chunk at once.
    public func awaitRoom() -> AudioWriteOutcome { .written }
    /// Outputs that are not a card have no jack.
    public func jackControls() -> (any JackControlSource)? { nil }
}

/// What a device agreed to at open.
public struct AudioOutputSettings: Sendable, Equatable {
    public var format: AudioFormat
    /// ALSA's name for the sample format on the wire (`FLOAT_LE`, `S16_LE`).
    public var sampleFormat: String
    public var periodFrames: Int
    public var bufferFrames: Int
    /// The device consumes samples at its own rate (a card). False for ALSA's null and file
    /// plugins, which take everything at once: the engine then paces the mix by the clock.
    public var paced: Bool

    public init(format: AudioFormat, sampleFormat: String, periodFrames: Int, bufferFrames: Int, paced: Bool) {
        self.format = format
        self.sampleFormat = sampleFormat
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
        self.paced = paced
    }
}

/// How one write went.
public enum AudioWriteOutcome: Sendable, Equatable {
    case written
    /// The device had run dry (-EPIPE); it was recovered and the chunk written after it.
    case underrun
    /// The device is gone (unplugged, suspended past recovery, stalled): close and retry later.
    case lost(AudioError)
}

/// `--audio none`: takes every chunk and plays nothing; the engine paces the mix by the clock.
public final class SilentOutput: AudioOutput {
    public init() {}
    public var name: String { "none" }
    public func open(preferred: AudioFormat) throws(AudioError) -> AudioOutputSettings {
        AudioOutputSettings(format: preferred, sampleFormat: "FLOAT_LE", periodFrames: AudioTuning.periodFrames(preferred),
                            bufferFrames: 0, paced: false)
    }
    public func write(_ samples: UnsafeBufferPointer<Float>, frames: Int) -> AudioWriteOutcome { .written }
    public func delayFrames() -> Int? { 0 }
    public func close() {}
}
