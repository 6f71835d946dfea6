import Testing
@testable import GadgetCore

@Suite struct FormSubmissionTests {
    let sample = FormSubmission(form: "guestbook", submission: "0f8fad5b-d9cb-469f-a165-70867728950e",
                                fields: [FormField(name: "name", value: "Grüße \"A\"\n"), FormField(name: "email", value: "a@b.c"),
                                         FormField(name: "city", value: "القاهرة")],
                                createdAtWallSeconds: 1_790_000_000)

    @Test func bodyKeepsTheFieldsInTheBoardsOrder() {
        #expect(sample.jsonBody() == #"{"form":"guestbook","submission":"0f8fad5b-d9cb-469f-a165-70867728950e","fields":{"name":"Grüße \"A\"\n","email":"a@b.c","city":"القاهرة"},"created":1790000000}"#)
    }

    @Test func bodyReadsBackToTheSameSubmission() throws {
        #expect(try FormSubmission(jsonBody: sample.jsonBody()) == sample)
    }

    @Test func damagedBodiesAreRefusedWithOneReason() {
        let cases: [(String, String)] = [
            ("", "not JSON"),
            ("[]", "expected an object"),
            (#"{"submission":"0f8fad5b-d9cb-469f-a165-70867728950e","fields":{},"created":1}"#, "no \"form\""),
            (#"{"form":"f","submission":"nope","fields":{},"created":1}"#, "not a UUID v4"),
            (#"{"form":"f","submission":"0f8fad5b-d9cb-469f-a165-70867728950e","fields":{"a":1},"created":1}"#, "field \"a\""),
            (#"{"form":"f","submission":"0f8fad5b-d9cb-469f-a165-70867728950e","fields":{},"created":1.5}"#, "created"),
            // A file cut short by a crash (never renamed into place, but a disk can still do it).
            (#"{"form":"f","submission":"0f8fad5b-d9cb-469f-a165-70867728950e","fie"#, "not JSON"),
        ]
        for (text, reason) in cases {
            do {
                _ = try FormSubmission(jsonBody: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.contains(reason), "\(text): \(error.message)")
            }
        }
    }
}

@Suite struct SubmissionKeyTests {
    @Test func seededKeysAreVersion4AndRepeatable() {
        var a = SplitMix64(seed: 38)
        var b = SplitMix64(seed: 38)
        var seen = Set<String>()
        for _ in 0..<1000 {
            let key = SubmissionKey.make(using: &a)
            #expect(key == SubmissionKey.make(using: &b))
            #expect(SubmissionKey.isValid(key), "\(key)")
            seen.insert(key)
        }
        #expect(seen.count == 1000)
    }

    @Test func validityIsStrict() {
        #expect(SubmissionKey.isValid("0f8fad5b-d9cb-469f-a165-70867728950e"))
        #expect(!SubmissionKey.isValid("0F8FAD5B-D9CB-469F-A165-70867728950E"))  // written lower-case
        #expect(!SubmissionKey.isValid("0f8fad5b-d9cb-369f-a165-70867728950e"))  // version 3
        #expect(!SubmissionKey.isValid("0f8fad5b-d9cb-469f-7165-70867728950e"))  // variant
        #expect(!SubmissionKey.isValid("0f8fad5bd9cb469fa16570867728950e"))
    }
}

@Suite struct RetryBackoffTests {
    @Test func doublesToTheCapAndResetsAfterASuccess() {
        var b = RetryBackoff(initial: 500_000, maximum: 8_000_000, jitterPercent: 0)
        let waits = (0..<7).map { _ in b.failed(random: 0) }
        #expect(waits == [500_000, 1_000_000, 2_000_000, 4_000_000, 8_000_000, 8_000_000, 8_000_000])
        b.succeeded()
        #expect(b.failed(random: 0) == 500_000)
    }

    @Test func jitterOnlyShortensAndIsSeeded() {
        var b = RetryBackoff(initial: 1_000_000, maximum: 4_000_000, jitterPercent: 20)
        var random = SplitMix64(seed: 7)
        for n in 0..<10 {
            let wait = b.failed(random: UInt32(random.next() % 1_000_000))
            let base = b.delay(afterFailures: n)
            #expect(wait <= base && wait >= base - base / 5)
        }
    }

    @Test func neverOverflowsAfterManyFailures() {
        var b = RetryBackoff()
        for _ in 0..<10_000 { _ = b.failed(random: 999_999) }
        #expect(b.delay(afterFailures: 10_000) == b.maximum)
    }
}
