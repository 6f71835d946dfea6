#ifndef GADGET_CDRM_H
#define GADGET_CDRM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <sys/ioctl.h>
#include <linux/vt.h>
#include <linux/kd.h>

/* Macros and variadic ioctls Swift cannot import, wrapped once. */
static inline int gadget_vt_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int gadget_vt_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }
static inline int gadget_kd_graphics(void) { return KD_GRAPHICS; }
static inline int gadget_kd_text(void) { return KD_TEXT; }
#endif
