/// The JSON shapes of gadget states shared by `replay` (frame and final lines) and `run --state`:
/// `{"type":"final","t":…,"gadgets":[{"id":…,"center":[x,y],"size":[w,h],"rotation":degrees}]}`
/// (a paged board's adds `"page"`; its gadgets' centres are on their own page, not shifted).
/// Numbers are rounded (0.01 px, 0.001°) so the output is stable and readable.
public enum StateReport {
    public static func gadgets(_ states: [GadgetState]) -> JSONValue {
        func r(_ v: Double, _ p: Int) -> JSONValue { .number(JSONWriter.rounded(v, places: p)) }
        return .array(states.map { s in
            .object([
                ("id", .string(s.id)),
                ("center", .array([r(s.center.x, 2), r(s.center.y, 2)])),
                ("size", .array([r(s.size.width, 2), r(s.size.height, 2)])),
                ("rotation", r(s.rotationDegrees, 3)),
            ])
        })
    }

    /// - page: on a paged board, the page shown (`"page"` after `"t"`); nil leaves it out, so a
    ///   board without pages reports exactly as before pages existed.
    public static func final(time: Microseconds, states: [GadgetState], page: String? = nil) -> JSONValue {
        report("final", time: time, states: states, page: page)
    }

    public static func frame(time: Microseconds, states: [GadgetState], page: String? = nil) -> JSONValue {
        report("frame", time: time, states: states, page: page)
    }

    private static func report(_ type: String, time: Microseconds, states: [GadgetState], page: String?) -> JSONValue {
        var o: [(String, JSONValue)] = [("type", .string(type)), ("t", .number(JSONWriter.rounded(time.seconds, places: 6)))]
        if let page { o.append(("page", .string(page))) }
        o.append(("gadgets", gadgets(states)))
        return .object(o)
    }
}
