#ifndef GADGET_CEVDEV_H
#define GADGET_CEVDEV_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/* EVIOCSCLOCKID / EVIOCGRAB are function-like macros; Swift cannot import them. */
static inline int gadget_evdev_set_clock_monotonic(int fd) { int clk = CLOCK_MONOTONIC; return ioctl(fd, EVIOCSCLOCKID, &clk); }
#endif
