#ifndef GADGET_CFREETYPE_H
#define GADGET_CFREETYPE_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

/* FT_LOAD_* and FT_PIXEL_MODE_* are macros or enum values Swift sees awkwardly: wrapped once. */
static inline FT_Int32 gadget_ft_load_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL; }
static inline int gadget_ft_pixel_mode_gray(void) { return FT_PIXEL_MODE_GRAY; }
static inline FT_Int32 gadget_ft_load_no_scale(void) { return FT_LOAD_NO_SCALE; }
/* The OS/2 table's sxHeight (font units), 0 without the table or before its version 2. */
static inline long gadget_ft_os2_sxheight(FT_Face face) {
    TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    return (os2 && os2->version >= 2 && os2->version != 0xFFFF) ? (long)os2->sxHeight : 0;
}
#endif
