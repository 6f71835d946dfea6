#ifndef GADGET_CALSA_H
#define GADGET_CALSA_H
#include <alsa/asoundlib.h>
#include <errno.h>

/* alsa-lib prints its own errors to stderr ("ALSA lib pcm.c:2666: Unknown PCM …") before the call
   returns the code we report anyway: a kiosk with no sound card would log a dozen lines where it
   should log one. The handler is variadic, which Swift cannot define: a silent one, set once. */
static void gadget_alsa_silent_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void gadget_alsa_silence_errors(void) { snd_lib_error_set_handler(gadget_alsa_silent_error); }
#endif
