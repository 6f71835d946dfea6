/// What one spool file holds: where the submission goes and the submission itself,
/// `{"target":{"url":…}|{"topic":…},"submission":{…jsonBody…}}`. The target is written beside the
/// submission so a board edited or replaced after the visitor submitted still sends the entry
/// where it was meant to go. The body sent is `submission.jsonBody()`, which the deterministic
/// writer makes byte-identical on every attempt and after every restart.
public struct SpoolRecord: Sendable, Equatable {
    public var target: FormTarget
    public var submission: FormSubmission

    public init(target: FormTarget, submission: FormSubmission) { self.target = target; self.submission = submission }

    public func encoded() -> String {
        let target: JSONValue
        switch self.target {
        case .url(let u): target = .object([("url", .string(u))])
        case .topic(let t): target = .object([("topic", .string(t))])
        }
        return JSONWriter.write(.object([("target", target), ("submission", submission.json)]))
    }

    public init(encoded text: String) throws(FormSubmission.DecodeFailure) {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch { throw FormSubmission.DecodeFailure(message: "not JSON: \(error.description)") }
        let target: FormTarget
        if case .string(let u)? = value["target"]?["url"] {
            target = .url(u)
        } else if case .string(let t)? = value["target"]?["topic"] {
            target = .topic(t)
        } else {
            throw FormSubmission.DecodeFailure(message: "no \"target\" with a \"url\" or a \"topic\"")
        }
        guard let body = value["submission"] else { throw FormSubmission.DecodeFailure(message: "no \"submission\" object") }
        self.init(target: target, submission: try FormSubmission(json: body))
    }
}
