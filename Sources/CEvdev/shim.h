#ifndef GADGET_CEVDEV_H
#define GADGET_CEVDEV_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/* EVIOCSCLOCKID / EVIOCGRAB are function-like macros; Swift cannot import them. */
static inline int gadget_evdev_set_clock_monotonic(int fd) { int clk = CLOCK_MONOTONIC; return ioctl(fd, EVIOCSCLOCKID, &clk); }
/* grab != 0: exclusive access (no other reader, e.g. the console, sees the events); 0: release. */
static inline int gadget_evdev_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, (void *)(long)grab); }
/* input_event's time is a timeval on 64-bit and __sec/__usec with 64-bit time on 32-bit ABIs;
   the kernel's input_event_sec/usec macros name the right fields on each. */
static inline long long gadget_input_event_usec(const struct input_event *e) {
    return (long long)e->input_event_sec * 1000000LL + (long long)e->input_event_usec;
}
static inline void gadget_input_event_set_usec(struct input_event *e, long long usec) {
    e->input_event_sec = usec / 1000000LL;
    e->input_event_usec = usec % 1000000LL;
}
#endif
