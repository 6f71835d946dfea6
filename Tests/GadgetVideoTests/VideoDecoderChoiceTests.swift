import Testing
@testable import GadgetVideo

/// Which decoder plays a clip: the board's hardware decoder where the machine may have one, then
/// FFmpeg's software decoder with threads; and that a hardware decoder that cannot open (this
/// machine has no V4L2 node) falls through to software instead of failing the clip.
@Suite struct VideoDecoderChoiceTests {
    @Test func hardwareFirstWhereTheMachineMayHaveIt() {
        // A Pi 4's H.264: the stateful V4L2 M2M decoder, then software.
        let pi4 = VideoDecoderChoice.candidates(codec: "h264", hasV4L2Device: true, codecOffersDRM: false)
        #expect(pi4.map(\.kind) == [.v4l2m2m, .software])
        #expect(pi4.map(\.decoderName) == ["h264_v4l2m2m", nil])
        // No V4L2 node (a Pi 5 has no H.264 block; this machine): software only.
        #expect(VideoDecoderChoice.candidates(codec: "h264", hasV4L2Device: false, codecOffersDRM: false).map(\.kind) == [.software])
        // HEVC through FFmpeg's DRM hwaccel where the build offers it (v4l2-request), else software.
        #expect(VideoDecoderChoice.candidates(codec: "hevc", hasV4L2Device: true, codecOffersDRM: true).map(\.kind) == [.drmHwaccel, .software])
        #expect(VideoDecoderChoice.candidates(codec: "hevc", hasV4L2Device: true, codecOffersDRM: false).map(\.kind) == [.software])
        // Everything else decodes in software.
        #expect(VideoDecoderChoice.candidates(codec: "vp9", hasV4L2Device: true, codecOffersDRM: true).map(\.kind) == [.software])
        #expect(VideoDecoderChoice.softwareThreads == 2)
    }

    /// Debian's FFmpeg has h264_v4l2m2m built in on every architecture; told a V4L2 node exists on
    /// a machine without the decoder, it fails to open and the software decoder plays the clip.
    @Test func aHardwareDecoderThatCannotOpenFallsThroughToSoftware() throws {
        let clips = try Clips()
        let decoder = try VideoDecoder(path: try clips.indexed(frames: 3), hardware: VideoHardware(hasV4L2Device: true))
        #expect(decoder.info.decoder == "h264" && decoder.info.decoderKind == .software)
        #expect(try decoder.nextFrame() != nil)
    }
}
