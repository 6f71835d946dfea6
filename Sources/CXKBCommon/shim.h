#ifndef GADGET_CXKBCOMMON_H
#define GADGET_CXKBCOMMON_H
/* libxkbcommon: keymaps from xkb-data's layouts, keysyms per shift level, UTF-8, and compose
   (dead keys) from libX11's locale files (libx11-data). */
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#endif
