import CALSA
import GadgetSystem

/// A sound output that could not be opened or written: the ALSA call, the device (PCM name) and
/// alsa-lib's own words (`snd_strerror`), or a file the mix could not be recorded to.
public enum AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An ALSA call failed with the negative errno it returned.
    case alsa(call: String, device: String, code: Int32, message: String)
    /// The device takes none of the sample formats the mixer can give (float, S32, S16).
    case unsupportedFormat(device: String, detail: String)
    /// The mix could not be converted to the format a returning device agreed to (`MixConverter`).
    case conversion(device: String, detail: String)
    /// Recording the mix (`--audio-out`): the file could not be written.
    case system(SystemError)
    /// libasound could not be opened (it is opened on first use): "sound needs libasound.so.2: …".
    case library(String)

    /// An ALSA error from its return code.
    static func alsa(_ call: String, _ device: String, _ code: Int32) -> AudioError {
        .alsa(call: call, device: device, code: code, message: String(cString: snd_strerror(code)))
    }

    public var description: String {
        switch self {
        case .alsa(let call, let device, let code, let message): "\(device): \(call) failed: \(message) (\(code))"
        case .unsupportedFormat(let device, let detail): "\(device): no sample format the mixer can give (\(detail))"
        case .conversion(let device, let detail): "\(device): the mix cannot be converted to its format (\(detail))"
        case .system(let e): e.description
        case .library(let message): message
        }
    }
}
