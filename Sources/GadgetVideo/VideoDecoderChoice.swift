/// Which FFmpeg decoders to try for a codec, best first: the board's hardware decoder where the
/// machine may have one, then FFmpeg's software decoder.
///
/// - H.264: `h264_v4l2m2m`, the stateful V4L2 memory-to-memory decoder a Pi 2/3/4 has
///   (/dev/video10; signage-notes.md, Anthias board-enablement). It is compiled into Debian's
///   FFmpeg on every architecture, so it is only tried where a V4L2 device exists, and it fails
///   to open without one: the software decoder follows.
/// - HEVC: FFmpeg's `hevc` decoder, with the DRM hardware device when the decoder offers it (the
///   v4l2-request hwaccel of Raspberry Pi OS's FFmpeg; Debian 12's 5.1 has none).
/// - Everything else: the software decoder, with `softwareThreads` frame threads.
public struct VideoDecoderChoice: Sendable, Equatable {
    public enum Kind: String, Sendable { case software, v4l2m2m, drmHwaccel = "drm-hwaccel" }

    public struct Candidate: Sendable, Equatable {
        /// nil: FFmpeg's default decoder for the codec.
        public var decoderName: String?
        public var kind: Kind
    }

    /// Decode threads for software decoding: two leaves a Pi 4's other cores to the loop and the
    /// input thread (and this machine's two cores to the rest of the kiosk).
    public static let softwareThreads = 2

    /// The decoders to try for `codec` (FFmpeg's codec name: `h264`, `hevc`, …), in order.
    /// `hasV4L2Device`: a /dev/video* node exists. `codecOffersDRM`: the codec's default decoder
    /// lists a DRM hardware device configuration.
    public static func candidates(codec: String, hasV4L2Device: Bool, codecOffersDRM: Bool) -> [Candidate] {
        var out: [Candidate] = []
        if codec == "h264", hasV4L2Device { out.append(Candidate(decoderName: "h264_v4l2m2m", kind: .v4l2m2m)) }
        if codec == "hevc", codecOffersDRM { out.append(Candidate(decoderName: nil, kind: .drmHwaccel)) }
        out.append(Candidate(decoderName: nil, kind: .software))
        return out
    }
}
