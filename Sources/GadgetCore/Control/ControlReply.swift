/// The replies of the control protocol, as one-line JSON objects (no newline): `"ok"` always,
/// the request's `"id"` when it had one, `"error"` (and `"field"`) on failure.
public enum ControlReply {
    /// A success: `{"id":…,"ok":true,…fields}`.
    public static func ok(id: JSONValue?, _ fields: [(String, JSONValue)] = []) -> String {
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", id)) }
        pairs.append(("ok", .bool(true)))
        pairs += fields
        return JSONWriter.write(.object(pairs))
    }

    /// A failure: `{"id":…,"ok":false,"error":"field: message","field":"field"}`.
    public static func error(_ failure: ControlFailure) -> String {
        var pairs: [(String, JSONValue)] = []
        if let id = failure.id { pairs.append(("id", id)) }
        pairs.append(("ok", .bool(false)))
        pairs.append(("error", .string(failure.description)))
        if let field = failure.field { pairs.append(("field", .string(field))) }
        return JSONWriter.write(.object(pairs))
    }

    /// A failure for request `id` about `field`.
    public static func error(id: JSONValue?, field: String?, _ message: String) -> String {
        error(ControlFailure(id: id, field: field, message: message))
    }
}
