#ifndef GADGET_CLAZYLINK_H
#define GADGET_CLAZYLINK_H
// Libraries a board may not use (FFmpeg, libcurl, SDL2, libmosquitto, libasound, libxkbcommon)
// are opened with dlopen the first time a feature needs them, not by the dynamic loader at every start: together they bring
// about 150 of the 187 shared libraries the binary used to load, about 40 ms before `main` (issue
// 35, docs/BENCHMARKS.md "Start-up"). Each such library's C target (CFFmpeg, CCurl, CSDL2,
// CMosquitto, CALSA, CXKBCommon) defines the functions Swift calls, with the header's own prototypes, as forwards
// through pointers that `gadget_lazy_load` fills from dlsym; the Swift owner types call their
// library's `gadget_*_load` before the first call and turn a failure into one line.
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;
    /// Index into the library's `sonames`.
    int library;
    void **slot;
} gadget_lazy_symbol;

typedef struct {
    /// What needs the library, for the message: "video", "a window", "live data", "MQTT".
    const char *feature;
    /// In dependency order (libavutil before libavcodec before libavformat).
    const char *const *sonames;
    int library_count;
    const gadget_lazy_symbol *symbols;
    int symbol_count;
    pthread_mutex_t lock;
    /// 0 not tried, 1 loaded, -1 failed (then `message` says why; never retried).
    int state;
    char message[512];
} gadget_lazy_library;

/// Opens the libraries and resolves every symbol, once per process (thread-safe; later calls
/// return the first answer). 0 when loaded; otherwise -1 and `library->message` is one line:
/// "video needs libavcodec.so.59: cannot open shared object file: No such file or directory".
int gadget_lazy_load(gadget_lazy_library *library);

/// For a forward called before its owner loaded the library (the owner types load first and
/// report a failure as their own error, in one line): loads; 0 when loaded, -1 when not (then
/// `library->message` says why and the forward returns its failure value, GADGET_LAZY_FAILED).
/// Never aborts: a missing library is a feature's error, not the process's end.
int gadget_lazy_require(gadget_lazy_library *library);

/// The forwards' fast path: true once loaded (an acquire load of `state`, which
/// `gadget_lazy_load` stores with release after filling every slot).
static inline int gadget_lazy_ready(gadget_lazy_library *library) {
    return __atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 1;
}

/// The message after a failed `gadget_lazy_load` (empty when it succeeded).
const char *gadget_lazy_message(const gadget_lazy_library *library);

// The pieces of a library's forwards, from one X-macro list of
// F(library index, return type, name, (parameters), (arguments)) and V(… for void functions).
// Define GADGET_LAZY_LIBRARY as the file's `gadget_lazy_library` before using the forwards. Each
// forward keeps the header's prototype, so the compiler checks it against the library's header.
#define GADGET_SLOT(lib, ret, name, params, args) static __typeof__(&name) gadget_slot_##name;
#define GADGET_SLOT_VOID(lib, name, params, args) static __typeof__(&name) gadget_slot_##name;
#define GADGET_ENTRY(lib, ret, name, params, args) {#name, lib, (void **)&gadget_slot_##name},
#define GADGET_ENTRY_VOID(lib, name, params, args) {#name, lib, (void **)&gadget_slot_##name},
#define GADGET_FORWARD(lib, ret, name, params, args) \
    ret name params { \
        if (!gadget_lazy_ready(&GADGET_LAZY_LIBRARY) && gadget_lazy_require(&GADGET_LAZY_LIBRARY) != 0) \
            return GADGET_LAZY_FAILED(ret); \
        return gadget_slot_##name args; \
    }
#define GADGET_FORWARD_VOID(lib, name, params, args) \
    void name params { \
        if (!gadget_lazy_ready(&GADGET_LAZY_LIBRARY) && gadget_lazy_require(&GADGET_LAZY_LIBRARY) != 0) return; \
        gadget_slot_##name args; \
    }
/// What a forward returns when its library could not be loaded, by its return type: a string
/// (`snd_strerror`, `curl_easy_strerror`…) is the load's message, the one line to report; another
/// pointer is NULL; a number is GADGET_LAZY_ERROR, which each forwards file defines as its
/// library's own "failed" code (ALSA and FFmpeg -ENOSYS, libcurl CURLE_FAILED_INIT…), so the
/// caller's usual error path takes it.
#define GADGET_LAZY_FAILED(ret) \
    _Generic((ret)0, \
        const char *: (ret)(intptr_t)GADGET_LAZY_LIBRARY.message, \
        default: __builtin_choose_expr(__builtin_classify_type((ret)0) == 5 /* a pointer */, (ret)0, \
                                       (ret)(intptr_t)(GADGET_LAZY_ERROR)))
#define GADGET_LAZY_LIBRARY_INIT(feature, sonames, symbols) \
    {feature, sonames, sizeof sonames / sizeof *sonames, symbols, sizeof symbols / sizeof *symbols, PTHREAD_MUTEX_INITIALIZER, 0, ""}
#endif
