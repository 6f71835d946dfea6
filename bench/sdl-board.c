/*
 * sdl-board.c: the board workload written as a user of SDL2 would write it, for comparison with
 * `gadgetboard bench --workload board` (issue 17, item 5).
 *
 * It draws a board directory written by `gadgetboard demo --export DIR` (or any board that uses
 * the same fields) with SDL2's GLES2 renderer: the background image stretched over the board,
 * every image gadget with SDL_RenderCopyExF at its pose, every colour gadget as a rotated quad
 * with SDL_RenderGeometry, the board letterboxed into the window like gadgetboard does. The first
 * image gadget (file order) moves in a circle of radius 200 board pixels, one turn per 120 frames
 * (2 s at 60 Hz), clockwise, through its home position at frame 0 (the circle's centre lies 200 px
 * down-right of home, at 45°): the motion depends on the frame number only, never on the clock.
 *
 * Headless, every frame finished: SDL's offscreen driver swaps a pbuffer, a no-op, so SDL's EGL
 * is loaded through bench/egl-finish-shim.c (glFinish, then the real eglSwapBuffers), exactly as
 * bench/compare-sdl.sh runs testsprite2. The program refuses to measure unless that shim is the
 * eglSwapBuffers SDL calls and the renderer is opengles2 (exit 1).
 *
 * Usage:
 *   SDL_VIDEODRIVER=offscreen SDL_VIDEO_EGL_DRIVER=$PWD/egl-finish-shim.so \
 *     sdl-board --board DIR [--size WxH] [--frames N] [--linear] [--batching]
 *               [--screenshot OUT.png [--screenshot-frame K]]
 * Prints one line: fps=F cpu_ms_per_frame=C frames=N
 *   after 30 unmeasured warm-up frames, N measured ones: fps from CLOCK_MONOTONIC, CPU from
 *   getrusage(RUSAGE_SELF) user + system (every thread, llvmpipe's included) per frame.
 * --linear sets SDL_HINT_RENDER_SCALE_QUALITY "linear" (SDL's default is nearest).
 * --batching sets SDL_HINT_RENDER_BATCHING "1": SDL turns batching off when a renderer is asked
 *   for by name, so the default here is what a user who names "opengles2" gets.
 * --screenshot draws one more, unmeasured frame (the pose of frame K, default 0 = the board as
 *   written) and saves it as a PNG, to compare with `gadgetboard snapshot`.
 * Exit status: 0 ok; 1 environment (SDL, GL, shim, renderer); 2 usage or bad board input.
 *
 * Build (bench/sdl-board.sh does this):
 *   cc -O2 -Wall -o sdl-board sdl-board.c $(pkg-config --cflags --libs sdl2 SDL2_image libcjson) -ldl -lm
 * Debian: libsdl2-dev libsdl2-image-dev libcjson-dev.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <SDL.h>
#include <SDL_image.h>
#include <cjson/cJSON.h>

enum { EXIT_ENVIRONMENT = 1, EXIT_INPUT = 2 };
enum { WARMUP_FRAMES = 30, FRAMES_PER_TURN = 120, MAX_IMAGES = 256 };
static const double CIRCLE_RADIUS = 200; /* board pixels */

/* One line on stderr, then exit: every failure is a single line naming what failed. */
static void die(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("sdl-board: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

/* ---- The board: only the fields drawing needs (gadgetboard check validates the rest). ---- */

typedef struct { Uint8 r, g, b, a; } Colour;

typedef struct {
    int image;            /* index into Board.images, or -1 for a colour gadget */
    Colour colour;
    double cx, cy, w, h;  /* board pixels */
    double rotation;      /* degrees, clockwise on screen */
    double opacity;
    double z;
    int order;            /* file order: ties in z keep it */
} Gadget;

typedef struct {
    double w, h;
    Colour fill;          /* the background colour, or the letterbox colour under an image */
    int background;       /* index into images, or -1 */
    char *images[MAX_IMAGES];
    int image_count;
    Gadget *gadgets;
    int gadget_count;
} Board;

static int parse_colour(const char *text, Colour *out)
{
    unsigned v;
    size_t n = text ? strlen(text) : 0;
    if ((n != 7 && n != 9) || text[0] != '#') return 0;
    for (size_t i = 1; i < n; i++)
        if (!strchr("0123456789abcdefABCDEF", text[i])) return 0;
    if (sscanf(text + 1, "%x", &v) != 1) return 0;
    if (n == 7) v = (v << 8) | 0xff;
    *out = (Colour){ (Uint8)(v >> 24), (Uint8)(v >> 16), (Uint8)(v >> 8), (Uint8)v };
    return 1;
}

/* A [number, number] pair. */
static int parse_pair(const cJSON *item, double *a, double *b)
{
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 2) return 0;
    const cJSON *x = cJSON_GetArrayItem(item, 0), *y = cJSON_GetArrayItem(item, 1);
    if (!cJSON_IsNumber(x) || !cJSON_IsNumber(y)) return 0;
    *a = x->valuedouble;
    *b = y->valuedouble;
    return 1;
}

static double number_or(const cJSON *object, const char *key, double fallback, const char *where)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    if (!item) return fallback;
    if (!cJSON_IsNumber(item)) die(EXIT_INPUT, "%s.%s: expected a number", where, key);
    return item->valuedouble;
}

/* Images are shared by path: each distinct PNG becomes one texture. */
static int intern_image(Board *board, const char *path, const char *where)
{
    for (int i = 0; i < board->image_count; i++)
        if (strcmp(board->images[i], path) == 0) return i;
    if (board->image_count == MAX_IMAGES) die(EXIT_INPUT, "%s: more than %d distinct images", where, MAX_IMAGES);
    board->images[board->image_count] = strdup(path);
    return board->image_count++;
}

static char *read_file(const char *path, const char *label)
{
    FILE *f = fopen(path, "rb");
    if (!f) die(EXIT_INPUT, "%s: %s", label, strerror(errno));
    char *text = NULL;
    size_t length = 0, capacity = 0, got;
    do {
        if (capacity - length < 65536) {
            capacity = capacity * 2 + 65536;
            if (!(text = realloc(text, capacity + 1))) die(EXIT_ENVIRONMENT, "out of memory");
        }
        got = fread(text + length, 1, capacity - length, f);
        length += got;
    } while (got > 0);
    if (ferror(f)) die(EXIT_INPUT, "%s: read error", label);
    fclose(f);
    text[length] = 0;
    return text;
}

static int by_z(const void *a, const void *b)
{
    const Gadget *x = a, *y = b;
    if (x->z != y->z) return x->z < y->z ? -1 : 1;
    return x->order - y->order;
}

static void load_board(const char *path, Board *board)
{
    char *text = read_file(path, path);
    cJSON *root = cJSON_Parse(text);
    if (!root) die(EXIT_INPUT, "%s: invalid JSON near byte %ld", path, (long)(cJSON_GetErrorPtr() - text));
    if (!cJSON_IsObject(root)) die(EXIT_INPUT, "%s: the board must be a JSON object", path);

    *board = (Board){ .fill = { 0x1f, 0x24, 0x30, 0xff }, .background = -1 };
    if (!parse_pair(cJSON_GetObjectItemCaseSensitive(root, "size"), &board->w, &board->h) || board->w <= 0 || board->h <= 0)
        die(EXIT_INPUT, "%s: size: expected [w, h], both > 0", path);

    const cJSON *bg = cJSON_GetObjectItemCaseSensitive(root, "background");
    if (cJSON_IsString(bg)) {
        if (!parse_colour(bg->valuestring, &board->fill)) die(EXIT_INPUT, "%s: background: expected #rrggbb or #rrggbbaa", path);
    } else if (cJSON_IsObject(bg)) {
        const cJSON *image = cJSON_GetObjectItemCaseSensitive(bg, "image");
        const cJSON *colour = cJSON_GetObjectItemCaseSensitive(bg, "color");
        if (!cJSON_IsString(image)) die(EXIT_INPUT, "%s: background.image: expected a file name", path);
        board->background = intern_image(board, image->valuestring, "background.image");
        if (colour && !(cJSON_IsString(colour) && parse_colour(colour->valuestring, &board->fill)))
            die(EXIT_INPUT, "%s: background.color: expected #rrggbb or #rrggbbaa", path);
    } else if (bg) {
        die(EXIT_INPUT, "%s: background: expected a colour or {\"image\": …}", path);
    }

    const cJSON *gadgets = cJSON_GetObjectItemCaseSensitive(root, "gadgets");
    if (!cJSON_IsArray(gadgets)) die(EXIT_INPUT, "%s: gadgets: expected an array", path);
    board->gadget_count = cJSON_GetArraySize(gadgets);
    board->gadgets = calloc(board->gadget_count ? board->gadget_count : 1, sizeof(Gadget));
    if (!board->gadgets) die(EXIT_ENVIRONMENT, "out of memory");
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, gadgets) {
        char where[4200];
        snprintf(where, sizeof where, "%s: gadgets[%d]", path, i);
        if (!cJSON_IsObject(item)) die(EXIT_INPUT, "%s: expected an object", where);
        Gadget *g = &board->gadgets[i];
        const cJSON *image = cJSON_GetObjectItemCaseSensitive(item, "image");
        const cJSON *colour = cJSON_GetObjectItemCaseSensitive(item, "color");
        if (!image == !colour) die(EXIT_INPUT, "%s: give exactly one of image and color", where);
        if (image) {
            if (!cJSON_IsString(image)) die(EXIT_INPUT, "%s.image: expected a file name", where);
            g->image = intern_image(board, image->valuestring, where);
        } else {
            g->image = -1;
            if (!cJSON_IsString(colour) || !parse_colour(colour->valuestring, &g->colour))
                die(EXIT_INPUT, "%s.color: expected #rrggbb or #rrggbbaa", where);
        }
        if (!parse_pair(cJSON_GetObjectItemCaseSensitive(item, "center"), &g->cx, &g->cy))
            die(EXIT_INPUT, "%s.center: expected [x, y]", where);
        if (!parse_pair(cJSON_GetObjectItemCaseSensitive(item, "size"), &g->w, &g->h) || g->w <= 0 || g->h <= 0)
            die(EXIT_INPUT, "%s.size: expected [w, h], both > 0", where);
        g->rotation = number_or(item, "rotation", 0, where);
        g->opacity = number_or(item, "opacity", 1, where);
        if (g->opacity < 0 || g->opacity > 1) die(EXIT_INPUT, "%s.opacity: expected 0…1", where);
        g->z = number_or(item, "z", i, where);
        g->order = i++;
    }
    cJSON_Delete(root);
    free(text);
    /* The moving gadget is chosen in file order before sorting (see moving_gadget_order). */
}

/* The first image gadget in file order moves; -1 if the board has none. Call before sorting. */
static int moving_gadget_order(const Board *board)
{
    for (int i = 0; i < board->gadget_count; i++)
        if (board->gadgets[i].image >= 0) return board->gadgets[i].order;
    return -1;
}

/* ---- The EGL shim check ---- */

/* The file an address belongs to, resolved, or "" if none. */
static const char *object_of(void *address, char *out, size_t size)
{
    Dl_info info;
    if (!address || !dladdr(address, &info) || !info.dli_fname || !realpath(info.dli_fname, out)) snprintf(out, size, "%s", "");
    return out;
}

/* SDL looks eglSwapBuffers up with dlsym on the library named by SDL_VIDEO_EGL_DRIVER. That
 * library must be loaded now, the same lookup must land in that library itself (the shim), and
 * the rest of EGL (eglGetDisplay) elsewhere (libEGL, the shim's dependency): then every
 * SDL_RenderPresent ends with glFinish. Pointing the variable at libEGL itself fails the test. */
static void require_finish_shim(void)
{
    const char *path = getenv("SDL_VIDEO_EGL_DRIVER");
    if (!path || !*path)
        die(EXIT_ENVIRONMENT, "SDL_VIDEO_EGL_DRIVER is not set: run with the EGL finish shim (see bench/sdl-board.sh)");
    void *handle = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) die(EXIT_ENVIRONMENT, "the EGL finish shim %s was not loaded by SDL (is SDL_VIDEODRIVER=offscreen?)", path);
    char shim[PATH_MAX], swap[PATH_MAX], display[PATH_MAX];
    if (!realpath(path, shim)) die(EXIT_ENVIRONMENT, "%s: %s", path, strerror(errno));
    object_of(dlsym(handle, "eglSwapBuffers"), swap, sizeof swap);
    object_of(dlsym(handle, "eglGetDisplay"), display, sizeof display);
    if (strcmp(swap, shim) != 0 || strcmp(display, shim) == 0)
        die(EXIT_ENVIRONMENT, "%s is not the EGL finish shim (eglSwapBuffers from %s, eglGetDisplay from %s)",
            path, *swap ? swap : "nowhere", *display ? display : "nowhere");
    dlclose(handle);
}

/* ---- Drawing ---- */

typedef struct {
    SDL_Renderer *renderer;
    SDL_Texture **textures;
    const Board *board;
    int moving;           /* index (after sorting) of the moving gadget, or -1 */
    float scale, ox, oy;  /* board → window: uniform scale, centred */
} Scene;

static void draw_colour_quad(const Scene *s, const Gadget *g, double cx, double cy)
{
    double a = g->rotation * M_PI / 180, c = cos(a), sn = sin(a);
    double hw = g->w / 2, hh = g->h / 2;
    const double corners[4][2] = { { -hw, -hh }, { hw, -hh }, { hw, hh }, { -hw, hh } };
    SDL_Color colour = { g->colour.r, g->colour.g, g->colour.b, (Uint8)lround(g->colour.a * g->opacity) };
    SDL_Vertex v[4];
    for (int i = 0; i < 4; i++) {
        /* Clockwise on screen (y down) is the usual rotation matrix. */
        double x = cx + corners[i][0] * c - corners[i][1] * sn;
        double y = cy + corners[i][0] * sn + corners[i][1] * c;
        v[i] = (SDL_Vertex){ { s->ox + (float)x * s->scale, s->oy + (float)y * s->scale }, colour, { 0, 0 } };
    }
    static const int indices[6] = { 0, 1, 2, 2, 3, 0 };
    SDL_RenderGeometry(s->renderer, NULL, v, 4, indices, 6);
}

static void draw_frame(const Scene *s, long frame)
{
    const Board *b = s->board;
    SDL_SetRenderDrawColor(s->renderer, b->fill.r, b->fill.g, b->fill.b, 0xff);
    SDL_RenderClear(s->renderer);
    if (b->background >= 0) {
        SDL_FRect all = { s->ox, s->oy, (float)b->w * s->scale, (float)b->h * s->scale };
        SDL_RenderCopyF(s->renderer, s->textures[b->background], NULL, &all);
    }
    double angle = (double)(frame % FRAMES_PER_TURN) * 2 * M_PI / FRAMES_PER_TURN;
    for (int i = 0; i < b->gadget_count; i++) {
        const Gadget *g = &b->gadgets[i];
        double cx = g->cx, cy = g->cy;
        if (i == s->moving) {
            /* A circle through the home position (frame 0) whose centre lies down-right of home at
             * 45°: the demo's first photo then stays (almost) on the board all the way round. */
            double start = 1.25 * M_PI;
            cx += CIRCLE_RADIUS * (cos(start + angle) - cos(start));
            cy += CIRCLE_RADIUS * (sin(start + angle) - sin(start));
        }
        if (g->image < 0) {
            draw_colour_quad(s, g, cx, cy);
            continue;
        }
        SDL_Texture *t = s->textures[g->image];
        SDL_SetTextureAlphaMod(t, (Uint8)lround(255 * g->opacity));
        SDL_FRect dst = { s->ox + (float)(cx - g->w / 2) * s->scale, s->oy + (float)(cy - g->h / 2) * s->scale,
                          (float)g->w * s->scale, (float)g->h * s->scale };
        SDL_RenderCopyExF(s->renderer, t, NULL, &dst, g->rotation, NULL, SDL_FLIP_NONE);
    }
}

static void save_screenshot(SDL_Renderer *renderer, int w, int h, const char *path)
{
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888);
    if (!shot) die(EXIT_ENVIRONMENT, "SDL_CreateRGBSurfaceWithFormat: %s", SDL_GetError());
    if (SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ABGR8888, shot->pixels, shot->pitch) != 0)
        die(EXIT_ENVIRONMENT, "SDL_RenderReadPixels: %s", SDL_GetError());
    if (IMG_SavePNG(shot, path) != 0) die(EXIT_INPUT, "%s: %s", path, IMG_GetError());
    SDL_FreeSurface(shot);
}

/* ---- Options and measurement ---- */

typedef struct {
    int w, h;
    long frames;
    int linear, batching;
    const char *board_dir, *screenshot;
    long screenshot_frame;
} Options;

static long parse_count(const char *text, const char *option, long min)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || errno || *end || end == text || v < min) die(EXIT_INPUT, "%s: expected a whole number >= %ld", option, min);
    return v;
}

static Options parse_options(int argc, char **argv)
{
    Options o = { .w = 1920, .h = 1080, .frames = 600 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--size")) {
            char tail;
            if (!next || sscanf(next, "%dx%d%c", &o.w, &o.h, &tail) != 2 || o.w < 1 || o.h < 1 || o.w > 16384 || o.h > 16384)
                die(EXIT_INPUT, "--size: expected WxH, e.g. 1920x1080");
            i++;
        } else if (!strcmp(a, "--frames")) {
            o.frames = parse_count(next, "--frames", 1);
            i++;
        } else if (!strcmp(a, "--board")) {
            if (!next) die(EXIT_INPUT, "--board: expected a directory");
            o.board_dir = next;
            i++;
        } else if (!strcmp(a, "--screenshot")) {
            if (!next) die(EXIT_INPUT, "--screenshot: expected a file name");
            o.screenshot = next;
            i++;
        } else if (!strcmp(a, "--screenshot-frame")) {
            o.screenshot_frame = parse_count(next, "--screenshot-frame", 0);
            i++;
        } else if (!strcmp(a, "--linear")) {
            o.linear = 1;
        } else if (!strcmp(a, "--batching")) {
            o.batching = 1;
        } else {
            die(EXIT_INPUT, "unknown argument %s (usage: sdl-board --board DIR [--size WxH] [--frames N] [--linear] [--batching] [--screenshot OUT.png [--screenshot-frame K]])", a);
        }
    }
    if (!o.board_dir) die(EXIT_INPUT, "--board DIR is required (a directory from `gadgetboard demo --export DIR`)");
    return o;
}

static double seconds(const struct timespec *t) { return (double)t->tv_sec + t->tv_nsec / 1e9; }

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
    Options o = parse_options(argc, argv);

    char path[4096];
    snprintf(path, sizeof path, "%s/board.json", o.board_dir);
    Board board;
    load_board(path, &board);
    int moving_order = moving_gadget_order(&board);
    qsort(board.gadgets, board.gadget_count, sizeof(Gadget), by_z);

    /* What a user writes: name the renderer and the filtering, then create the renderer. */
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengles2");
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, o.linear ? "linear" : "nearest");
    if (o.batching) SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) die(EXIT_ENVIRONMENT, "SDL_Init: %s", SDL_GetError());
    if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) die(EXIT_ENVIRONMENT, "IMG_Init: %s", IMG_GetError());
    SDL_Window *window = SDL_CreateWindow("sdl-board", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, o.w, o.h, 0);
    if (!window) die(EXIT_ENVIRONMENT, "SDL_CreateWindow: %s", SDL_GetError());
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED);
    if (!renderer) die(EXIT_ENVIRONMENT, "SDL_CreateRenderer: %s", SDL_GetError());
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(renderer, &info) != 0) die(EXIT_ENVIRONMENT, "SDL_GetRendererInfo: %s", SDL_GetError());
    if (strcmp(info.name, "opengles2") != 0) die(EXIT_ENVIRONMENT, "the renderer is %s, not opengles2", info.name);
    int out_w, out_h;
    if (SDL_GetRendererOutputSize(renderer, &out_w, &out_h) != 0 || out_w != o.w || out_h != o.h)
        die(EXIT_ENVIRONMENT, "the renderer's output is %dx%d, not %dx%d", out_w, out_h, o.w, o.h);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND); /* for the colour quads */

    SDL_Texture *textures[MAX_IMAGES];
    for (int i = 0; i < board.image_count; i++) {
        snprintf(path, sizeof path, "%s/%s", o.board_dir, board.images[i]);
        SDL_Surface *surface = IMG_Load(path);
        if (!surface) die(EXIT_INPUT, "%s: %s", path, IMG_GetError());
        textures[i] = SDL_CreateTextureFromSurface(renderer, surface);
        if (!textures[i]) die(EXIT_ENVIRONMENT, "%s: SDL_CreateTextureFromSurface: %s", path, SDL_GetError());
        SDL_SetTextureBlendMode(textures[i], SDL_BLENDMODE_BLEND);
        SDL_FreeSurface(surface);
    }

    Scene scene = { .renderer = renderer, .textures = textures, .board = &board, .moving = -1 };
    for (int i = 0; i < board.gadget_count; i++)
        if (board.gadgets[i].order == moving_order) scene.moving = i;
    scene.scale = (float)fmin(o.w / board.w, o.h / board.h);
    scene.ox = (float)((o.w - board.w * scene.scale) / 2);
    scene.oy = (float)((o.h - board.h * scene.scale) / 2);

    long frame = 0;
    for (; frame < WARMUP_FRAMES; frame++) {
        draw_frame(&scene, frame);
        SDL_RenderPresent(renderer);
        if (frame == 0) require_finish_shim(); /* the first present has loaded EGL's entry points */
    }
    struct timespec t0, t1;
    double cpu0 = cpu_seconds();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (; frame < WARMUP_FRAMES + o.frames; frame++) {
        draw_frame(&scene, frame);
        SDL_RenderPresent(renderer);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double cpu = cpu_seconds() - cpu0, wall = seconds(&t1) - seconds(&t0);

    if (o.screenshot) {
        draw_frame(&scene, o.screenshot_frame);
        save_screenshot(renderer, o.w, o.h, o.screenshot);
        SDL_RenderPresent(renderer);
    }
    fprintf(stderr, "sdl-board: renderer %s, video driver %s, %dx%d, %s filtering, batching %s, %d images, %d gadgets\n",
            info.name, SDL_GetCurrentVideoDriver(), o.w, o.h, o.linear ? "linear" : "nearest",
            o.batching ? "on" : "off (SDL's default when a renderer is named)", board.image_count, board.gadget_count);
    printf("fps=%.2f cpu_ms_per_frame=%.2f frames=%ld\n", o.frames / wall, cpu * 1000 / o.frames, o.frames);

    for (int i = 0; i < board.image_count; i++) SDL_DestroyTexture(textures[i]);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    IMG_Quit();
    SDL_Quit();
    return 0;
}
