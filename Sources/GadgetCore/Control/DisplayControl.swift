/// The control protocol's display power words (docs/schedule.md): `{"cmd":"display","state":
/// "on"|"off"|"auto"}` and `state`'s `"display": {"on": bool, "cause": …}`. Pure pieces the
/// request decoder and the state reply use once the schedule runs in the kiosk loop.
public enum DisplayControl {
    /// `"state"` of a `display` request: `on` and `off` override the schedule until `auto`.
    public static func override(_ value: JSONValue?) throws(ControlFailure) -> DisplayPowerPolicy.Override {
        guard let value else { throw ControlFailure(field: "state", message: "missing (one of on, off, auto)") }
        guard case .string(let s) = value, let o = DisplayPowerPolicy.Override(rawValue: s) else {
            throw ControlFailure(field: "state", message: "expected \"on\", \"off\" or \"auto\"")
        }
        return o
    }

    /// `{"on": true, "cause": "schedule"}`, the `display` member of `state`'s reply and of
    /// MQTT health.
    public static func report(_ d: DisplayPowerPolicy.Decision) -> JSONValue {
        .object([("on", .bool(d.on)), ("cause", .string(d.cause.rawValue))])
    }
}
