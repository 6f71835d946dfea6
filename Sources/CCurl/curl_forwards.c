// libcurl's functions that GadgetSources calls, forwarded to the library opened on first use
// (CLazyLink.h says why). A function Swift starts to call must be added here: the link fails
// until it is.
#include "CCurl.h"
#include "CLazyLink.h"
#include <stdarg.h>

#define GADGET_LAZY_LIBRARY gadget_curl_library
// What a forward returns when the library could not be loaded (libcurl's "failed to start" (CURLMcode 2 for the multi calls: a bad handle)).
#define GADGET_LAZY_ERROR CURLE_FAILED_INIT
#define GADGET_CURL_FUNCTIONS(F, V) \
    V(0, curl_easy_cleanup, (CURL *a0), (a0)) \
    F(0, CURL *, curl_easy_init, (void), ()) \
    F(0, const char *, curl_easy_strerror, (CURLcode a0), (a0)) \
    F(0, CURLcode, curl_global_init, (long int a0), (a0)) \
    F(0, CURLMcode, curl_multi_add_handle, (CURLM *a0, CURL *a1), (a0, a1)) \
    F(0, CURLMcode, curl_multi_cleanup, (CURLM *a0), (a0)) \
    F(0, CURLMsg *, curl_multi_info_read, (CURLM *a0, int *a1), (a0, a1)) \
    F(0, CURLM *, curl_multi_init, (void), ()) \
    F(0, CURLMcode, curl_multi_perform, (CURLM *a0, int *a1), (a0, a1)) \
    F(0, CURLMcode, curl_multi_poll, (CURLM *a0, struct curl_waitfd *a1, unsigned int a2, int a3, int *a4), (a0, a1, a2, a3, a4)) \
    F(0, CURLMcode, curl_multi_remove_handle, (CURLM *a0, CURL *a1), (a0, a1)) \
    F(0, const char *, curl_multi_strerror, (CURLMcode a0), (a0)) \
    F(0, CURLMcode, curl_multi_timeout, (CURLM *a0, long int *a1), (a0, a1)) \
    F(0, CURLMcode, curl_multi_wakeup, (CURLM *a0), (a0)) \
    F(0, struct curl_slist *, curl_slist_append, (struct curl_slist *a0, const char *a1), (a0, a1)) \
    V(0, curl_slist_free_all, (struct curl_slist *a0), (a0))
// Variadic: forwarded by hand below.
#define GADGET_CURL_VARIADIC(F, V) \
    F(0, CURLcode, curl_easy_setopt, (CURL *a0, CURLoption a1, ...), ()) \
    F(0, CURLcode, curl_easy_getinfo, (CURL *a0, CURLINFO a1, ...), ())

GADGET_CURL_FUNCTIONS(GADGET_SLOT, GADGET_SLOT_VOID)
GADGET_CURL_VARIADIC(GADGET_SLOT, GADGET_SLOT_VOID)
static const gadget_lazy_symbol symbols[] = {
    GADGET_CURL_FUNCTIONS(GADGET_ENTRY, GADGET_ENTRY_VOID)
    GADGET_CURL_VARIADIC(GADGET_ENTRY, GADGET_ENTRY_VOID)
};
// libcurl's soname has been .4 since 2006 (curl 7.16).
static const char *const sonames[] = {"libcurl.so.4"};
static gadget_lazy_library gadget_curl_library = GADGET_LAZY_LIBRARY_INIT("live data", sonames, symbols);

GADGET_CURL_FUNCTIONS(GADGET_FORWARD, GADGET_FORWARD_VOID)

// (The names in parentheses: curl.h makes both names macros that check types under GCC.)
// curl_easy_setopt's one argument has the type its option's number range says (curl.h's
// CURLOPTTYPE_*: below OBJECTPOINT a long; OBJECTPOINT and FUNCTIONPOINT a pointer; OFF_T a
// curl_off_t; BLOB a pointer), which is how libcurl itself reads it.
CURLcode (curl_easy_setopt)(CURL *handle, CURLoption option, ...) {
    if (!gadget_lazy_ready(&GADGET_LAZY_LIBRARY) && gadget_lazy_require(&GADGET_LAZY_LIBRARY) != 0) return GADGET_LAZY_ERROR;
    va_list ap;
    va_start(ap, option);
    CURLcode result;
    if (option < CURLOPTTYPE_OBJECTPOINT) result = gadget_slot_curl_easy_setopt(handle, option, va_arg(ap, long));
    else if (option < CURLOPTTYPE_OFF_T) result = gadget_slot_curl_easy_setopt(handle, option, va_arg(ap, void *));
    else if (option < CURLOPTTYPE_BLOB) result = gadget_slot_curl_easy_setopt(handle, option, va_arg(ap, curl_off_t));
    else result = gadget_slot_curl_easy_setopt(handle, option, va_arg(ap, void *));
    va_end(ap);
    return result;
}

// Every CURLINFO_* takes a pointer to where the answer goes.
CURLcode (curl_easy_getinfo)(CURL *handle, CURLINFO info, ...) {
    if (!gadget_lazy_ready(&GADGET_LAZY_LIBRARY) && gadget_lazy_require(&GADGET_LAZY_LIBRARY) != 0) return GADGET_LAZY_ERROR;
    va_list ap;
    va_start(ap, info);
    CURLcode result = gadget_slot_curl_easy_getinfo(handle, info, va_arg(ap, void *));
    va_end(ap);
    return result;
}

int gadget_curl_load(void) { return gadget_lazy_load(&gadget_curl_library); }
const char *gadget_curl_message(void) { return gadget_lazy_message(&gadget_curl_library); }
