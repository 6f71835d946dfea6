#ifndef GADGET_CWPEBACKENDFDO_H
#define GADGET_CWPEBACKENDFDO_H
/* WPEBackend-fdo 1.14 (libwpebackend-fdo-1.0-dev): the private Wayland compositor WebKit's web
 * process draws into, and the exportable view backend handing its buffers to us. The shared-memory
 * export is "unstable" API (fdo-shm.h), the path that works without GPU extensions (llvmpipe,
 * headless; cog's headless platform uses it the same way). wl_shm_buffer accessors come from
 * libwayland-server (its headers are in /usr/include, no pkg-config flags needed). */
#include <wpe/wpe.h>
#include <wpe/fdo.h>
#include <wpe/unstable/fdo-shm.h>
/* The EGL export (exportable EGL client, exported images): dma-buf where the GPU's EGL allows. */
#include <wpe/fdo-egl.h>
#include <wayland-server-core.h>
#endif
