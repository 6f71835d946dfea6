#ifndef GADGET_CEGL_H
#define GADGET_CEGL_H
#define EGL_EGLEXT_PROTOTYPES 1
/* Native types as plain integers/pointers: no X11 headers needed on a KMS-only system. */
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
