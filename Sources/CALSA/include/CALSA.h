#ifndef GADGET_CALSA_H
#define GADGET_CALSA_H
// ALSA's PCM API (Debian: libasound2-dev): the sound output of `run --audio`.
#include <alsa/asoundlib.h>
#include <errno.h>

// Opens libasound (dlopen, once per process; CLazyLink.h says why) and silences alsa-lib's own
// error printing: 0 when loaded, else -1 and gadget_alsa_message() is one line ("sound needs
// libasound.so.2: …"). Call before any snd_ function.
int gadget_alsa_load(void);
const char *gadget_alsa_message(void);
#endif
