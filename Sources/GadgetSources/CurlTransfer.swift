import CCurl
import GadgetCore

/// One HTTP(S) source's easy handle, reused from poll to poll (libcurl keeps its connection
/// alive), with the body and validators of the transfer in flight. Thread: the poller's only.
///
/// Everything a hostile server could use is bounded here: only http and https, also after a
/// redirect (at most `maximumRedirects`); TLS verified (system CAs or the board's `ca`); the
/// whole transfer within `timeoutSeconds`; a body over `maxBytes` refused twice — early from a
/// Content-Length (CURLOPT_MAXFILESIZE_LARGE) and, for a body without one or a compressed one
/// that inflates, by the write callback, which aborts once the decoded bytes pass the limit.
final class CurlTransfer {
    static let maximumRedirects = 5
    static let userAgent = "gadgetboard (live data; +https://github.com/gadgetboard)"

    let source: String
    let settings: HTTPSourceSettings
    /// The CA bundle's absolute path, when the board gives one.
    let caPath: String?
    let handle: UnsafeMutableRawPointer
    private var headers: UnsafeMutablePointer<curl_slist>?

    /// The transfer in flight (read by the callbacks through the handle's private pointer).
    var body: [UInt8] = []
    var overflowed = false
    var etag: String?
    var lastModified: String?

    init(source: String, settings: HTTPSourceSettings, caPath: String?) throws(CurlError) {
        guard let h = curl_easy_init() else { throw CurlError("curl_easy_init", code: Int32(CURLE_OUT_OF_MEMORY.rawValue)) }
        self.source = source; self.settings = settings; self.caPath = caPath; self.handle = h
        do { try configure() } catch {
            curl_easy_cleanup(h)
            throw error
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        if let headers { curl_slist_free_all(headers) }
    }

    private func set(_ name: String, _ option: CURLoption, _ value: Int) throws(CurlError) {
        try CurlError.check("curl_easy_setopt(\(name))", gadget_curl_set_long(handle, option, value))
    }

    private func set(_ name: String, _ option: CURLoption, _ value: String) throws(CurlError) {
        // libcurl copies string options (since 7.17), so the temporary C string may go.
        try CurlError.check("curl_easy_setopt(\(name))", value.withCString { gadget_curl_set_string(handle, option, $0) })
    }

    /// The options that stay the same from poll to poll.
    private func configure() throws(CurlError) {
        try set("CURLOPT_URL", CURLOPT_URL, settings.url.text)
        try set("CURLOPT_PROTOCOLS_STR", CURLOPT_PROTOCOLS_STR, "http,https")
        try set("CURLOPT_REDIR_PROTOCOLS_STR", CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set("CURLOPT_FOLLOWLOCATION", CURLOPT_FOLLOWLOCATION, 1)
        try set("CURLOPT_MAXREDIRS", CURLOPT_MAXREDIRS, CurlTransfer.maximumRedirects)
        let timeout = Int(settings.timeoutSeconds * 1000)
        try set("CURLOPT_TIMEOUT_MS", CURLOPT_TIMEOUT_MS, timeout)
        try set("CURLOPT_CONNECTTIMEOUT_MS", CURLOPT_CONNECTTIMEOUT_MS, timeout)
        // Signals are the loop's; libcurl's own timeouts use none with the threaded resolver.
        try set("CURLOPT_NOSIGNAL", CURLOPT_NOSIGNAL, 1)
        try set("CURLOPT_SSL_VERIFYPEER", CURLOPT_SSL_VERIFYPEER, 1)
        try set("CURLOPT_SSL_VERIFYHOST", CURLOPT_SSL_VERIFYHOST, 2)
        if let caPath { try set("CURLOPT_CAINFO", CURLOPT_CAINFO, caPath) }
        try CurlError.check("curl_easy_setopt(CURLOPT_MAXFILESIZE_LARGE)", gadget_curl_set_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(settings.maxBytes)))
        // "": every encoding libcurl decodes; the write callback counts decoded bytes, so a
        // compressed bomb is cut at maxBytes too.
        try set("CURLOPT_ACCEPT_ENCODING", CURLOPT_ACCEPT_ENCODING, "")
        try set("CURLOPT_USERAGENT", CURLOPT_USERAGENT, CurlTransfer.userAgent)
        let me = Unmanaged.passUnretained(self).toOpaque()
        try CurlError.check("curl_easy_setopt(CURLOPT_WRITEFUNCTION)", gadget_curl_set_write(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
        try CurlError.check("curl_easy_setopt(CURLOPT_WRITEDATA)", gadget_curl_set_pointer(handle, CURLOPT_WRITEDATA, me))
        try CurlError.check("curl_easy_setopt(CURLOPT_HEADERFUNCTION)", gadget_curl_set_write(handle, CURLOPT_HEADERFUNCTION, curlHeaderLine))
        try CurlError.check("curl_easy_setopt(CURLOPT_HEADERDATA)", gadget_curl_set_pointer(handle, CURLOPT_HEADERDATA, me))
        try CurlError.check("curl_easy_setopt(CURLOPT_PRIVATE)", gadget_curl_set_pointer(handle, CURLOPT_PRIVATE, me))
    }

    /// Ready for the next poll: an empty body, and the validators of the last answer as
    /// `If-None-Match` / `If-Modified-Since`.
    func prepare(etag lastETag: String?, lastModified lastDate: String?) throws(CurlError) {
        body.removeAll(keepingCapacity: false)
        overflowed = false
        etag = nil
        lastModified = nil
        if let headers { curl_slist_free_all(headers); self.headers = nil }
        var list: UnsafeMutablePointer<curl_slist>?
        if let lastETag { list = curl_slist_append(list, "If-None-Match: \(lastETag)") }
        if let lastDate { list = curl_slist_append(list, "If-Modified-Since: \(lastDate)") }
        headers = list
        try CurlError.check("curl_easy_setopt(CURLOPT_HTTPHEADER)", gadget_curl_set_list(handle, CURLOPT_HTTPHEADER, list))
    }

    /// The response's status code (0 when none arrived).
    var status: Int {
        var code = 0
        _ = gadget_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// A header line of the response (each response of a redirect chain starts with its status
    /// line, which resets the validators: only the final response's count).
    func headerLine(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= 8192 else { return }
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") { etag = nil; lastModified = nil; return }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = String(line[line.index(after: colon)...]).trimmingCharacters
        if name == "etag" { etag = value } else if name == "last-modified" { lastModified = value }
    }
}

/// CURLOPT_WRITEFUNCTION: appends up to the limit; returning less than given aborts the transfer
/// (CURLE_WRITE_ERROR), which is how a body over `maxBytes` is refused without holding it.
private let curlWriteBody: gadget_curl_write_fn = { pointer, size, count, user in
    guard let user, let pointer else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    if transfer.body.count + n > transfer.settings.maxBytes {
        transfer.overflowed = true
        return 0
    }
    transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: n))
    return n
}

/// CURLOPT_HEADERFUNCTION: one header line per call.
private let curlHeaderLine: gadget_curl_write_fn = { pointer, size, count, user in
    guard let user, let pointer else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    transfer.headerLine(UnsafeRawBufferPointer(start: pointer, count: size * count))
    return size * count
}

extension String {
    /// Without surrounding spaces, tabs and the line's CR LF.
    var trimmingCharacters: String {
        let drop: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let s = firstIndex(where: { !drop($0) }), let e = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[s...e])
    }
}
