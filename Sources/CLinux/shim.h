#ifndef GADGET_CLINUX_SHIM_H
#define GADGET_CLINUX_SHIM_H
// Linux calls Swift's Glibc module does not bring: epoll and timerfd (part of libc: nothing to
// link). Used by GadgetSystem only.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#endif
