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
