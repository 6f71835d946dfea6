// libmosquitto (Debian: libmosquitto-dev): the MQTT client of `run --mqtt`.
#include <mosquitto.h>

// Opens libmosquitto (dlopen, once per process; CLazyLink.h says why): 0 when loaded, else -1
// and gadget_mosquitto_message() is one line ("MQTT needs libmosquitto.so.1: …"). Call before
// any mosquitto function.
int gadget_mosquitto_load(void);
const char *gadget_mosquitto_message(void);
