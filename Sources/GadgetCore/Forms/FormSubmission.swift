/// What a visitor submitted: the form's id, the idempotency key, the fields in the board's order
/// and the wall-clock second it was made (handed in: this module never reads a clock).
/// `jsonBody()` is the body sent to the form's URL or topic and the content of its spool file:
/// `{"form":…,"submission":…,"fields":{name:value,…},"created":…}`, written by the core JSON
/// writer (same submission, same bytes: a resend is byte-identical).
public struct FormSubmission: Sendable, Equatable {
    public var form: String
    /// The idempotency key (`SubmissionKey`): a UUID v4.
    public var submission: String
    public var fields: [FormField]
    /// Seconds since the Unix epoch when the visitor submitted (the wall clock, for the receiver).
    public var createdAtWallSeconds: Int64

    public init(form: String, submission: String, fields: [FormField], createdAtWallSeconds: Int64) {
        self.form = form; self.submission = submission; self.fields = fields; self.createdAtWallSeconds = createdAtWallSeconds
    }

    public var json: JSONValue {
        .object([
            ("form", .string(form)),
            ("submission", .string(submission)),
            ("fields", .object(fields.map { ($0.name, .string($0.value)) })),
            ("created", .number(Double(createdAtWallSeconds))),
        ])
    }

    public func jsonBody() -> String { JSONWriter.write(json) }

    /// Why a stored body is not a submission (a spool file damaged by a disk or a hand).
    public struct DecodeFailure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// The submission a `jsonBody()` wrote, strictly: every member present with its type, the key
    /// a valid UUID v4, the fields' order kept.
    public init(json value: JSONValue) throws(DecodeFailure) {
        guard case .object = value else { throw DecodeFailure(message: "expected an object, got \(value.kindName)") }
        guard case .string(let form)? = value["form"], !form.isEmpty else { throw DecodeFailure(message: "no \"form\" string") }
        guard case .string(let key)? = value["submission"] else { throw DecodeFailure(message: "no \"submission\" string") }
        guard SubmissionKey.isValid(key) else { throw DecodeFailure(message: "\"submission\" is not a UUID v4") }
        guard case .object(let pairs)? = value["fields"] else { throw DecodeFailure(message: "no \"fields\" object") }
        var fields: [FormField] = []
        for (name, v) in pairs {
            guard case .string(let s) = v else { throw DecodeFailure(message: "field \"\(name)\" is not a string") }
            fields.append(FormField(name: name, value: s))
        }
        guard case .number(let created)? = value["created"], created == created.rounded(), abs(created) < 1e15 else {
            throw DecodeFailure(message: "no whole \"created\" number")
        }
        self.init(form: form, submission: key, fields: fields, createdAtWallSeconds: Int64(created))
    }

    public init(jsonBody text: String) throws(DecodeFailure) {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch { throw DecodeFailure(message: "not JSON: \(error.description)") }
        try self.init(json: value)
    }
}
