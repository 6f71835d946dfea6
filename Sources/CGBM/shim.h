#ifndef GADGET_CGBM_H
#define GADGET_CGBM_H
#include <stdint.h>
#include <gbm.h>
#endif
