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
//     V <voice>\n                                 load that voice now (speech mode turned on), silently
//   stdout, frames of a 16-byte header (host byte order: both ends run on one machine)
//     { uint32 magic 'GBSP'; uint32 kind; uint32 id; uint32 count } then the payload:
//     kind 1 ready:  count = sample rate (Hz); no payload (sent once, after espeak_Initialize)
//     kind 2 audio:  count 16-bit mono samples at that rate
//     kind 3 done:   utterance id ended (spoken whole); no payload
//     kind 4 error:  count bytes of a one-line message (then the program exits, status 3)
// espeak-ng runs in its synchronous mode (AUDIO_OUTPUT_SYNCHRONOUS) on this program's own synthesis
// thread: espeak_Synth calls the callback with each buffer as it is made, and the callback stops
// an utterance that was replaced or cancelled by returning 1. Not espeak's asynchronous mode
// (AUDIO_OUTPUT_RETRIEVAL): there, a new utterance after espeak_Cancel waited up to ~150 ms on
// espeak's own queue thread before its first buffer (measured: 10 utterances in a row, 5 of them
// 150–154 ms to the first buffer, the others under 1 ms), over half of the 150 ms key → speech
// budget (EN 5.1.3.4 asks speech to follow the user's action).
//
// The silence espeak puts before an utterance (≈ 49 ms before "Timetable", 13 ms before "Buy") is
// not sent: a screen reader's speech should start when it is asked for.
#include <espeak-ng/speak_lib.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
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

// The newest request, handed from the reader (main thread) to the synthesis thread. A new
// request or a cancel bumps `generation`; the callback of an older one sees that and stops.
static pthread_mutex_t request_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t request_ready = PTHREAD_COND_INITIALIZER;
static atomic_uint generation;
static struct {
    int pending;
    int prepare;  // load the voice and warm the synthesizer; say nothing
    unsigned generation;
    uint32_t id;
    int wpm;
    char voice[64];
    char *text;
} request;

// What the synthesis thread is speaking: its id, its generation, and whether sound has begun.
static uint32_t speaking_id;
static unsigned speaking_generation;
static int heard;
static int warming;

static int synth_callback(short *wav, int count, espeak_EVENT *events) {
    (void)events;
    if (warming) return 0;
    if (atomic_load(&generation) != speaking_generation) return 1;  // replaced or cancelled
    if (!wav || count <= 0) return 0;
    if (!heard) {  // drop the leading silence (see the top)
        int first = 0;
        while (first < count && wav[first] == 0) first++;
        if (first == count) return 0;
        wav += first; count -= first;
        heard = 1;
    }
    send_frame(KIND_AUDIO, speaking_id, (uint32_t)count, wav, (size_t)count * sizeof(short));
    return 0;
}

// The voice for a BCP 47 tag: espeak-ng's language list matches "de", "en-gb", "pt-br"
// (lower case); a tag it does not know falls back to its primary language, then to English.
static void choose_voice(const char *tag) {
    // Loading a voice reads its files: only when the language changes.
    static char current[64] = "\x01";
    if (strcmp(current, tag) == 0) return;
    snprintf(current, sizeof current, "%s", tag);
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

// The synthesis thread: speaks the newest request to its end, or until a newer one or a cancel.
static void *synthesize(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&request_lock);
        while (!request.pending) pthread_cond_wait(&request_ready, &request_lock);
        request.pending = 0;
        char *text = request.text;
        request.text = NULL;
        char voice[64];
        memcpy(voice, request.voice, sizeof voice);
        int wpm = request.wpm;
        int prepare = request.prepare;
        speaking_id = request.id;
        speaking_generation = request.generation;
        pthread_mutex_unlock(&request_lock);
        if (prepare) {
            // espeak reads its phoneme tables and the dictionary on first use: once, now.
            choose_voice(voice);
            warming = 1;
            espeak_Synth("a", 2, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
            warming = 0;
        } else if (atomic_load(&generation) == speaking_generation) {
            choose_voice(voice);
            espeak_SetParameter(espeakRATE, wpm < espeakRATE_MINIMUM ? espeakRATE_MINIMUM : wpm > espeakRATE_MAXIMUM ? espeakRATE_MAXIMUM : wpm, 0);
            heard = 0;
            espeak_ERROR e = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
            // Spoken whole only if nothing replaced it meanwhile (the callback stopped it otherwise).
            if (e == EE_OK && atomic_load(&generation) == speaking_generation) send_frame(KIND_DONE, speaking_id, 0, NULL, 0);
        }
        free(text);
    }
    return NULL;
}

int main(int argc, char **argv) {
    (void)argc; (void)argv;
    int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, BUFFER_MS, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) fail("espeak-ng could not start (is espeak-ng-data installed?)");
    espeak_SetSynthCallback(synth_callback);
    pthread_t thread;
    if (pthread_create(&thread, NULL, synthesize, NULL) != 0) fail("the speech program could not start its synthesis thread");
    send_frame(KIND_READY, 0, (uint32_t)rate, NULL, 0);

    char *line = NULL;
    size_t size = 0;
    ssize_t n;
    while ((n = getline(&line, &size, stdin)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (line[0] == 'C') { atomic_fetch_add(&generation, 1); continue; }
        if (line[0] == 'V') {
            char voice[64] = "";
            if (sscanf(line, "V %63s", voice) != 1) continue;
            pthread_mutex_lock(&request_lock);
            if (!request.pending) {  // a speak already waiting loads its own voice
                memcpy(request.voice, voice, sizeof voice);
                request.prepare = 1;
                request.pending = 1;
                pthread_cond_signal(&request_ready);
            }
            pthread_mutex_unlock(&request_lock);
            continue;
        }
        if (line[0] != 'S') continue;
        unsigned long id = 0;
        int wpm = espeakRATE_NORMAL, used = 0;
        char voice[64] = "";
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        if (sscanf(line, "S %lu %d %63s%n", &id, &wpm, voice, &used) < 2) continue;
        char *text = strdup(tab + 1);
        if (!text) fail("the speech program ran out of memory");
        // New speech replaces old (EN 5.1.3.5): the one being spoken stops at its next buffer.
        pthread_mutex_lock(&request_lock);
        free(request.text);
        request.text = text;
        request.id = (uint32_t)id;
        request.wpm = wpm;
        memcpy(request.voice, voice, sizeof voice);
        request.generation = atomic_fetch_add(&generation, 1) + 1;
        request.prepare = 0;
        request.pending = 1;
        pthread_cond_signal(&request_ready);
        pthread_mutex_unlock(&request_lock);
    }
    // The kiosk closed our input: stop speaking and end (the synthesis thread dies with us).
    atomic_fetch_add(&generation, 1);
    return 0;
}
