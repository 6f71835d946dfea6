// Heap figures for `gadgetboard bench`: glibc's mallinfo2 (which Swift's Glibc module does not
// include) and a counter of every malloc-family call in the process, split by caller.
//
// Counting without LD_PRELOAD: glibc ≥ 2.34 has no __malloc_hook, so the counter rewrites the
// GOT entries of malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign in every
// loaded ELF module (the main executable, libswiftCore, Mesa, libstdc++…) to point at counting
// wrappers that call glibc's __libc_* entry points. That is what an LD_PRELOAD interposer does,
// done at run time after the display (and its dlopen'ed driver) is up. Calls from the
// executable and the Swift runtime libraries count as "swift" (our code: the batcher, the
// simulation, the HUD, every Swift allocation); calls from any other module count as "driver".
// Calls inside libc itself (e.g. strdup) are not seen. Installed only by `bench`, never by `run`.
//
// A C target of its own (not a header shim): _GNU_SOURCE and the ELF headers stay inside this
// file, so Swift never sees a second definition of glibc's types (a module header defining
// _GNU_SOURCE renames fd_set's member and breaks clean builds against SwiftGlibc).
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "gadget_malloc.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

/// The counters: [0] calls from Swift code (executable, libswift*), [1] calls from other modules
/// (the driver), [2] calls from Swift code on the watched thread (the bench's render thread, so
/// a test process's other threads do not disturb the figure).
typedef struct {
    _Atomic long counts[3];
    _Atomic unsigned long watched;   // a pthread_t, 0 for none
} gb_alloc_state;

static gb_alloc_state gb_state;
static gb_alloc_state *gb_alloc_state_get(void) { return &gb_state; }

// The tracer (GADGETBOARD_MALLOC_TRACE=1, and the bench's tests): the call stack of each counted
// allocation on the watched thread, into fixed storage, so a stray allocation names its caller.
// backtrace() loads libgcc_s (and allocates) on its first call: gb_trace_start makes that call
// before tracing starts; a thread-local flag stops any allocation inside it from recursing.
enum { GB_TRACE_SLOTS = 8, GB_TRACE_DEPTH = 24 };
static _Atomic int gb_tracing;
static _Atomic int gb_trace_count;
static void *gb_trace_frames[GB_TRACE_SLOTS][GB_TRACE_DEPTH];
static int gb_trace_depths[GB_TRACE_SLOTS];
static __thread int gb_in_trace;

static void gb_trace(void) {
    if (gb_in_trace) return;
    gb_in_trace = 1;
    int i = atomic_fetch_add_explicit(&gb_trace_count, 1, memory_order_relaxed);
    if (i < GB_TRACE_SLOTS) gb_trace_depths[i] = backtrace(gb_trace_frames[i], GB_TRACE_DEPTH);
    gb_in_trace = 0;
}

static void gb_count(int k) {
    gb_alloc_state *s = gb_alloc_state_get();
    atomic_fetch_add_explicit(&s->counts[k], 1, memory_order_relaxed);
    if (k == 0 && atomic_load_explicit(&s->watched, memory_order_relaxed) == (unsigned long)pthread_self()) {
        atomic_fetch_add_explicit(&s->counts[2], 1, memory_order_relaxed);
        if (atomic_load_explicit(&gb_tracing, memory_order_relaxed)) gb_trace();
    }
}

#define GB_WRAPPERS(K) \
static void *gb_malloc_##K(size_t n) { gb_count(K); return __libc_malloc(n); } \
static void *gb_calloc_##K(size_t c, size_t n) { gb_count(K); return __libc_calloc(c, n); } \
static void *gb_realloc_##K(void *p, size_t n) { gb_count(K); return __libc_realloc(p, n); } \
static void *gb_memalign_##K(size_t a, size_t n) { gb_count(K); return __libc_memalign(a, n); } \
static void *gb_aligned_alloc_##K(size_t a, size_t n) { gb_count(K); return __libc_memalign(a, n); } \
static int gb_posix_memalign_##K(void **out, size_t a, size_t n) { \
    gb_count(K); \
    if (a < sizeof(void *) || (a & (a - 1)) != 0) return 22; /* EINVAL */ \
    void *p = __libc_memalign(a, n); if (!p && n) return 12; /* ENOMEM */ *out = p; return 0; }
GB_WRAPPERS(0)
GB_WRAPPERS(1)
#undef GB_WRAPPERS

/// The wrapper for `name` with counter `k`, or NULL if `name` is not counted.
static void *gb_wrapper_for(const char *name, int k) {
    if (!strcmp(name, "malloc")) return k ? (void *)gb_malloc_1 : (void *)gb_malloc_0;
    if (!strcmp(name, "calloc")) return k ? (void *)gb_calloc_1 : (void *)gb_calloc_0;
    if (!strcmp(name, "realloc")) return k ? (void *)gb_realloc_1 : (void *)gb_realloc_0;
    if (!strcmp(name, "memalign")) return k ? (void *)gb_memalign_1 : (void *)gb_memalign_0;
    if (!strcmp(name, "aligned_alloc")) return k ? (void *)gb_aligned_alloc_1 : (void *)gb_aligned_alloc_0;
    if (!strcmp(name, "posix_memalign")) return k ? (void *)gb_posix_memalign_1 : (void *)gb_posix_memalign_0;
    return NULL;
}

static int gb_is_got_relocation(unsigned long type) {
#if defined(__x86_64__)
    return type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT;
#elif defined(__aarch64__)
    return type == R_AARCH64_JUMP_SLOT || type == R_AARCH64_GLOB_DAT;
#else
    (void)type; return 0;
#endif
}

/// Rewrites one relocation table's malloc-family GOT slots; returns how many.
/// The protection of the PT_LOAD segment holding `address`, plus write.
static int gb_writable_protection(struct dl_phdr_info *info, ElfW(Addr) address) {
    int prot = PROT_READ | PROT_WRITE;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        ElfW(Addr) lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && address >= lo && address < lo + ph->p_memsz && (ph->p_flags & PF_X)) prot |= PROT_EXEC;
    }
    return prot;
}

/// Whether a GOT slot holds a run-time address yet, for a module whose link-time addresses run
/// from 0 to `extent` (its PT_LOAD segments' end) and which is loaded at `base`. A module that
/// another thread is dlopen'ing right now is listed by dl_iterate_phdr before the loader has
/// relocated it: its slots still hold link-time values (0, or a lazy PLT slot's offset inside
/// the module), and the loader will then overwrite them or, for a lazy PLT slot, *add* the load
/// address to whatever they hold. A wrapper written before that becomes a wild pointer: a test
/// process crashed calling calloc through libEGL_mesa's PLT (lazily bound, its slot at base +
/// 0x45628) while another test installed the counter during the first EGL call's dlopen
/// (docs/BENCHMARKS.md, "The stray allocation"). Such a slot is left alone; installing again
/// later patches it. A run-time address (the module's own PLT, libc's malloc, our wrapper) is
/// far above any link-time offset; a module linked at fixed addresses (base 0) is never relocated.
int gb_slot_is_relocated(const void *value, uintptr_t base, uintptr_t extent) {
    return base == 0 || (uintptr_t)value >= extent;
}

static int gb_patch_table(struct dl_phdr_info *info, const ElfW(Rela) *rela, size_t bytes,
                                 const ElfW(Sym) *symtab, const char *strtab, int k, uintptr_t extent) {
    ElfW(Addr) base = info->dlpi_addr;
    int patched = 0;
    long page = sysconf(_SC_PAGESIZE);
    for (size_t i = 0; i < bytes / sizeof(ElfW(Rela)); i++) {
        if (!gb_is_got_relocation(ELF64_R_TYPE(rela[i].r_info))) continue;
        const char *name = strtab + symtab[ELF64_R_SYM(rela[i].r_info)].st_name;
        void *wrapper = gb_wrapper_for(name, k);
        if (!wrapper) continue;
        void **slot = (void **)(base + rela[i].r_offset);
        if (!gb_slot_is_relocated(*slot, base, extent)) continue;
        uintptr_t start = (uintptr_t)slot & ~(uintptr_t)(page - 1);
        // RELRO pages are read-only after start-up; the bench process keeps them writable.
        // (A slot is 8-byte aligned, so it never straddles two pages.)
        if (mprotect((void *)start, (size_t)page, gb_writable_protection(info, (ElfW(Addr))slot)) != 0) continue;
        *slot = wrapper;
        patched++;
    }
    return patched;
}

static int gb_patch_module(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    if (strstr(name, "linux-vdso") || strstr(name, "ld-linux") || strstr(name, "/libc.so")) return 0;
    int k = (name[0] == 0 || strstr(name, "libswift") || strstr(name, "libdispatch") || strstr(name, "libFoundation")) ? 0 : 1;
    const ElfW(Dyn) *dyn = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) dyn = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    if (!dyn) return 0;
    ElfW(Addr) symtab = 0, strtab = 0, jmprel = 0, rela = 0;
    size_t jmprelsz = 0, relasz = 0;
    int pltIsRela = 1;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        switch (dyn->d_tag) {
        case DT_SYMTAB: symtab = dyn->d_un.d_ptr; break;
        case DT_STRTAB: strtab = dyn->d_un.d_ptr; break;
        case DT_JMPREL: jmprel = dyn->d_un.d_ptr; break;
        case DT_PLTRELSZ: jmprelsz = dyn->d_un.d_val; break;
        case DT_RELA: rela = dyn->d_un.d_ptr; break;
        case DT_RELASZ: relasz = dyn->d_un.d_val; break;
        case DT_PLTREL: pltIsRela = dyn->d_un.d_val == DT_RELA; break;
        }
    }
    if (!symtab || !strtab) return 0;
    // glibc relocates these pointers in place; a module whose entries are still offsets gets
    // its load address added.
    ElfW(Addr) b = info->dlpi_addr;
    if (symtab < b) symtab += b;
    if (strtab < b) strtab += b;
    if (jmprel && jmprel < b) jmprel += b;
    if (rela && rela < b) rela += b;
    int *total = (int *)data;
    // The module's link-time size: a slot still holding an offset below it is not relocated.
    uintptr_t extent = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && ph->p_vaddr + ph->p_memsz > extent) extent = ph->p_vaddr + ph->p_memsz;
    }
    if (jmprel && pltIsRela) *total += gb_patch_table(info, (const ElfW(Rela) *)jmprel, jmprelsz, (const ElfW(Sym) *)symtab, (const char *)strtab, k, extent);
    if (rela) *total += gb_patch_table(info, (const ElfW(Rela) *)rela, relasz, (const ElfW(Sym) *)symtab, (const char *)strtab, k, extent);
    return 0;
}

/// Starts counting in every module loaded now (call again after a dlopen). Stores the number
/// of GOT slots rewritten in `patched` (0: nothing could be counted) and returns the counters
/// the installed wrappers increment: read them with `gb_load_count`. (The Swift compiler may
/// emit this header's inline functions, with their statics, into more than one object file;
/// the returned pointer is the one copy that counts.)
void *gb_install_allocation_counter(int *patched) {
    int total = 0;
    dl_iterate_phdr(gb_patch_module, &total);
    *patched = total;
    return (void *)gb_alloc_state_get();
}

/// Counter `i` of the state `install` returned: 0 = calls from Swift code, 1 = calls from other
/// modules, 2 = calls from Swift code on the watched thread.
long gb_load_count(void *state, int i) {
    return atomic_load_explicit(&((gb_alloc_state *)state)->counts[i], memory_order_relaxed);
}

/// Makes the calling thread the watched one (counter 2).
void gb_watch_this_thread(void *state) {
    atomic_store_explicit(&((gb_alloc_state *)state)->watched, (unsigned long)pthread_self(), memory_order_relaxed);
}

/// Keeps freed memory in the process instead of returning it to the kernel every frame: no trim
/// of the heap top below `trim` bytes, and blocks below `mmap` bytes from the heap rather than
/// their own mmap. GL drivers (llvmpipe's per-frame scene bins) free and reallocate megabytes
/// per frame; glibc's defaults (128 KiB, dynamically raised) hand them back with brk/munmap and
/// take page faults and page clearing on every frame. Returns 1 when both settings took.
int gb_keep_freed_memory(int trim, int mmap) {
    return mallopt(M_TRIM_THRESHOLD, trim) == 1 && mallopt(M_MMAP_THRESHOLD, mmap) == 1;
}

/// Bytes malloc holds for the process: arena bytes in use plus mmap'd chunks.
size_t gb_heap_bytes_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

gb_heap_info gb_heap_figures(void) {
    struct mallinfo2 m = mallinfo2();
    gb_heap_info info = { m.arena, m.uordblks, m.fordblks, m.hblkhd };
    return info;
}

void gb_trace_start(void) {
    void *warm[2];
    (void)backtrace(warm, 2);   // loads the unwinder now, not inside a traced frame
    atomic_store_explicit(&gb_trace_count, 0, memory_order_relaxed);
    atomic_store_explicit(&gb_tracing, 1, memory_order_release);
}

int gb_trace_stop(void) {
    atomic_store_explicit(&gb_tracing, 0, memory_order_release);
    return atomic_load_explicit(&gb_trace_count, memory_order_acquire);
}

size_t gb_trace_describe(int i, char *buffer, size_t size) {
    if (size == 0) return 0;
    buffer[0] = 0;
    if (i < 0 || i >= GB_TRACE_SLOTS || i >= atomic_load_explicit(&gb_trace_count, memory_order_acquire)) return 0;
    // Every frame, the counter's own first (its wrappers may be inlined: no fixed count to skip).
    int skip = 0, n = gb_trace_depths[i];
    if (n <= skip) return 0;
    char **lines = backtrace_symbols(gb_trace_frames[i] + skip, n - skip);
    if (!lines) return 0;
    size_t used = 0;
    for (int f = 0; f < n - skip && used + 1 < size; f++) {
        size_t len = strlen(lines[f]);
        if (used + len + 2 > size) break;
        memcpy(buffer + used, lines[f], len);
        used += len;
        buffer[used++] = '\n';
        buffer[used] = 0;
    }
    free(lines);
    return used;
}
