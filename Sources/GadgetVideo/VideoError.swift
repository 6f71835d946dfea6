/// A video that could not be opened or decoded: the FFmpeg call that failed with its code and
/// FFmpeg's own message, or what about the file the kiosk cannot show.
public enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    case call(String, Int32, String)
    /// The file holds no video stream (an audio file, a text file FFmpeg guessed a format for).
    case noVideoStream
    /// FFmpeg recognises no media format in the file (a text file, a cut download): its own
    /// words, without the call's name and the AVERROR number a board author cannot act on.
    case notAVideo(String)
    /// A picture, not a clip (a JPEG renamed `.mp4`: FFmpeg opens it as a one-frame image
    /// stream); the format it was read as (`jpeg`, `png`).
    case stillImage(String)
    /// No decoder for the stream's codec in this FFmpeg.
    case unsupportedCodec(String)
    /// Decoded pictures in a pixel format the YUV program does not draw (10-bit, RGB, …).
    case unsupportedPixelFormat(String)
    /// Larger than the display's texture limit or the video pixel budget.
    case tooLarge(width: Int, height: Int, limit: String)
    /// The container's index lists data past the end of the file.
    case truncated
    /// The stream ended before a single picture was decoded (a truncated file).
    case noFrames
    /// FFmpeg's libraries could not be opened (they are loaded on first use, CFFmpeg): the
    /// loader's one line, "video needs libavcodec.so.59: cannot open shared object file: …".
    case library(String)

    public var description: String {
        switch self {
        case .call(let name, let code, let message): return "\(name) failed: \(message) (\(code))"
        case .noVideoStream: return "not a video (no video stream)"
        case .notAVideo(let message): return "not a video (FFmpeg: \(message))"
        case .stillImage(let format): return "a still image (\(format)), not a video (give it as the gadget's image or the video's poster)"
        case .unsupportedCodec(let codec): return "unsupported codec \(codec)"
        case .unsupportedPixelFormat(let format): return "unsupported pixel format \(format) (8-bit YUV 4:2:0, 4:2:2, 4:4:4 or NV12 play)"
        case .tooLarge(let w, let h, let limit): return "\(w)x\(h) is larger than \(limit)"
        case .truncated: return "truncated (the file ends before the data its index lists)"
        case .noFrames: return "truncated or empty: no picture could be decoded"
        case .library(let message): return message
        }
    }
}
