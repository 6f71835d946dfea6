#ifndef GADGET_CXKBCOMMON_H
#define GADGET_CXKBCOMMON_H
/* libxkbcommon (Debian: libxkbcommon-dev): keymaps from xkb-data's layouts, keysyms per shift
   level, UTF-8, and compose (dead keys) from libX11's locale files (libx11-data). Opened on first
   use (CLazyLink.h says why): a board without fields or keyboards never maps it. */
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>

// Opens libxkbcommon (dlopen, once per process): 0 when loaded, else -1 and
// gadget_xkbcommon_message() is one line ("typing needs libxkbcommon.so.0: …"). The owner types
// call it before their first xkb function.
int gadget_xkbcommon_load(void);
const char *gadget_xkbcommon_message(void);
#endif
