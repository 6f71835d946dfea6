import Testing
@testable import GadgetCore

@Suite struct SpoolRecordTests {
    let submission = FormSubmission(form: "f", submission: "0f8fad5b-d9cb-469f-a165-70867728950e",
                                    fields: [FormField(name: "b", value: "2"), FormField(name: "a", value: "1")], createdAtWallSeconds: 5)

    @Test func roundTripsBothTargets() throws {
        for target in [FormTarget.url("http://127.0.0.1:8080/x"), .topic("museum/guestbook")] {
            let record = SpoolRecord(target: target, submission: submission)
            let back = try SpoolRecord(encoded: record.encoded())
            #expect(back == record)
            // What is sent after a restart is what would have been sent before it.
            #expect(back.submission.jsonBody() == submission.jsonBody())
        }
    }

    @Test func aRecordWithoutATargetIsRefused() {
        #expect(throws: FormSubmission.DecodeFailure.self) { try SpoolRecord(encoded: #"{"submission":{}}"#) }
        #expect(throws: FormSubmission.DecodeFailure.self) { try SpoolRecord(encoded: #"{"target":{"url":"http://x"}}"#) }
    }
}
