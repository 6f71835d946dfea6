#ifndef GADGET_CGLES2_H
#define GADGET_CGLES2_H
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#endif
