/*
 * egl-finish-shim.c: makes SDL2's offscreen video driver finish every frame.
 *
 * Why: with SDL_VIDEODRIVER=offscreen, SDL renders into an EGL pbuffer, and eglSwapBuffers on a
 * pbuffer is a no-op (EGL 1.5 §3.10.1: "If surface is a pixel buffer or a pixmap,
 * eglSwapBuffers has no effect"). Nothing then makes Mesa finish SDL's frames: testsprite2 only
 * queues commands, its "fps" counts queued frames, and its memory grows by about 200 MB/s.
 * `gadgetboard bench` finishes every frame (glFinish in present()), so for a fair comparison SDL
 * must too.
 *
 * How: SDL loads EGL with dlopen(SDL_VIDEO_EGL_DRIVER) and looks every entry point up with
 * dlsym on that handle. This library is linked against libEGL (so dlsym finds every other EGL
 * function in libEGL, a dependency of this handle) and exports only eglSwapBuffers, which calls
 * glFinish on the current context and then the real eglSwapBuffers.
 *
 * Build (bench/compare-sdl.sh does this):
 *   cc -O2 -shared -fPIC -fvisibility=hidden -o egl-finish-shim.so egl-finish-shim.c -lEGL -ldl
 * Use:
 *   SDL_VIDEODRIVER=offscreen SDL_VIDEO_EGL_DRIVER=$PWD/egl-finish-shim.so testsprite2 ...
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <EGL/egl.h>

typedef EGLBoolean (*swap_fn)(EGLDisplay, EGLSurface);
typedef void (*finish_fn)(void);

static swap_fn real_swap;
static finish_fn gl_finish;
static unsigned long swaps;

static void report(void)
{
    /* One line at exit (never reached under SIGKILL; SIGTERM runs of other programs show it). */
    if (getenv("EGL_FINISH_SHIM_VERBOSE"))
        fprintf(stderr, "egl-finish-shim: %lu swaps finished\n", swaps);
}

__attribute__((visibility("default")))
EGLBoolean eglSwapBuffers(EGLDisplay display, EGLSurface surface)
{
    if (!real_swap) {
        /* The next definition after this library: libEGL's, our DT_NEEDED dependency. */
        real_swap = (swap_fn)dlsym(RTLD_NEXT, "eglSwapBuffers");
        /* glFinish through EGL: EGL 1.5 (and glvnd) return core GL entry points too, so this
         * library needs no GLES link and follows whatever GL library SDL loaded. */
        gl_finish = (finish_fn)eglGetProcAddress("glFinish");
        if (!real_swap || !gl_finish) {
            fprintf(stderr, "egl-finish-shim: cannot find %s\n", real_swap ? "glFinish" : "eglSwapBuffers");
            abort();
        }
        if (getenv("EGL_FINISH_SHIM_VERBOSE"))
            fprintf(stderr, "egl-finish-shim: active (glFinish before every eglSwapBuffers)\n");
        atexit(report);
    }
    gl_finish();
    swaps++;
    return real_swap(display, surface);
}
