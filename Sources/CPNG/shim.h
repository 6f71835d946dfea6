#ifndef GADGET_CPNG_H
#define GADGET_CPNG_H
#include <png.h>
#include <string.h>

/* Function-like macros and constants of libpng's simplified API, wrapped once. */
static inline png_uint_32 gadget_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 gadget_png_image_version(void) { return PNG_IMAGE_VERSION; }
static inline int gadget_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
static inline const char *gadget_png_image_message(png_imagep image) { return image->message; }
/* The most bytes png_image_write_to_memory can write for the image's size and format: a buffer
 * of this size is written in one pass (libpng's own bound, PNG_IMAGE_PNG_SIZE_MAX). */
static inline size_t gadget_png_image_png_size_max(png_imagep image) { return PNG_IMAGE_PNG_SIZE_MAX(*image); }
#endif
