// gadgetboard-speech: the one program that links libespeak-ng (GPL-3.0-or-later). The kiosk
// (Apache-2.0) never links it: it starts this program and talks to it over two pipes, so the
// kiosk binary stays free of GPL code (README, debian copyright). This program as built and
// shipped is GPL-3.0-or-later.
//
// Written in C, not Swift: it is ~200 lines over a C API and so needs no Swift runtime, and the
// separately packaged program stays small (gadgetboard-speech, Recommends of gadgetboard).
//
// Protocol (docs/accessibility.md, "The speech program"):
//   stdin, one request a line (the kiosk strips newlines and tabs from the text):
//     S <id> <rate wpm> <voice>\t<UTF-8 text>\n   speak, replacing whatever is being spoken
//     C\n                                         stop speaking
//   stdout, frames of a 16-byte header (host byte order: both ends run on one machine)
//     { uint32 magic 'GBSP'; uint32 kind; uint32 id; uint32 count } then the payload:
//     kind 1 ready:  count = sample rate (Hz); no payload (sent once, after espeak_Initialize)
//     kind 2 audio:  count 16-bit mono samples at that rate
//     kind 3 done:   utterance id ended (spoken whole); no payload
//     kind 4 error:  count bytes of a one-line message (then the program exits, status 3)
// espeak-ng runs in its synthesis-callback mode (AUDIO_OUTPUT_RETRIEVAL): espeak_Synth returns
// at once and the callback, on espeak's own thread, hands each buffer over; espeak_Cancel stops it.
#include <espeak-ng/speak_lib.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { KIND_READY = 1, KIND_AUDIO = 2, KIND_DONE = 3, KIND_ERROR = 4 };
static const uint32_t MAGIC = 0x50534247;  // "GBSP" little-endian
// Milliseconds of sound per callback: small, so the first buffer (speak → first sample) comes
// early; espeak-ng's own default is 60 ms.
static const int BUFFER_MS = 20;

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

// Writes all of buf, retrying EINTR and short writes. A reader that went away: exit quietly.
static void write_all(const void *buf, size_t n) {
    const char *p = buf;
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(0);
        p += w; n -= (size_t)w;
    }
}

static void send_frame(uint32_t kind, uint32_t id, uint32_t count, const void *payload, size_t bytes) {
    uint32_t header[4] = { MAGIC, kind, id, count };
    pthread_mutex_lock(&out_lock);
    write_all(header, sizeof header);
    if (bytes > 0) write_all(payload, bytes);
    pthread_mutex_unlock(&out_lock);
}

static void fail(const char *message) {
    send_frame(KIND_ERROR, 0, (uint32_t)strlen(message), message, strlen(message));
    exit(3);
}

static int synth_callback(short *wav, int count, espeak_EVENT *events) {
    uint32_t id = events ? (uint32_t)(uintptr_t)events->user_data : 0;
    if (wav && count > 0) send_frame(KIND_AUDIO, id, (uint32_t)count, wav, (size_t)count * sizeof(short));
    for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
        if (e->type == espeakEVENT_MSG_TERMINATED) send_frame(KIND_DONE, (uint32_t)(uintptr_t)e->user_data, 0, NULL, 0);
    }
    return 0;
}

// The voice for a BCP 47 tag: espeak-ng's language list matches "de", "en-gb", "pt-br"
// (lower case); a tag it does not know falls back to its primary language, then to English.
static void choose_voice(const char *tag) {
    char lang[64];
    snprintf(lang, sizeof lang, "%s", tag[0] ? tag : "en");
    for (char *c = lang; *c; c++) { if (*c == '_') *c = '-'; if (*c >= 'A' && *c <= 'Z') *c += 32; }
    for (;;) {
        espeak_VOICE v;
        memset(&v, 0, sizeof v);
        v.languages = lang;
        if (espeak_SetVoiceByProperties(&v) == EE_OK) return;
        char *dash = strrchr(lang, '-');
        if (!dash) break;
        *dash = 0;
    }
    espeak_SetVoiceByName("en");
}

int main(int argc, char **argv) {
    (void)argc; (void)argv;
    int rate = espeak_Initialize(AUDIO_OUTPUT_RETRIEVAL, BUFFER_MS, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) fail("espeak-ng could not start (is espeak-ng-data installed?)");
    espeak_SetSynthCallback(synth_callback);
    send_frame(KIND_READY, 0, (uint32_t)rate, NULL, 0);

    char *line = NULL;
    size_t size = 0;
    ssize_t n;
    while ((n = getline(&line, &size, stdin)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (line[0] == 'C') { espeak_Cancel(); continue; }
        if (line[0] != 'S') continue;
        unsigned long id = 0;
        int wpm = espeakRATE_NORMAL, used = 0;
        char voice[64] = "";
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        if (sscanf(line, "S %lu %d %63s%n", &id, &wpm, voice, &used) < 2) continue;
        espeak_Cancel();  // new speech replaces old (EN 5.1.3.5)
        choose_voice(voice);
        espeak_SetParameter(espeakRATE, wpm < espeakRATE_MINIMUM ? espeakRATE_MINIMUM : wpm > espeakRATE_MAXIMUM ? espeakRATE_MAXIMUM : wpm, 0);
        const char *text = tab + 1;
        espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, (void *)(uintptr_t)id);
    }
    espeak_Cancel();
    espeak_Terminate();
    return 0;
}
