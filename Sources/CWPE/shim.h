#ifndef GADGET_CWPE_H
#define GADGET_CWPE_H
/* WPE WebKit 2.38 (libwpewebkit-1.1-dev) and the GLib it is built on, for the web helper
 * (gadgetboard-web) only: the kiosk never links WebKit (issue 35's start-up target).
 * Static inline helpers stand in for the GLib macros and varargs calls Swift cannot import. */
#include <wpe/webkit.h>
#include <glib-unix.h>

/* g_signal_connect is a macro; the handler is cast to GCallback here so Swift passes a typed
 * @convention(c) function and never bit-casts. One helper per handler shape the helper uses. */
typedef void (*gb_load_changed_fn)(WebKitWebView *, WebKitLoadEvent, gpointer);
typedef gboolean (*gb_load_failed_fn)(WebKitWebView *, WebKitLoadEvent, const gchar *, GError *, gpointer);
typedef gboolean (*gb_decide_policy_fn)(WebKitWebView *, WebKitPolicyDecision *, WebKitPolicyDecisionType, gpointer);
typedef WebKitWebView *(*gb_create_fn)(WebKitWebView *, WebKitNavigationAction *, gpointer);
typedef void (*gb_web_process_terminated_fn)(WebKitWebView *, WebKitWebProcessTerminationReason, gpointer);
typedef void (*gb_script_message_fn)(WebKitUserContentManager *, WebKitJavascriptResult *, gpointer);
typedef void (*gb_download_started_fn)(WebKitWebContext *, WebKitDownload *, gpointer);

static inline gulong gb_connect_load_changed(WebKitWebView *view, gb_load_changed_fn fn, gpointer data) {
    return g_signal_connect(view, "load-changed", G_CALLBACK(fn), data);
}
static inline gulong gb_connect_load_failed(WebKitWebView *view, gb_load_failed_fn fn, gpointer data) {
    return g_signal_connect(view, "load-failed", G_CALLBACK(fn), data);
}
static inline gulong gb_connect_decide_policy(WebKitWebView *view, gb_decide_policy_fn fn, gpointer data) {
    return g_signal_connect(view, "decide-policy", G_CALLBACK(fn), data);
}
static inline gulong gb_connect_create(WebKitWebView *view, gb_create_fn fn, gpointer data) {
    return g_signal_connect(view, "create", G_CALLBACK(fn), data);
}
static inline gulong gb_connect_web_process_terminated(WebKitWebView *view, gb_web_process_terminated_fn fn, gpointer data) {
    return g_signal_connect(view, "web-process-terminated", G_CALLBACK(fn), data);
}
/* "script-message-received::gadgetboard": the detail names the handler the user script posts to. */
static inline gulong gb_connect_script_message(WebKitUserContentManager *manager, const char *handler, gb_script_message_fn fn, gpointer data) {
    gchar *signal = g_strconcat("script-message-received::", handler, NULL);
    gulong id = g_signal_connect(manager, signal, G_CALLBACK(fn), data);
    g_free(signal);
    return id;
}
static inline gulong gb_connect_download_started(WebKitWebContext *context, gb_download_started_fn fn, gpointer data) {
    return g_signal_connect(context, "download-started", G_CALLBACK(fn), data);
}

/* The context is made with g_object_new (varargs): the memory-pressure settings are a
 * construct-only property, and the data manager is ephemeral (nothing on disk, so helpers of
 * several gadgets never share or leave cookies). */
static inline WebKitWebContext *gb_web_context_new(WebKitMemoryPressureSettings *memory) {
    WebKitWebsiteDataManager *data = webkit_website_data_manager_new_ephemeral();
    WebKitWebContext *context = WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT,
        "website-data-manager", data, "memory-pressure-settings", memory, NULL));
    g_object_unref(data);
    return context;
}

/* A view on our context and user content manager (both construct-only properties: varargs). */
static inline WebKitWebView *gb_web_view_new(WebKitWebViewBackend *backend, WebKitWebContext *context, WebKitUserContentManager *content) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "backend", backend, "web-context", context,
                                        "user-content-manager", content, NULL));
}

/* g_signal_handlers_disconnect_by_data is a macro: every handler of `instance` with `data`. */
static inline void gb_disconnect_all(gpointer instance, gpointer data) { g_signal_handlers_disconnect_by_data(instance, data); }

/* The casts GObject spells as macros. */
static inline WebKitNavigationPolicyDecision *gb_navigation_decision(WebKitPolicyDecision *d) { return WEBKIT_NAVIGATION_POLICY_DECISION(d); }
static inline WebKitResponsePolicyDecision *gb_response_decision(WebKitPolicyDecision *d) { return WEBKIT_RESPONSE_POLICY_DECISION(d); }
static inline void gb_object_unref(gpointer object) { g_object_unref(object); }
#endif
