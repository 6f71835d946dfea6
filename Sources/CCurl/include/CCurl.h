// libcurl (Debian: libcurl4-openssl-dev): the HTTP(S) client of live-data sources.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one inline helper
// per argument type.
#include <curl/curl.h>

typedef size_t (*gadget_curl_write_fn)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode gadget_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_set_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_set_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_set_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_set_list(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_set_write(CURL *h, CURLoption o, gadget_curl_write_fn v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gadget_curl_get_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode gadget_curl_get_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

// Opens libcurl (dlopen, once per process; CLazyLink.h says why): 0 when loaded, else -1 and
// gadget_curl_message() is one line ("live data needs libcurl.so.4: …"). Call before any curl
// function.
int gadget_curl_load(void);
const char *gadget_curl_message(void);
