// libqrencode (Debian: libqrencode-dev): QR code symbols for the `qr` gadget.
#include <qrencode.h>
