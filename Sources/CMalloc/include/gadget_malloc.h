// Heap figures for `gadgetboard bench` (implementation and rationale in malloc_counter.c).
// Only plain C types here: this header is what Swift imports.
#ifndef GADGETBOARD_MALLOC_H
#define GADGETBOARD_MALLOC_H
#include <stddef.h>
#include <stdint.h>

/// Starts counting malloc-family calls in every module loaded now (call again after a dlopen);
/// `*patched` gets the number of GOT slots rewritten (0: nothing can be counted). Returns the
/// counter state to pass to the functions below.
void *gb_install_allocation_counter(int *patched);
/// Whether a GOT slot holding `value`, of a module loaded at `base` whose link-time addresses end
/// at `extent`, holds a run-time address yet (a module another thread is dlopen'ing may not be
/// relocated: its slots are left alone).
int gb_slot_is_relocated(const void *value, uintptr_t base, uintptr_t extent);
/// Counter `i`: 0 = calls from Swift code, 1 = from other modules (the driver), 2 = from Swift
/// code on the watched thread.
long gb_load_count(void *state, int i);
/// Makes the calling thread the watched one (counter 2).
void gb_watch_this_thread(void *state);
/// Starts recording the call stack of each allocation counted on the watched thread (the first
/// 8, in fixed storage: recording allocates nothing).
void gb_trace_start(void);
/// Stops recording; returns how many allocations were seen since `gb_trace_start` (the first 8
/// have stacks).
int gb_trace_stop(void);
/// The stack of recorded allocation `i`, innermost caller first, one frame per line
/// (backtrace_symbols: module(symbol+offset) [address]) into `buffer`; returns the bytes written
/// (0: none recorded). Allocates: call after `gb_trace_stop`.
size_t gb_trace_describe(int i, char *buffer, size_t size);
/// Keeps freed memory in the process (no trim below `trim` bytes, no mmap below `mmap`);
/// returns 1 when both settings took.
int gb_keep_freed_memory(int trim, int mmap);
/// Bytes malloc holds for the process: arena bytes in use plus mmap'd chunks.
size_t gb_heap_bytes_in_use(void);
/// glibc's mallinfo2() figures, summed over every arena, in bytes.
typedef struct {
    size_t arena;     // bytes obtained with sbrk/arena mmaps (non-mmapped space)
    size_t in_use;    // uordblks: allocated in those arenas
    size_t free;      // fordblks: free in those arenas
    size_t mmapped;   // hblkhd: allocated in chunks of their own mmap
} gb_heap_info;
gb_heap_info gb_heap_figures(void);
#endif
