#ifndef GADGET_CFONTCONFIG_H
#define GADGET_CFONTCONFIG_H
#include <fontconfig/fontconfig.h>

/* Property names and constants are string/number macros: wrapped once. */
static inline const char *gadget_fc_family(void) { return FC_FAMILY; }
static inline const char *gadget_fc_file(void) { return FC_FILE; }
static inline const char *gadget_fc_index(void) { return FC_INDEX; }
static inline const char *gadget_fc_weight(void) { return FC_WEIGHT; }
static inline const char *gadget_fc_slant(void) { return FC_SLANT; }
static inline const char *gadget_fc_charset(void) { return FC_CHARSET; }
static inline const char *gadget_fc_lang(void) { return FC_LANG; }
static inline int gadget_fc_weight_regular(void) { return FC_WEIGHT_REGULAR; }
static inline int gadget_fc_weight_bold(void) { return FC_WEIGHT_BOLD; }
static inline int gadget_fc_slant_roman(void) { return FC_SLANT_ROMAN; }
static inline int gadget_fc_slant_italic(void) { return FC_SLANT_ITALIC; }
#endif
