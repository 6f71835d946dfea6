import SystemPackage

/// Where the mix goes: an ALSA PCM (`run --audio DEVICE`, default `default`) or nowhere.
public enum AudioDeviceChoice: Sendable, Equatable, CustomStringConvertible {
    /// An ALSA PCM name: `default`, `hdmi:CARD=vc4hdmi0`, `plughw:1`, a name from an asoundrc.
    case alsa(String)
    /// `--audio none`: no device; the mix is still made (and recorded with `--audio-out`), paced by
    /// the monotonic clock.
    case none

    public static let standard = AudioDeviceChoice.alsa("default")

    /// The word given on the command line: the PCM name, or `none`.
    public var description: String {
        switch self {
        case .alsa(let name): name
        case .none: "none"
        }
    }
}

/// How the kiosk asked for sound.
public struct AudioOptions: Sendable, Equatable {
    public var device: AudioDeviceChoice
    /// `--audio-out FILE.wav`: every chunk mixed, after the master volume and before the device,
    /// as 32-bit float WAV from the engine's start.
    public var recordTo: FilePath?
    /// Ask for real-time priority for the audio thread (`AudioTuning.realTimePriority`): the
    /// command line's engine does; in-process tests' engines do not.
    public var realTimePriority: Bool

    public init(device: AudioDeviceChoice = .standard, recordTo: FilePath? = nil, realTimePriority: Bool = false) {
        self.device = device
        self.recordTo = recordTo
        self.realTimePriority = realTimePriority
    }

    /// From the command line: `--audio WORD` (`none`, or a PCM name) and `--audio-out PATH`.
    public init(argument device: String, recordTo path: String?) {
        self.init(device: device == "none" ? .none : .alsa(device), recordTo: path.map { FilePath($0) }, realTimePriority: true)
    }
}
