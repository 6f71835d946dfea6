import GadgetCore

/// What the engine reports to the loop (`state.audio`, `--stats`, metrics). A value copied out
/// under the engine's lock. Thread: any.
public struct AudioStatus: Sendable, Equatable {
    /// The PCM name asked for, or `none`.
    public var device: String
    /// The mix format (the device's, or 48 kHz stereo with no device); nil before `start`.
    public var format: AudioFormat?
    /// The device's sample format as ALSA names it (`FLOAT_LE`, `S16_LE`), nil with no device.
    public var sampleFormat: String?
    /// Frames per period (the mixer's chunk) and in the device's whole buffer.
    public var periodFrames: Int
    public var bufferFrames: Int
    /// A device is open and taking samples.
    public var deviceUp: Bool
    /// Underruns recovered since start (`snd_pcm_recover` after -EPIPE).
    public var underruns: Int
    /// The master level (0...1) last set.
    public var volume: Double
    /// The voices in the mix, in the order they started.
    public var playing: [String]
    /// The device paces the mix (its clock is the audio clock); false for none, a lost device and
    /// ALSA's null and file plugins.
    public var paced: Bool

    public init(device: String) {
        self.device = device
        format = nil
        sampleFormat = nil
        periodFrames = 0
        bufferFrames = 0
        deviceUp = false
        underruns = 0
        volume = 1
        playing = []
        paced = false
    }
}

/// What happened in the audio thread since the loop last looked (`drainEvents`).
public enum AudioEvent: Sendable, Equatable {
    /// A voice entered the mix (its first samples are in the chunk being written).
    case started(String)
    /// A voice played to its end or was removed.
    case ended(String)
    /// The device went away (unplugged, its HDMI sink gone); the mix goes on into nothing.
    case deviceLost(String)
    /// The device was reopened.
    case deviceBack(String)
    /// An underrun was recovered; the count since start.
    case underrun(Int)
    /// The card's headphone jack control (`HeadphoneJackControl`) says a headset was plugged in
    /// or out (at the monotonic time it was read); a headset already in when the device opens is
    /// reported as plugged in then.
    case headphoneJack(HeadsetSwitch.Change)
}
