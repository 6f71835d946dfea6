import Testing
@testable import GadgetCore

@Suite struct SourceStatusBookTests {
    @Test func eventsOnTransitionsOnlyAndCountsByResult() {
        var book = SourceStatusBook(sourceIDs: ["w"])
        let e500 = SourceFailure(kind: .status, httpStatus: 500, message: "HTTP 500")
        #expect(book.record(SourceFetch(source: "w", outcome: .body([1]), at: 1_000_000, nextPoll: 11_000_000)) == nil)
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(e500), at: 11_000_000, nextPoll: 21_000_000))
            == SourceStatusBook.Event(source: "w", kind: .error, failure: e500))
        // Still failing: no second event.
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(e500), at: 21_000_000, nextPoll: 41_000_000)) == nil)
        #expect(book.record(SourceFetch(source: "w", outcome: .notModified, at: 41_000_000, nextPoll: 51_000_000))
            == SourceStatusBook.Event(source: "w", kind: .recovered, failure: nil))
        #expect(book.record(SourceFetch(source: "nope", outcome: .notModified, at: 1)) == nil)
        let s = book.statuses[0]
        #expect(s.fetches == ["ok": 1, "http_500": 2, "not_modified": 1])
        #expect(s.age(now: 43_000_000) == 2)
        #expect(JSONWriter.write(book.report(now: 43_000_000))
            == #"[{"id":"w","lastSuccessSecondsAgo":2,"ageSeconds":2,"lastError":null,"nextPollInSeconds":8}]"#)
    }

    @Test func reportCarriesTheHTTPStatus() {
        var book = SourceStatusBook(sourceIDs: ["w"])
        _ = book.record(SourceFetch(source: "w", outcome: .failed(SourceFailure(kind: .status, httpStatus: 503, message: "HTTP 503")), at: 0, nextPoll: 5_000_000))
        #expect(JSONWriter.write(book.report(now: 1_000_000))
            == #"[{"id":"w","lastSuccessSecondsAgo":null,"ageSeconds":null,"lastError":{"message":"HTTP 503","kind":"status","httpStatus":503,"secondsAgo":1},"nextPollInSeconds":4}]"#)
    }
}

@Suite struct SourceStatusBookInvalidTests {
    @Test func anAnswerTheBoardCannotReadIsOneInvalidEvent() {
        var book = SourceStatusBook(sourceIDs: ["w"])
        let html = SourceFailure(kind: .invalid, message: "not JSON")
        #expect(book.record(SourceFetch(source: "w", outcome: .body([1]), at: 1_000_000)) == nil)
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(html), at: 2_000_000))
            == SourceStatusBook.Event(source: "w", kind: .invalid, failure: html))
        #expect(book.isInvalid("w"))
        // Still invalid, and a 304 confirming the refused body: no event, counted invalid.
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(html), at: 3_000_000)) == nil)
        #expect(book.record(SourceFetch(source: "w", outcome: .notModified, at: 4_000_000)) == nil)
        #expect(book.statuses[0].lastError == html && book.statuses[0].valueSince == 1_000_000)
        // From invalid to a timeout and back: each change of kind is one event.
        let timeout = SourceFailure(kind: .timeout, message: "timed out")
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(timeout), at: 5_000_000))?.kind == .error)
        #expect(book.record(SourceFetch(source: "w", outcome: .failed(html), at: 6_000_000))?.kind == .invalid)
        #expect(book.record(SourceFetch(source: "w", outcome: .body([2]), at: 7_000_000))?.kind == .recovered)
        #expect(book.statuses[0].fetches == ["ok": 2, "invalid": 4, "timeout": 1])
        #expect(html.metricResult == "invalid")
    }
}

@Suite struct LineRateLimitTests {
    @Test func oneLinePerKeyPerInterval() {
        var r = LineRateLimit(interval: 60)
        #expect(r.admit("s", now: 0) == 0)
        #expect(r.admit("s", now: 1) == nil)
        #expect(r.admit("t", now: 1) == 0)
        #expect(r.admit("s", now: 59.9) == nil)
        #expect(r.admit("s", now: 60) == 2)
        #expect(r.admit("s", now: 61) == nil)
    }
}
