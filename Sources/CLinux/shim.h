#ifndef GADGET_CLINUX_SHIM_H
#define GADGET_CLINUX_SHIM_H
// Linux calls Swift's Glibc module does not bring: epoll, timerfd, adjtimex (whether the
// clock is synchronised) and prctl (a thread's name) (part of libc: nothing to link). Used by
// GadgetSystem only.
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <sys/timex.h>

// prctl is variadic, which Swift cannot call: names the calling thread (the kernel keeps 15 bytes).
static inline int gb_set_thread_name(const char *name) { return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }
#endif
