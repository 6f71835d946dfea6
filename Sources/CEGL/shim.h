#ifndef GADGET_CEGL_H
#define GADGET_CEGL_H
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
