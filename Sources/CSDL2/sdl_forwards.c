// SDL2's functions that GadgetDisplay's window calls, forwarded to the library opened on first
// use (CLazyLink.h says why). A function Swift starts to call must be added here: the link fails
// until it is.
#include "CSDL2.h"
#include "CLazyLink.h"

#define GADGET_LAZY_LIBRARY gadget_sdl_library
// What a forward returns when the library could not be loaded (SDL's failure value).
#define GADGET_LAZY_ERROR -1
#define GADGET_SDL_FUNCTIONS(F, V) \
    F(0, SDL_Window *, SDL_CreateWindow, (const char *a0, int a1, int a2, int a3, int a4, Uint32 a5), (a0, a1, a2, a3, a4, a5)) \
    V(0, SDL_DestroyWindow, (SDL_Window *a0), (a0)) \
    F(0, Uint8, SDL_EventState, (Uint32 a0, int a1), (a0, a1)) \
    F(0, SDL_GLContext, SDL_GL_CreateContext, (SDL_Window *a0), (a0)) \
    V(0, SDL_GL_DeleteContext, (SDL_GLContext a0), (a0)) \
    V(0, SDL_GL_GetDrawableSize, (SDL_Window *a0, int *a1, int *a2), (a0, a1, a2)) \
    F(0, int, SDL_GL_MakeCurrent, (SDL_Window *a0, SDL_GLContext a1), (a0, a1)) \
    F(0, int, SDL_GL_SetAttribute, (SDL_GLattr a0, int a1), (a0, a1)) \
    F(0, int, SDL_GL_SetSwapInterval, (int a0), (a0)) \
    V(0, SDL_GL_SwapWindow, (SDL_Window *a0), (a0)) \
    F(0, const char *, SDL_GetCurrentVideoDriver, (void), ()) \
    F(0, const char *, SDL_GetError, (void), ()) \
    F(0, Uint64, SDL_GetTicks64, (void), ()) \
    F(0, int, SDL_GetWindowDisplayMode, (SDL_Window *a0, SDL_DisplayMode *a1), (a0, a1)) \
    V(0, SDL_GetWindowSize, (SDL_Window *a0, int *a1, int *a2), (a0, a1, a2)) \
    F(0, SDL_bool, SDL_GetWindowWMInfo, (SDL_Window *a0, SDL_SysWMinfo *a1), (a0, a1)) \
    F(0, int, SDL_Init, (Uint32 a0), (a0)) \
    F(0, int, SDL_PollEvent, (SDL_Event *a0), (a0)) \
    V(0, SDL_Quit, (void), ()) \
    F(0, SDL_bool, SDL_SetHint, (const char *a0, const char *a1), (a0, a1))

GADGET_SDL_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {GADGET_SDL_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)};
// SDL 2's soname for every 2.x release.
static const char *const sonames[] = {"libSDL2-2.0.so.0"};
static gadget_lazy_library gadget_sdl_library = GADGET_LAZY_LIBRARY_INIT("the window", sonames, symbols);

GADGET_SDL_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

int gadget_sdl_load(void) { return gadget_lazy_load(&gadget_sdl_library); }
const char *gadget_sdl_message(void) { return gadget_lazy_message(&gadget_sdl_library); }
