/// A form (`"forms"`): the fields that name it are submitted together to one target, and cleared
/// after a while without use so the next visitor never sees the last one's entry.
public struct BoardForm: Sendable, Equatable {
    public var id: String
    public var submit: FormTarget
    /// The page shown after a submission is accepted (written to the spool); nil: stay.
    public var thanksPage: String?
    /// Seconds without a touch or key before the kiosk warns and then clears every field of the form.
    public var clearAfterSeconds: Double
    /// `forms[0]`: where the board file gave it.
    public var jsonPath: String

    public init(id: String, submit: FormTarget, thanksPage: String? = nil, clearAfterSeconds: Double = BoardForm.defaultClearAfterSeconds,
                jsonPath: String = "") {
        self.id = id; self.submit = submit; self.thanksPage = thanksPage; self.clearAfterSeconds = clearAfterSeconds; self.jsonPath = jsonPath
    }

    /// Interaction notes §2.4: public terminals wipe after minutes at most; one minute suits a counter.
    public static let defaultClearAfterSeconds = 60.0
}

/// Where a form's submissions go.
public enum FormTarget: Sendable, Equatable {
    /// HTTP POST of the JSON body to this http(s) URL.
    case url(String)
    /// MQTT publish at QoS 1 on this topic, through the board's broker.
    case topic(String)
}
