#include "CLazyLink.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/// dlerror()'s message names the file it is about first: "libavcodec.so.59: cannot open shared
/// object file: …", or the path it found, "/lib/…/libavcodec.so.59: file too short".
static int names_library(const char *why, const char *soname) {
    const char *colon = why ? strchr(why, ':') : NULL;
    size_t n = strlen(soname);
    return colon && (size_t)(colon - why) >= n && strncmp(colon - n, soname, n) == 0;
}

static int fail(gadget_lazy_library *l, const char *soname, const char *why) {
    // The line always names the library: dlerror's own words when they do, else the soname first.
    if (names_library(why, soname)) {
        snprintf(l->message, sizeof l->message, "%s needs %s", l->feature, why);
    } else {
        snprintf(l->message, sizeof l->message, "%s needs %s: %s", l->feature, soname, why ? why : "not found");
    }
    __atomic_store_n(&l->state, -1, __ATOMIC_RELEASE);
    return -1;
}

int gadget_lazy_load(gadget_lazy_library *l) {
    pthread_mutex_lock(&l->lock);
    if (l->state == 0) {
        void *handles[8] = {0};
        int ok = 1;
        for (int i = 0; i < l->library_count && i < 8 && ok; i++) {
            // RTLD_NOW: a library that is there but lacks a symbol its users need fails here, in
            // one line, not at some later call. RTLD_LOCAL: nothing else binds to it.
            handles[i] = dlopen(l->sonames[i], RTLD_NOW | RTLD_LOCAL);
            if (!handles[i]) ok = fail(l, l->sonames[i], dlerror()) == 0;
        }
        for (int i = 0; i < l->symbol_count && ok; i++) {
            const gadget_lazy_symbol *s = &l->symbols[i];
            dlerror();
            void *p = dlsym(handles[s->library], s->name);
            if (!p) {
                // "/lib/…/libSDL2-2.0.so.0: undefined symbol: SDL_GetTicks64" (an older library).
                ok = fail(l, l->sonames[s->library], dlerror()) == 0;
            } else {
                *s->slot = p;
            }
        }
        if (ok) __atomic_store_n(&l->state, 1, __ATOMIC_RELEASE);
        // A failed load leaves what it opened open: the process reports the feature as missing
        // and never calls into it.
    }
    int state = l->state;
    pthread_mutex_unlock(&l->lock);
    return state == 1 ? 0 : -1;
}

int gadget_lazy_require(gadget_lazy_library *l) {
    // No abort here: the forward returns its failure value and the owner reports `message`.
    return gadget_lazy_ready(l) || gadget_lazy_load(l) == 0 ? 0 : -1;
}

const char *gadget_lazy_message(const gadget_lazy_library *l) {
    return l->state == -1 ? l->message : "";
}
