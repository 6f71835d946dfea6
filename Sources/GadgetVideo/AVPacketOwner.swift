import CFFmpeg

/// Owns one `AVPacket` (reused: `unref` between reads). Thread: its decode thread.
final class AVPacketOwner {
    let packet: UnsafeMutablePointer<AVPacket>

    init() throws(VideoError) {
        guard let p = av_packet_alloc() else { throw .call("av_packet_alloc", gadget_averror_enomem(), "out of memory") }
        packet = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
    }

    func unref() { av_packet_unref(packet) }
}

/// Owns one `AVFrame` (reused: the decoder unrefs it on each receive). Thread: its decode thread.
final class AVFrameOwner {
    let frame: UnsafeMutablePointer<AVFrame>

    init() throws(VideoError) {
        guard let f = av_frame_alloc() else { throw .call("av_frame_alloc", gadget_averror_enomem(), "out of memory") }
        frame = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    func unref() { av_frame_unref(frame) }
}
