#ifndef GADGET_CWEBP_H
#define GADGET_CWEBP_H
/* libwebp's advanced decoding API (WebPDecode with a WebPDecoderConfig: scaled RGBA output). */
#include <stddef.h>
#include <webp/decode.h>

/* WebPInitDecoderConfig is a static inline that passes the header's ABI version: wrapped once so
   the version is this header's. */
static inline int gadget_webp_init_config(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }
#endif
