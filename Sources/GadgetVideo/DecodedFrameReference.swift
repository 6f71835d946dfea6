import CFFmpeg

/// A decoded picture's buffers, kept while a `VideoFrame` borrows its planes: the decoder's
/// `AVFrame` references moved into an `AVFrame` of this object's own (`av_frame_move_ref`: no
/// copy, no extra reference), released in deinit on whichever thread drops the last copy of the
/// frame. FFmpeg's buffer references are atomic and its buffer pools locked, so that may be the
/// loop's thread; releasing hands the buffer back to the decoder's pool.
final class DecodedFrameReference: @unchecked Sendable {
    // Safety: written once in init; afterwards only read through (the planes' rows, which the
    // decoder no longer writes) and freed, once, in deinit.
    private(set) var frame: UnsafeMutablePointer<AVFrame>

    /// Takes `decoded`'s buffers, leaving it empty for the decoder's next picture.
    init?(taking decoded: UnsafeMutablePointer<AVFrame>) {
        guard let f = av_frame_alloc() else { return nil }
        av_frame_move_ref(f, decoded)
        frame = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }
}
