#ifndef GADGET_CSDL2_SHIM_H
#define GADGET_CSDL2_SHIM_H
// SDL2 for the desktop preview window (X11 or Wayland, a GLES2 context through EGL). Only
// libSDL2 is linked: SDL opens libX11 / libwayland-client itself when its video driver starts,
// so the kiosk binary needs no X library on a Pi without a desktop.
// <SDL2/…>: SDL's own includes are relative, so no -I/usr/include/SDL2 is needed (the target is
// a C target now, without pkg-config's flags).
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

/// The window system connection's descriptor, readable when events arrive: X11's socket
/// (ConnectionNumber is a macro reading the Display struct: no libX11 symbol is linked).
/// -1 when it cannot be had (Wayland: wl_display_get_fd would link libwayland-client).
static inline int gadget_sdl_connection_fd(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info)) return -1;
#if defined(SDL_VIDEO_DRIVER_X11)
    if (info.subsystem == SDL_SYSWM_X11 && info.info.x11.display) return ConnectionNumber(info.info.x11.display);
#endif
    return -1;
}

/// The X server's time (ms, its 32-bit `Time`) of the X event behind an SDL_SYSWMEVENT, for the
/// pointer events whose time matters (a flick's velocity); 0 for other events and other window
/// systems. Reads the XEvent union's fields only: no libX11 symbol is linked.
static inline unsigned int gadget_sdl_x11_event_time(const SDL_Event *event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || !event->syswm.msg || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: return (unsigned int)x->xmotion.time;
    case ButtonPress:
    case ButtonRelease: return (unsigned int)x->xbutton.time;
    default: return 0;
    }
#else
    (void)event;
    return 0;
#endif
}

/// SDL_WINDOWPOS_CENTERED is a macro Swift cannot import.
static inline int gadget_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
/// Opens libSDL2 (dlopen, once per process; CLazyLink.h says why): 0 when loaded, else -1 and
/// gadget_sdl_message() is one line ("the window needs libSDL2-2.0.so.0: …"). Call before any
/// SDL function.
int gadget_sdl_load(void);
const char *gadget_sdl_message(void);
#endif
