#ifndef GADGET_CFREETYPE_H
#define GADGET_CFREETYPE_H
#include <ft2build.h>
#include FT_FREETYPE_H

/* FT_LOAD_* and FT_PIXEL_MODE_* are macros or enum values Swift sees awkwardly: wrapped once. */
static inline FT_Int32 gadget_ft_load_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL; }
static inline int gadget_ft_pixel_mode_gray(void) { return FT_PIXEL_MODE_GRAY; }
#endif
