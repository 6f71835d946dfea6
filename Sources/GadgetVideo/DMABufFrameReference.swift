import CFFmpeg

/// Keeps a DRM PRIME frame's buffers the decoder's while the loop shows them: a reference of its
/// own to the `AVFrame` (av_frame_clone), released in deinit on whichever thread drops the last
/// `VideoFrame` holding it. FFmpeg's buffer references are atomic, so that may be any thread;
/// releasing returns the buffer to the decoder (and closes its descriptors when the decoder has
/// gone), never a descriptor the display owns.
final class DMABufFrameReference: @unchecked Sendable {
    // Safety: the pointer is only freed, once, in deinit; nothing reads through it.
    private var frame: UnsafeMutablePointer<AVFrame>?

    init?(_ decoded: UnsafeMutablePointer<AVFrame>) {
        guard let clone = av_frame_clone(decoded) else { return nil }
        frame = clone
    }

    deinit { av_frame_free(&frame) }
}
