// libmosquitto (Debian: libmosquitto-dev): the MQTT client of `run --mqtt`.
#include <mosquitto.h>
