// libmosquitto's functions that GadgetMQTT calls, forwarded to the library opened on first use
// (CLazyLink.h says why). A function Swift starts to call must be added here: the link fails
// until it is.
#include "CMosquitto.h"
#include "CLazyLink.h"

#define GADGET_LAZY_LIBRARY gadget_mosquitto_library
// What a forward returns when the library could not be loaded (libmosquitto's error codes are positive).
#define GADGET_LAZY_ERROR MOSQ_ERR_NOT_SUPPORTED
#define GADGET_MOSQUITTO_FUNCTIONS(F, V) \
    F(0, const char *, mosquitto_connack_string, (int a0), (a0)) \
    F(0, int, mosquitto_connect, (struct mosquitto *a0, const char *a1, int a2, int a3), (a0, a1, a2, a3)) \
    V(0, mosquitto_connect_callback_set, (struct mosquitto *a0, void (*a1) (struct mosquitto *, void *, int)), (a0, a1)) \
    V(0, mosquitto_destroy, (struct mosquitto *a0), (a0)) \
    F(0, int, mosquitto_disconnect, (struct mosquitto *a0), (a0)) \
    V(0, mosquitto_disconnect_callback_set, (struct mosquitto *a0, void (*a1) (struct mosquitto *, void *, int)), (a0, a1)) \
    F(0, int, mosquitto_int_option, (struct mosquitto *a0, enum mosq_opt_t a1, int a2), (a0, a1, a2)) \
    F(0, int, mosquitto_lib_init, (void), ()) \
    F(0, int, mosquitto_loop, (struct mosquitto *a0, int a1, int a2), (a0, a1, a2)) \
    V(0, mosquitto_message_callback_set, (struct mosquitto *a0, void (*a1) (struct mosquitto *, void *, const struct mosquitto_message *)), (a0, a1)) \
    F(0, struct mosquitto *, mosquitto_new, (const char *a0, _Bool a1, void *a2), (a0, a1, a2)) \
    F(0, int, mosquitto_publish, (struct mosquitto *a0, int *a1, const char *a2, int a3, const void *a4, int a5, _Bool a6), (a0, a1, a2, a3, a4, a5, a6)) \
    V(0, mosquitto_publish_callback_set, (struct mosquitto *a0, void (*a1) (struct mosquitto *, void *, int)), (a0, a1)) \
    F(0, const char *, mosquitto_strerror, (int a0), (a0)) \
    F(0, int, mosquitto_subscribe, (struct mosquitto *a0, int *a1, const char *a2, int a3), (a0, a1, a2, a3)) \
    F(0, int, mosquitto_threaded_set, (struct mosquitto *a0, _Bool a1), (a0, a1)) \
    F(0, int, mosquitto_tls_set, (struct mosquitto *a0, const char *a1, const char *a2, const char *a3, const char *a4, int (*a5) (char *, int, int, void *)), (a0, a1, a2, a3, a4, a5)) \
    F(0, int, mosquitto_unsubscribe, (struct mosquitto *a0, int *a1, const char *a2), (a0, a1, a2)) \
    F(0, int, mosquitto_username_pw_set, (struct mosquitto *a0, const char *a1, const char *a2), (a0, a1, a2)) \
    F(0, int, mosquitto_will_set, (struct mosquitto *a0, const char *a1, int a2, const void *a3, int a4, _Bool a5), (a0, a1, a2, a3, a4, a5))

GADGET_MOSQUITTO_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {GADGET_MOSQUITTO_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)};
// libmosquitto's soname (.1 for the 1.x and 2.x libraries alike).
static const char *const sonames[] = {"libmosquitto.so.1"};
static gadget_lazy_library gadget_mosquitto_library = GADGET_LAZY_LIBRARY_INIT("MQTT", sonames, symbols);

GADGET_MOSQUITTO_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

int gadget_mosquitto_load(void) { return gadget_lazy_load(&gadget_mosquitto_library); }
const char *gadget_mosquitto_message(void) { return gadget_lazy_message(&gadget_mosquitto_library); }
