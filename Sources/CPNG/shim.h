#ifndef GADGET_CPNG_H
#define GADGET_CPNG_H
#include <png.h>
#endif
