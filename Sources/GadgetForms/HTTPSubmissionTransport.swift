import CCurl
import GadgetCore
import GadgetSystem
import Synchronization

/// HTTP POST of a submission's JSON body through libcurl, with the idempotency key also in an
/// `Idempotency-Key` header (the IETF httpapi draft's name) so a server can de-duplicate without
/// reading the body. One multi handle (libcurl keeps the connection to the server alive between
/// submissions); each delivery polls it, so `interrupt` (curl_multi_wakeup) ends a wait at once.
///
/// Only http and https; no redirects (a POST redirected is answered by another resource, not
/// accepted); TLS verified; the whole exchange within `timeoutMilliseconds`.
/// Thread: `deliver` on one thread at a time (the sender's); `interrupt` from any.
public final class HTTPSubmissionTransport: SubmissionTransport, @unchecked Sendable {
    public static let userAgent = "gadgetboard (forms; +https://github.com/gadgetboard)"
    /// A reply body is read and dropped; one larger than this ends the exchange as failed.
    static let maximumReplyBytes = 64 << 10

    public let timeoutMilliseconds: Int
    private let multi: UnsafeMutableRawPointer
    private let interrupted = Atomic<Bool>(false)
    /// Thread: the delivering one.
    fileprivate var replyBytes = 0

    /// Opens libcurl (on first use, CCurl) and its multi handle.
    public init(timeoutMilliseconds: Int = 10_000) throws(HTTPSubmissionError) {
        guard gadget_curl_load() == 0 else { throw .library(String(cString: gadget_curl_message())) }
        HTTPSubmissionTransport.globalInit
        guard let m = curl_multi_init() else { throw .library("curl_multi_init failed") }
        multi = m
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    deinit { curl_multi_cleanup(multi) }

    /// libcurl's global state, once per process (the live-data poller does the same; calling
    /// curl_global_init twice is counted by libcurl and harmless).
    static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        curl_multi_wakeup(multi)
    }

    public func deliver(_ record: SpoolRecord, body: String) -> DeliveryOutcome {
        guard case .url(let url) = record.target else { return .failed("not an HTTP target") }
        guard let easy = curl_easy_init() else { return .failed("curl_easy_init failed") }
        var headers: UnsafeMutablePointer<curl_slist>?
        headers = curl_slist_append(headers, "Content-Type: application/json")
        headers = curl_slist_append(headers, "Idempotency-Key: \(record.submission.submission)")
        // No "Expect: 100-continue" round trip for a small body.
        headers = curl_slist_append(headers, "Expect:")
        defer {
            curl_easy_cleanup(easy)
            curl_slist_free_all(headers)
        }
        replyBytes = 0
        do throws(CurlCallError) {
            try set(easy, "CURLOPT_URL", CURLOPT_URL, url)
            try set(easy, "CURLOPT_PROTOCOLS_STR", CURLOPT_PROTOCOLS_STR, "http,https")
            try set(easy, "CURLOPT_FOLLOWLOCATION", CURLOPT_FOLLOWLOCATION, 0)
            try set(easy, "CURLOPT_TIMEOUT_MS", CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
            try set(easy, "CURLOPT_CONNECTTIMEOUT_MS", CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds)
            try set(easy, "CURLOPT_NOSIGNAL", CURLOPT_NOSIGNAL, 1)
            try set(easy, "CURLOPT_SSL_VERIFYPEER", CURLOPT_SSL_VERIFYPEER, 1)
            try set(easy, "CURLOPT_SSL_VERIFYHOST", CURLOPT_SSL_VERIFYHOST, 2)
            try set(easy, "CURLOPT_USERAGENT", CURLOPT_USERAGENT, HTTPSubmissionTransport.userAgent)
            // COPYPOSTFIELDS: libcurl keeps its own copy; also makes the request a POST.
            try set(easy, "CURLOPT_POSTFIELDSIZE", CURLOPT_POSTFIELDSIZE, body.utf8.count)
            try set(easy, "CURLOPT_COPYPOSTFIELDS", CURLOPT_COPYPOSTFIELDS, body)
            try check("CURLOPT_HTTPHEADER", gadget_curl_set_list(easy, CURLOPT_HTTPHEADER, headers))
            try check("CURLOPT_WRITEFUNCTION", gadget_curl_set_write(easy, CURLOPT_WRITEFUNCTION, dropReply))
            try check("CURLOPT_WRITEDATA", gadget_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(self).toOpaque()))
        } catch {
            return .failed(error.description)
        }
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else { return .failed("curl_multi_add_handle failed") }
        defer { curl_multi_remove_handle(multi, easy) }
        while true {
            if interrupted.load(ordering: .relaxed) { return .failed("interrupted (the kiosk is stopping)") }
            var running: Int32 = 0
            let rc = curl_multi_perform(multi, &running)
            if rc != CURLM_OK { return .failed("curl_multi_perform: \(String(cString: curl_multi_strerror(rc)))") }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, message.pointee.easy_handle == easy else { continue }
                return outcome(easy, message.pointee.data.result)
            }
            var ready: Int32 = 0
            _ = curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
    }

    private func outcome(_ easy: UnsafeMutableRawPointer, _ result: CURLcode) -> DeliveryOutcome {
        if result == CURLE_OPERATION_TIMEDOUT { return .failed("no complete reply within \(timeoutMilliseconds) ms") }
        if result == CURLE_WRITE_ERROR, replyBytes > HTTPSubmissionTransport.maximumReplyBytes {
            return .failed("reply larger than \(HTTPSubmissionTransport.maximumReplyBytes) bytes")
        }
        guard result == CURLE_OK else {
            // No name resolution or no connection: say when this process has no network at all
            // (the unit's PrivateNetwork=yes) rather than blame the server.
            let unreachable = result == CURLE_COULDNT_RESOLVE_HOST || result == CURLE_COULDNT_RESOLVE_PROXY || result == CURLE_COULDNT_CONNECT
            return .failed(NetworkSandbox.explain(String(cString: curl_easy_strerror(result)), couldNotReach: unreachable))
        }
        var status = 0
        _ = gadget_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return (200...299).contains(status) ? .accepted : .failed("HTTP \(status)")
    }

    private func set(_ easy: UnsafeMutableRawPointer, _ name: String, _ option: CURLoption, _ value: Int) throws(CurlCallError) {
        try check(name, gadget_curl_set_long(easy, option, value))
    }

    private func set(_ easy: UnsafeMutableRawPointer, _ name: String, _ option: CURLoption, _ value: String) throws(CurlCallError) {
        try check(name, value.withCString { gadget_curl_set_string(easy, option, $0) })
    }

    private func check(_ name: String, _ code: CURLcode) throws(CurlCallError) {
        guard code == CURLE_OK else { throw CurlCallError(description: "curl_easy_setopt(\(name)) failed: \(String(cString: curl_easy_strerror(code)))") }
    }
}

struct CurlCallError: Error {
    var description: String
}

/// Why the HTTP transport could not start.
public enum HTTPSubmissionError: Error, Sendable, CustomStringConvertible {
    /// libcurl could not be opened: the loader's one line.
    case library(String)
    public var description: String {
        switch self { case .library(let m): return m }
    }
}

/// CURLOPT_WRITEFUNCTION: the reply's body is counted and dropped (its status is the answer).
private let dropReply: gadget_curl_write_fn = { _, size, count, user in
    guard let user else { return 0 }
    let transport = Unmanaged<HTTPSubmissionTransport>.fromOpaque(user).takeUnretainedValue()
    transport.replyBytes += size * count
    return transport.replyBytes > HTTPSubmissionTransport.maximumReplyBytes ? 0 : size * count
}
