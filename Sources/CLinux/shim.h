#ifndef GADGET_CLINUX_SHIM_H
#define GADGET_CLINUX_SHIM_H
// Linux calls Swift's Glibc module does not bring: epoll, timerfd and adjtimex (whether the
// clock is synchronised) (part of libc: nothing to link). Used by GadgetSystem only.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#endif
