#ifndef GADGET_CUNIBREAK_H
#define GADGET_CUNIBREAK_H
#include <stddef.h>
#include <linebreak.h>

static inline char gadget_linebreak_must(void) { return LINEBREAK_MUSTBREAK; }
static inline char gadget_linebreak_allow(void) { return LINEBREAK_ALLOWBREAK; }
#endif
