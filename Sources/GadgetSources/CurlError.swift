import CCurl

/// A libcurl call that failed: the call and libcurl's code with its own words
/// (`curl_easy_setopt(CURLOPT_PROTOCOLS_STR) failed: Unsupported protocol (CURLcode 1)`).
public struct CurlError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public init(_ call: String, code: Int32) { self.call = call; self.code = code }

    public var description: String { "\(call) failed: \(CurlError.words(code)) (CURLcode \(code))" }

    static func words(_ code: Int32) -> String { String(cString: curl_easy_strerror(CURLcode(UInt32(bitPattern: code)))) }

    /// A failure a missing network gives (no name resolution, no proxy, no connection), as opposed
    /// to one the server gives: the case NetworkSandbox explains.
    public static func couldNotReach(_ code: CURLcode) -> Bool {
        code == CURLE_COULDNT_RESOLVE_HOST || code == CURLE_COULDNT_RESOLVE_PROXY || code == CURLE_COULDNT_CONNECT
    }

    /// Throws unless `code` is CURLE_OK.
    static func check(_ call: String, _ code: CURLcode) throws(CurlError) {
        guard code == CURLE_OK else { throw CurlError(call, code: Int32(bitPattern: code.rawValue)) }
    }
}
