import CFFmpeg

/// The one place FFmpeg's return codes become `VideoError`s (negative: an AVERROR), and the
/// library's own logging is turned down: a bad file is reported once by the kiosk, in one line,
/// not as FFmpeg's stream of decoder complaints on stderr.
enum FFmpeg {
    static let again = gadget_averror_eagain()
    static let endOfFile = gadget_averror_eof()
    static let noTimestamp = gadget_av_nopts_value()
    static let microseconds = AVRational(num: 1, den: 1_000_000)

    /// Returns `code` when it is not an error.
    @discardableResult
    static func check(_ name: String, _ code: Int32) throws(VideoError) -> Int32 {
        guard code < 0 else { return code }
        throw .call(name, code, message(code))
    }

    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        gadget_av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens FFmpeg's libraries (once per process: they are loaded when a video first needs
    /// them, not at every start; CFFmpeg) and silences FFmpeg's stderr log. A missing library is
    /// this video's error in one line, not a crash.
    static func load() throws(VideoError) {
        guard gadget_ffmpeg_load() == 0 else { throw .library(String(cString: gadget_ffmpeg_message())) }
        _ = quiet
    }

    /// Silences FFmpeg's stderr log (idempotent). Process-wide, as FFmpeg's log level is.
    private static let quiet: Void = { av_log_set_level(AV_LOG_QUIET) }()

    static func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "?" }
}
