/// The JSON shapes of gadget states shared by `replay` (frame and final lines) and `run --state`:
/// `{"type":"final","t":…,"gadgets":[{"id":…,"center":[x,y],"size":[w,h],"rotation":degrees}]}`.
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

    public static func final(time: Microseconds, states: [GadgetState]) -> JSONValue {
        .object([("type", .string("final")), ("t", .number(JSONWriter.rounded(time.seconds, places: 6))), ("gadgets", gadgets(states))])
    }

    public static func frame(time: Microseconds, states: [GadgetState]) -> JSONValue {
        .object([("type", .string("frame")), ("t", .number(JSONWriter.rounded(time.seconds, places: 6))), ("gadgets", gadgets(states))])
    }
}
