#ifndef GADGET_CFRIBIDI_H
#define GADGET_CFRIBIDI_H
#include <fribidi.h>

static inline FriBidiParType gadget_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType gadget_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType gadget_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
#endif
