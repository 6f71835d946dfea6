import GadgetCore
import Testing

/// `.loadFailed`'s one short true reason (issue 40).
@Suite struct WebLoadFailureTests {
    @Test func httpStatusesPastFourHundredAreFailures() {
        #expect(WebLoadFailure.reason(httpStatus: 500) == "HTTP 500")
        #expect(WebLoadFailure.reason(httpStatus: 404) == "HTTP 404")
        #expect(WebLoadFailure.reason(httpStatus: 200) == nil)
        #expect(WebLoadFailure.reason(httpStatus: 0) == nil)  // not HTTP (about:, data:)
        #expect(WebLoadFailure.reason(timedOutAfter: 20) == "timed out after 20 s")
    }

    /// libsoup 3's and GIO's messages as WebKit 2.38 passes them on.
    @Test func networkMessagesBecomeTheWordsPeopleSearchFor() {
        #expect(WebLoadFailure.reason(message: "Could not connect to 127.0.0.1: Connection refused") == "connection refused")
        #expect(WebLoadFailure.reason(message: "Error resolving “menu.invalid”: Name or service not known") == "host not found")
        #expect(WebLoadFailure.reason(message: "Unacceptable TLS certificate") == "TLS: Unacceptable TLS certificate")
        #expect(WebLoadFailure.reason(message: "Socket I/O timed out") == "timed out")
        // Anything else is WebKit's own words: first line, bounded.
        #expect(WebLoadFailure.reason(message: "Unsupported URI scheme\nmore") == "Unsupported URI scheme")
        let long = WebLoadFailure.reason(message: String(repeating: "x", count: 500))
        #expect(long.count == WebLoadFailure.maximumReasonLength && long.hasSuffix("…"))
    }
}
