#ifndef GADGET_CFFMPEG_H
#define GADGET_CFFMPEG_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/pixdesc.h>
#include <libavutil/hwcontext_drm.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>
#include <libavutil/opt.h>
#include <errno.h>
#include <string.h>
#include <stdio.h>

/* FFmpeg's error codes are function-like macros (AVERROR, FFERRTAG) Swift cannot import: wrapped once. */
static inline int gadget_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int gadget_averror_eof(void) { return AVERROR_EOF; }
static inline int gadget_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int gadget_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t gadget_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int gadget_av_time_base(void) { return AV_TIME_BASE; }

/* av_err2str is a macro over a compound literal; this writes the message into the caller's buffer. */
static inline void gadget_av_strerror(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) snprintf(buffer, size, "error %d", code);
}
/* Opens libavutil, libavcodec, libavformat and libswresample (dlopen, once per process; CLazyLink.h says why):
 * 0 when loaded, else -1 and gadget_ffmpeg_message() is one line ("video needs libavcodec.so.59:
 * cannot open shared object file: No such file or directory"). Call before any FFmpeg function. */
int gadget_ffmpeg_load(void);
const char *gadget_ffmpeg_message(void);
#endif
