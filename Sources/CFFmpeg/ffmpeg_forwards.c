// FFmpeg's functions that GadgetVideo calls (video and a video's soundtrack), forwarded to the libraries opened on first use
// (CLazyLink.h says why). A function Swift starts to call must be added here: the link fails
// until it is.
#include "CFFmpeg.h"
#include "CLazyLink.h"

#define GADGET_LAZY_LIBRARY gadget_ffmpeg_library
// What a forward returns when the library could not be loaded (FFmpeg's own errors are negative errno values).
#define GADGET_LAZY_ERROR AVERROR(ENOSYS)
// Library index: 0 libavutil, 1 libavcodec, 2 libavformat, 3 libswresample.
#define GADGET_FFMPEG_FUNCTIONS(F, V) \
    V(0, av_dict_free, (AVDictionary **a0), (a0)) \
    F(0, int, av_dict_set, (AVDictionary **a0, const char *a1, const char *a2, int a3), (a0, a1, a2, a3)) \
    F(0, AVFrame *, av_frame_alloc, (void), ()) \
    F(0, AVFrame *, av_frame_clone, (const AVFrame *a0), (a0)) \
    V(0, av_frame_free, (AVFrame **a0), (a0)) \
    V(0, av_frame_move_ref, (AVFrame *a0, AVFrame *a1), (a0, a1)) \
    V(0, av_frame_unref, (AVFrame *a0), (a0)) \
    F(0, const char *, av_get_pix_fmt_name, (enum AVPixelFormat a0), (a0)) \
    F(0, int, av_hwdevice_ctx_create, (AVBufferRef **a0, enum AVHWDeviceType a1, const char *a2, AVDictionary *a3, int a4), (a0, a1, a2, a3, a4)) \
    F(0, int, av_hwframe_transfer_data, (AVFrame *a0, const AVFrame *a1, int a2), (a0, a1, a2)) \
    V(0, av_log_set_level, (int a0), (a0)) \
    F(0, const AVPixFmtDescriptor *, av_pix_fmt_desc_get, (enum AVPixelFormat a0), (a0)) \
    F(0, int64_t, av_rescale_q, (int64_t a0, AVRational a1, AVRational a2), (a0, a1, a2)) \
    F(0, int, av_strerror, (int a0, char *a1, size_t a2), (a0, a1, a2)) \
    F(0, int, av_channel_layout_copy, (AVChannelLayout *a0, const AVChannelLayout *a1), (a0, a1)) \
    V(0, av_channel_layout_default, (AVChannelLayout *a0, int a1), (a0, a1)) \
    V(0, av_channel_layout_uninit, (AVChannelLayout *a0), (a0)) \
    F(0, int, av_get_bytes_per_sample, (enum AVSampleFormat a0), (a0)) \
    F(0, int, av_opt_set_int, (void *a0, const char *a1, int64_t a2, int a3), (a0, a1, a2, a3)) \
    F(0, int, av_sample_fmt_is_planar, (enum AVSampleFormat a0), (a0)) \
    F(1, AVPacket *, av_packet_alloc, (void), ()) \
    V(1, av_packet_free, (AVPacket **a0), (a0)) \
    V(1, av_packet_unref, (AVPacket *a0), (a0)) \
    F(1, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *a0), (a0)) \
    F(1, const AVCodec *, avcodec_find_decoder, (enum AVCodecID a0), (a0)) \
    F(1, const AVCodec *, avcodec_find_decoder_by_name, (const char *a0), (a0)) \
    V(1, avcodec_flush_buffers, (AVCodecContext *a0), (a0)) \
    V(1, avcodec_free_context, (AVCodecContext **a0), (a0)) \
    F(1, const AVCodecHWConfig *, avcodec_get_hw_config, (const AVCodec *a0, int a1), (a0, a1)) \
    F(1, const char *, avcodec_get_name, (enum AVCodecID a0), (a0)) \
    F(1, int, avcodec_open2, (AVCodecContext *a0, const AVCodec *a1, AVDictionary **a2), (a0, a1, a2)) \
    F(1, int, avcodec_parameters_to_context, (AVCodecContext *a0, const AVCodecParameters *a1), (a0, a1)) \
    F(1, int, avcodec_receive_frame, (AVCodecContext *a0, AVFrame *a1), (a0, a1)) \
    F(1, int, avcodec_send_packet, (AVCodecContext *a0, const AVPacket *a1), (a0, a1)) \
    F(2, int, av_find_best_stream, (AVFormatContext *a0, enum AVMediaType a1, int a2, int a3, const AVCodec **a4, int a5), (a0, a1, a2, a3, a4, a5)) \
    F(2, int, av_read_frame, (AVFormatContext *a0, AVPacket *a1), (a0, a1)) \
    F(2, int, av_seek_frame, (AVFormatContext *a0, int a1, int64_t a2, int a3), (a0, a1, a2, a3)) \
    V(2, avformat_close_input, (AVFormatContext **a0), (a0)) \
    F(2, int, avformat_find_stream_info, (AVFormatContext *a0, AVDictionary **a1), (a0, a1)) \
    F(2, int, avformat_index_get_entries_count, (const AVStream *a0), (a0)) \
    F(2, const AVIndexEntry *, avformat_index_get_entry, (AVStream *a0, int a1), (a0, a1)) \
    F(2, int, avformat_open_input, (AVFormatContext **a0, const char *a1, const AVInputFormat *a2, AVDictionary **a3), (a0, a1, a2, a3)) \
    F(2, int64_t, avio_size, (AVIOContext *a0), (a0)) \
    F(3, int, swr_alloc_set_opts2, (struct SwrContext **a0, AVChannelLayout *a1, enum AVSampleFormat a2, int a3, AVChannelLayout *a4, enum AVSampleFormat a5, int a6, int a7, void *a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8)) \
    F(3, int, swr_convert, (struct SwrContext *a0, uint8_t **a1, int a2, const uint8_t **a3, int a4), (a0, a1, a2, a3, a4)) \
    V(3, swr_free, (struct SwrContext **a0), (a0)) \
    F(3, int, swr_get_out_samples, (struct SwrContext *a0, int a1), (a0, a1)) \
    F(3, int64_t, swr_get_delay, (struct SwrContext *a0, int64_t a1), (a0, a1)) \
    F(3, int, swr_init, (struct SwrContext *a0), (a0)) \
    F(3, int, swr_set_compensation, (struct SwrContext *a0, int a1, int a2), (a0, a1, a2)) \
    F(3, int, swr_set_matrix, (struct SwrContext *a0, const double *a1, int a2), (a0, a1, a2))

GADGET_FFMPEG_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {GADGET_FFMPEG_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)};
// The sonames the headers were built for: a library of another major version has another ABI.
static const char *const sonames[] = {
    "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
    "libswresample.so." AV_STRINGIFY(LIBSWRESAMPLE_VERSION_MAJOR),
};
static gadget_lazy_library gadget_ffmpeg_library = GADGET_LAZY_LIBRARY_INIT("video", sonames, symbols);

GADGET_FFMPEG_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

int gadget_ffmpeg_load(void) { return gadget_lazy_load(&gadget_ffmpeg_library); }
const char *gadget_ffmpeg_message(void) { return gadget_lazy_message(&gadget_ffmpeg_library); }
