/// A board sound (`"sounds"`) that cannot be used: what a board author reads after the sound's
/// JSON path (`sounds.chime: sounds/chime.ogg: not an audio file (…)`).
public enum SoundFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An FFmpeg call failed (memory, a broken stream): its name, code and FFmpeg's message.
    case call(String, Int32, String)
    /// FFmpeg recognises no media format in the file, or the file has no audio stream.
    case notAudio(String)
    /// No decoder for the stream's codec in this FFmpeg.
    case unsupportedCodec(String)
    /// Longer than a sound may be (`SoundBudget.maximumSeconds`); `seconds` as far as known.
    case tooLong(seconds: Double, limit: Double)
    /// The stream holds no sample (an empty or cut file).
    case empty
    /// FFmpeg's libraries could not be opened (loaded on first use, CFFmpeg): the loader's line.
    case library(String)

    public var description: String {
        switch self {
        case .call(let name, let code, let message): return "\(name) failed: \(message) (\(code))"
        case .notAudio(let why): return "not an audio file (\(why))"
        case .unsupportedCodec(let codec): return "unsupported audio codec \(codec)"
        case .tooLong(let seconds, let limit):
            return "longer than a sound may be (\(SoundFileError.format(seconds)) s; at most \(SoundFileError.format(limit)) s: music belongs in a video's soundtrack)"
        case .empty: return "no sound in it (empty or cut short)"
        case .library(let message): return message
        }
    }

    static func format(_ s: Double) -> String {
        let tenths = (s * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : "\(tenths / 10)"
    }
}
