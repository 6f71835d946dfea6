#ifndef GADGET_CHARFBUZZ_H
#define GADGET_CHARFBUZZ_H
#include <hb.h>
#include <hb-ft.h>
#endif
