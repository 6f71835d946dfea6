/// What `check` asks of a board's video: that it opens, is a video in a codec this FFmpeg
/// decodes, fits the limits, is not cut short, and yields a first picture the YUV program draws.
/// Decodes one frame, not the clip: a check of a board with a ten-minute loop stays quick.
public enum VideoProbe {
    public static func check(path: String, limits: VideoLimits = .standard) -> Result<VideoDecoder.Info, VideoError> {
        do throws(VideoError) {
            let decoder = try VideoDecoder(path: path, threads: 1)
            let info = decoder.info
            if let refusal = limits.refusal(width: info.width, height: info.height) { throw refusal }
            if decoder.isTruncated { throw VideoError.truncated }
            guard try decoder.nextFrame() != nil else { throw VideoError.noFrames }
            return .success(info)
        } catch {
            return .failure(error)
        }
    }
}
