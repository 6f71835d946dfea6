// alsa-lib's functions that GadgetAudio calls, forwarded to the library opened on first use
// (CLazyLink.h says why: a board without sound never maps libasound). A function Swift starts to
// call must be added here: the link fails until it is.
#include "CALSA.h"
#include "CLazyLink.h"

#define GADGET_LAZY_LIBRARY gadget_alsa_library
// What a forward returns when the library could not be loaded (alsa-lib returns negative errno values).
#define GADGET_LAZY_ERROR (-ENOSYS)
#define GADGET_ALSA_FUNCTIONS(F, V) \
    F(0, int, snd_ctl_open, (snd_ctl_t **a0, const char *a1, int a2), (a0, a1, a2)) \
    F(0, int, snd_ctl_close, (snd_ctl_t *a0), (a0)) \
    F(0, int, snd_ctl_subscribe_events, (snd_ctl_t *a0, int a1), (a0, a1)) \
    F(0, int, snd_ctl_elem_list_malloc, (snd_ctl_elem_list_t **a0), (a0)) \
    V(0, snd_ctl_elem_list_free, (snd_ctl_elem_list_t *a0), (a0)) \
    F(0, int, snd_ctl_elem_list, (snd_ctl_t *a0, snd_ctl_elem_list_t *a1), (a0, a1)) \
    F(0, unsigned int, snd_ctl_elem_list_get_count, (const snd_ctl_elem_list_t *a0), (a0)) \
    F(0, unsigned int, snd_ctl_elem_list_get_used, (const snd_ctl_elem_list_t *a0), (a0)) \
    F(0, int, snd_ctl_elem_list_alloc_space, (snd_ctl_elem_list_t *a0, unsigned int a1), (a0, a1)) \
    V(0, snd_ctl_elem_list_free_space, (snd_ctl_elem_list_t *a0), (a0)) \
    F(0, const char *, snd_ctl_elem_list_get_name, (const snd_ctl_elem_list_t *a0, unsigned int a1), (a0, a1)) \
    V(0, snd_ctl_elem_list_get_id, (const snd_ctl_elem_list_t *a0, unsigned int a1, snd_ctl_elem_id_t *a2), (a0, a1, a2)) \
    F(0, int, snd_ctl_elem_id_malloc, (snd_ctl_elem_id_t **a0), (a0)) \
    V(0, snd_ctl_elem_id_free, (snd_ctl_elem_id_t *a0), (a0)) \
    F(0, snd_ctl_elem_iface_t, snd_ctl_elem_id_get_interface, (const snd_ctl_elem_id_t *a0), (a0)) \
    F(0, int, snd_ctl_elem_info_malloc, (snd_ctl_elem_info_t **a0), (a0)) \
    V(0, snd_ctl_elem_info_free, (snd_ctl_elem_info_t *a0), (a0)) \
    V(0, snd_ctl_elem_info_set_id, (snd_ctl_elem_info_t *a0, const snd_ctl_elem_id_t *a1), (a0, a1)) \
    F(0, int, snd_ctl_elem_info, (snd_ctl_t *a0, snd_ctl_elem_info_t *a1), (a0, a1)) \
    F(0, snd_ctl_elem_type_t, snd_ctl_elem_info_get_type, (const snd_ctl_elem_info_t *a0), (a0)) \
    F(0, int, snd_ctl_elem_value_malloc, (snd_ctl_elem_value_t **a0), (a0)) \
    V(0, snd_ctl_elem_value_free, (snd_ctl_elem_value_t *a0), (a0)) \
    V(0, snd_ctl_elem_value_set_id, (snd_ctl_elem_value_t *a0, const snd_ctl_elem_id_t *a1), (a0, a1)) \
    F(0, int, snd_ctl_elem_read, (snd_ctl_t *a0, snd_ctl_elem_value_t *a1), (a0, a1)) \
    F(0, int, snd_ctl_elem_value_get_boolean, (const snd_ctl_elem_value_t *a0, unsigned int a1), (a0, a1)) \
    F(0, int, snd_ctl_event_malloc, (snd_ctl_event_t **a0), (a0)) \
    V(0, snd_ctl_event_free, (snd_ctl_event_t *a0), (a0)) \
    F(0, int, snd_ctl_read, (snd_ctl_t *a0, snd_ctl_event_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_info_malloc, (snd_pcm_info_t **a0), (a0)) \
    V(0, snd_pcm_info_free, (snd_pcm_info_t *a0), (a0)) \
    F(0, int, snd_pcm_info, (snd_pcm_t *a0, snd_pcm_info_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_info_get_card, (const snd_pcm_info_t *a0), (a0)) \
    F(0, int, snd_lib_error_set_handler, (snd_lib_error_handler_t a0), (a0)) \
    F(0, snd_pcm_sframes_t, snd_pcm_avail, (snd_pcm_t *a0), (a0)) \
    F(0, int, snd_pcm_close, (snd_pcm_t *a0), (a0)) \
    F(0, int, snd_pcm_delay, (snd_pcm_t *a0, snd_pcm_sframes_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_drop, (snd_pcm_t *a0), (a0)) \
    F(0, const char *, snd_pcm_format_name, (const snd_pcm_format_t a0), (a0)) \
    F(0, int, snd_pcm_hw_params, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_hw_params_any, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1), (a0, a1)) \
    V(0, snd_pcm_hw_params_free, (snd_pcm_hw_params_t *a0), (a0)) \
    F(0, int, snd_pcm_hw_params_get_buffer_size, (const snd_pcm_hw_params_t *a0, snd_pcm_uframes_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_hw_params_get_period_size, (const snd_pcm_hw_params_t *a0, snd_pcm_uframes_t *a1, int *a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_hw_params_malloc, (snd_pcm_hw_params_t **a0), (a0)) \
    F(0, int, snd_pcm_hw_params_set_access, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, snd_pcm_access_t a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_hw_params_set_buffer_size_near, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, snd_pcm_uframes_t *a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_hw_params_set_channels_near, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, unsigned int *a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_hw_params_set_format, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, snd_pcm_format_t a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_hw_params_set_period_size_near, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, snd_pcm_uframes_t *a2, int *a3), (a0, a1, a2, a3)) \
    F(0, int, snd_pcm_hw_params_set_rate_near, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, unsigned int *a2, int *a3), (a0, a1, a2, a3)) \
    F(0, int, snd_pcm_hw_params_test_format, (snd_pcm_t *a0, snd_pcm_hw_params_t *a1, snd_pcm_format_t a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_open, (snd_pcm_t **a0, const char *a1, snd_pcm_stream_t a2, int a3), (a0, a1, a2, a3)) \
    F(0, int, snd_pcm_prepare, (snd_pcm_t *a0), (a0)) \
    F(0, int, snd_pcm_recover, (snd_pcm_t *a0, int a1, int a2), (a0, a1, a2)) \
    F(0, snd_pcm_state_t, snd_pcm_state, (snd_pcm_t *a0), (a0)) \
    F(0, int, snd_pcm_sw_params, (snd_pcm_t *a0, snd_pcm_sw_params_t *a1), (a0, a1)) \
    F(0, int, snd_pcm_sw_params_current, (snd_pcm_t *a0, snd_pcm_sw_params_t *a1), (a0, a1)) \
    V(0, snd_pcm_sw_params_free, (snd_pcm_sw_params_t *a0), (a0)) \
    F(0, int, snd_pcm_sw_params_malloc, (snd_pcm_sw_params_t **a0), (a0)) \
    F(0, int, snd_pcm_sw_params_set_avail_min, (snd_pcm_t *a0, snd_pcm_sw_params_t *a1, snd_pcm_uframes_t a2), (a0, a1, a2)) \
    F(0, int, snd_pcm_sw_params_set_start_threshold, (snd_pcm_t *a0, snd_pcm_sw_params_t *a1, snd_pcm_uframes_t a2), (a0, a1, a2)) \
    F(0, snd_pcm_type_t, snd_pcm_type, (snd_pcm_t *a0), (a0)) \
    F(0, int, snd_pcm_wait, (snd_pcm_t *a0, int a1), (a0, a1)) \
    F(0, snd_pcm_sframes_t, snd_pcm_writei, (snd_pcm_t *a0, const void *a1, snd_pcm_uframes_t a2), (a0, a1, a2)) \
    F(0, const char *, snd_strerror, (int a0), (a0))

GADGET_ALSA_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {GADGET_ALSA_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)};
// alsa-lib's soname since 1.0. dlsym finds each function's default version, the one this header
// declares (the hw_params calls' @@ALSA_0.9.0rc4, not the old API's @ALSA_0.9).
static const char *const sonames[] = {"libasound.so.2"};
static gadget_lazy_library gadget_alsa_library = GADGET_LAZY_LIBRARY_INIT("sound", sonames, symbols);

GADGET_ALSA_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

/* alsa-lib prints its own errors to stderr ("ALSA lib pcm.c:2666: Unknown PCM …") before the call
   returns the code we report anyway: a kiosk with no sound card would log a dozen lines where it
   should log one. The handler is variadic, which Swift cannot define: a silent one, set once. */
static void gadget_alsa_silent_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

int gadget_alsa_load(void) {
    if (gadget_lazy_load(&gadget_alsa_library) != 0) return -1;
    snd_lib_error_set_handler(gadget_alsa_silent_error);
    return 0;
}
const char *gadget_alsa_message(void) { return gadget_lazy_message(&gadget_alsa_library); }
