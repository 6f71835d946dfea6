#ifndef GADGET_CJPEG_H
#define GADGET_CJPEG_H
/* libjpeg-turbo's TurboJPEG API: every call returns an error code and a message instead of
   calling libjpeg's error_exit (which exits or longjmps, neither safe across Swift frames). */
#include <stddef.h>
#include <turbojpeg.h>

/* Flags Swift cannot import as typed constants, wrapped once. */
static inline int gadget_tj_flags_strict(void) {
    /* Stop on a warning (a truncated file is a libjpeg *warning*, "Premature end of JPEG file",
       with the rest of the image grey); limit progressive scans (a progressive bomb: thousands of
       tiny scans making a small file cost minutes, libjpeg-turbo 2.1's TJFLAG_LIMITSCANS). */
    return TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS;
}
#endif
