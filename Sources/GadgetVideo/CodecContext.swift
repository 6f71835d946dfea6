import CFFmpeg

/// Owns an opened decoder (`AVCodecContext`) for one stream: the first of
/// `VideoDecoderChoice.candidates` that opens. Thread: its decode thread.
final class CodecContext {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    let decoderName: String
    let kind: VideoDecoderChoice.Kind

    /// `preferDRMPrime`: ask a hardware decoder for DRM PRIME (dma-buf) frames where it offers
    /// them (the zero-copy path); without it the V4L2 M2M decoder gives frames in memory.
    init(parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational, threads: Int, hardware: VideoHardware,
         preferDRMPrime: Bool = false) throws(VideoError) {
        let codecName = FFmpeg.string(avcodec_get_name(parameters.pointee.codec_id))
        guard let software = avcodec_find_decoder(parameters.pointee.codec_id) else { throw .unsupportedCodec(codecName) }
        let candidates = VideoDecoderChoice.candidates(codec: codecName, hasV4L2Device: hardware.hasV4L2Device,
                                                       codecOffersDRM: CodecContext.offersDRM(software))
        var lastError = VideoError.unsupportedCodec(codecName)
        for candidate in candidates {
            let codec = candidate.decoderName.flatMap { avcodec_find_decoder_by_name($0) } ?? software
            if candidate.decoderName != nil, codec == software { continue }
            do {
                let opened = try CodecContext.open(codec, parameters: parameters, timeBase: timeBase,
                                                   threads: candidate.kind == .software ? threads : 1, drm: candidate.kind == .drmHwaccel,
                                                   preferDRMPrime: preferDRMPrime && candidate.kind == .v4l2m2m)
                context = opened
                decoderName = FFmpeg.string(codec.pointee.name)
                kind = candidate.kind
                return
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// A soundtrack's decoder: FFmpeg's software one for the stream's codec (audio decodes in a
    /// fraction of a core; no hardware path to choose).
    init(audio parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational) throws(VideoError) {
        let codecName = FFmpeg.string(avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else { throw .unsupportedCodec(codecName) }
        context = try CodecContext.open(codec, parameters: parameters, timeBase: timeBase, threads: 1, drm: false, preferDRMPrime: false)
        decoderName = FFmpeg.string(codec.pointee.name)
        kind = .software
    }

    deinit { avcodec_free_context(&context) }

    private static func open(_ codec: UnsafePointer<AVCodec>, parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational,
                             threads: Int, drm: Bool, preferDRMPrime: Bool) throws(VideoError) -> UnsafeMutablePointer<AVCodecContext> {
        guard var ctx = avcodec_alloc_context3(codec) else { throw .call("avcodec_alloc_context3", gadget_averror_enomem(), "out of memory") }
        var owned: UnsafeMutablePointer<AVCodecContext>? = ctx
        do throws(VideoError) {
            try FFmpeg.check("avcodec_parameters_to_context", avcodec_parameters_to_context(ctx, parameters))
            ctx.pointee.pkt_timebase = timeBase
            ctx.pointee.thread_count = Int32(threads)
            if drm {
                var device: UnsafeMutablePointer<AVBufferRef>?
                try FFmpeg.check("av_hwdevice_ctx_create", av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_DRM, nil, nil, 0))
                ctx.pointee.hw_device_ctx = device
            }
            if drm || preferDRMPrime {
                // The dma-buf frames when offered (zero copy), else the first format offered. The
                // stateful V4L2 decoder lists DRM PRIME where its FFmpeg build can export its
                // capture buffers (Raspberry Pi OS's); FFmpeg's default choice skips it.
                ctx.pointee.get_format = { _, formats in
                    var p = formats
                    while let f = p?.pointee, f != AV_PIX_FMT_NONE {
                        if f == AV_PIX_FMT_DRM_PRIME { return f }
                        p = p?.successor()
                    }
                    return formats?.pointee ?? AV_PIX_FMT_NONE
                }
            }
            try FFmpeg.check("avcodec_open2(\(FFmpeg.string(codec.pointee.name)))", avcodec_open2(ctx, codec, nil))
        } catch {
            avcodec_free_context(&owned)
            throw error
        }
        ctx = owned!
        return ctx
    }

    /// Sends a packet (nil: drain). False when the decoder wants frames taken first (EAGAIN).
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) throws(VideoError) -> Bool {
        guard let context else { return false }
        let rc = avcodec_send_packet(context, packet)
        if rc == FFmpeg.again { return false }
        if rc == FFmpeg.endOfFile { return true }   // already draining
        try FFmpeg.check("avcodec_send_packet", rc)
        return true
    }

    enum Receive { case frame, needsInput, drained }

    func receive(into frame: AVFrameOwner) throws(VideoError) -> Receive {
        guard let context else { return .drained }
        let rc = avcodec_receive_frame(context, frame.frame)
        if rc == FFmpeg.again { return .needsInput }
        if rc == FFmpeg.endOfFile { return .drained }
        try FFmpeg.check("avcodec_receive_frame", rc)
        return .frame
    }

    /// Forgets buffered frames and the drained state: after a seek, and to loop.
    func flush() { if let context { avcodec_flush_buffers(context) } }

    private static func offersDRM(_ codec: UnsafePointer<AVCodec>) -> Bool {
        var i: Int32 = 0
        while let config = avcodec_get_hw_config(codec, i) {
            if config.pointee.device_type == AV_HWDEVICE_TYPE_DRM,
               config.pointee.methods & Int32(AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) != 0 { return true }
            i += 1
        }
        return false
    }
}
