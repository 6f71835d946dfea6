// libxkbcommon's functions that GadgetKeyboard calls, forwarded to the library opened on first
// use (CLazyLink.h says why). A function Swift starts to call must be added here: the link fails
// until it is.
#include "CXKBCommon.h"
#include "CLazyLink.h"

#define GADGET_LAZY_LIBRARY gadget_xkbcommon_library
// What a forward returns when the library could not be loaded: every xkb function used reports
// "nothing" with NULL or 0 (no keysym, no levels, no UTF-8, compose ignored), which the callers
// already handle. In practice XKBContext loads first and throws the message as its one line.
#define GADGET_LAZY_ERROR 0
#define GADGET_XKB_FUNCTIONS(F, V) \
    F(0, enum xkb_compose_feed_result, xkb_compose_state_feed, (struct xkb_compose_state *a0, xkb_keysym_t a1), (a0, a1)) \
    F(0, xkb_keysym_t, xkb_compose_state_get_one_sym, (struct xkb_compose_state *a0), (a0)) \
    F(0, enum xkb_compose_status, xkb_compose_state_get_status, (struct xkb_compose_state *a0), (a0)) \
    F(0, int, xkb_compose_state_get_utf8, (struct xkb_compose_state *a0, char *a1, size_t a2), (a0, a1, a2)) \
    F(0, struct xkb_compose_state *, xkb_compose_state_new, (struct xkb_compose_table *a0, enum xkb_compose_state_flags a1), (a0, a1)) \
    V(0, xkb_compose_state_reset, (struct xkb_compose_state *a0), (a0)) \
    V(0, xkb_compose_state_unref, (struct xkb_compose_state *a0), (a0)) \
    F(0, struct xkb_compose_table *, xkb_compose_table_new_from_locale, (struct xkb_context *a0, const char *a1, enum xkb_compose_compile_flags a2), (a0, a1, a2)) \
    V(0, xkb_compose_table_unref, (struct xkb_compose_table *a0), (a0)) \
    F(0, struct xkb_context *, xkb_context_new, (enum xkb_context_flags a0), (a0)) \
    V(0, xkb_context_set_log_level, (struct xkb_context *a0, enum xkb_log_level a1), (a0, a1)) \
    V(0, xkb_context_unref, (struct xkb_context *a0), (a0)) \
    F(0, int, xkb_keymap_key_get_syms_by_level, (struct xkb_keymap *a0, xkb_keycode_t a1, xkb_layout_index_t a2, xkb_level_index_t a3, const xkb_keysym_t **a4), (a0, a1, a2, a3, a4)) \
    F(0, int, xkb_keymap_key_repeats, (struct xkb_keymap *a0, xkb_keycode_t a1), (a0, a1)) \
    F(0, const char *, xkb_keymap_layout_get_name, (struct xkb_keymap *a0, xkb_layout_index_t a1), (a0, a1)) \
    F(0, struct xkb_keymap *, xkb_keymap_new_from_names, (struct xkb_context *a0, const struct xkb_rule_names *a1, enum xkb_keymap_compile_flags a2), (a0, a1, a2)) \
    F(0, xkb_level_index_t, xkb_keymap_num_levels_for_key, (struct xkb_keymap *a0, xkb_keycode_t a1, xkb_layout_index_t a2), (a0, a1, a2)) \
    V(0, xkb_keymap_unref, (struct xkb_keymap *a0), (a0)) \
    F(0, int, xkb_keysym_get_name, (xkb_keysym_t a0, char *a1, size_t a2), (a0, a1, a2)) \
    F(0, int, xkb_keysym_to_utf8, (xkb_keysym_t a0, char *a1, size_t a2), (a0, a1, a2)) \
    F(0, xkb_keysym_t, xkb_state_key_get_one_sym, (struct xkb_state *a0, xkb_keycode_t a1), (a0, a1)) \
    F(0, int, xkb_state_key_get_utf8, (struct xkb_state *a0, xkb_keycode_t a1, char *a2, size_t a3), (a0, a1, a2, a3)) \
    F(0, int, xkb_state_mod_name_is_active, (struct xkb_state *a0, const char *a1, enum xkb_state_component a2), (a0, a1, a2)) \
    F(0, struct xkb_state *, xkb_state_new, (struct xkb_keymap *a0), (a0)) \
    V(0, xkb_state_unref, (struct xkb_state *a0), (a0)) \
    F(0, enum xkb_state_component, xkb_state_update_key, (struct xkb_state *a0, xkb_keycode_t a1, enum xkb_key_direction a2), (a0, a1, a2))

GADGET_XKB_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {GADGET_XKB_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)};
static const char *const sonames[] = {"libxkbcommon.so.0"};
static gadget_lazy_library gadget_xkbcommon_library = GADGET_LAZY_LIBRARY_INIT("typing", sonames, symbols);

GADGET_XKB_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

int gadget_xkbcommon_load(void) { return gadget_lazy_load(&gadget_xkbcommon_library); }
const char *gadget_xkbcommon_message(void) { return gadget_lazy_message(&gadget_xkbcommon_library); }
