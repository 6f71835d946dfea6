/// What a kiosk says about itself every `--mqtt-health` seconds (retained on `PREFIX/NAME/health`,
/// docs/mqtt.md): enough to tell from a fleet dashboard which screen is dead, slow or browning out.
/// An immutable value made on the loop thread and handed to the MQTT thread.
public struct KioskHealth: Equatable, Sendable {
    public var node: String
    /// Frames presented per second over the last health interval (0 on an idle board: frames are
    /// drawn only when something changes).
    public var framesPerSecond: Double
    public var framesPresented: UInt64
    public var missedVblanks: UInt64
    /// 99th percentiles since start, milliseconds; nil before there is a sample.
    public var frameTimeP99Milliseconds: Double?
    public var inputToFlipP99Milliseconds: Double?
    public var uptimeSeconds: Double
    public var reloadsSucceeded: UInt64
    public var reloadsFailed: UInt64
    public var displayConnected: Bool
    public var blanked: Bool
    /// The display's power and why (`{"on","cause"}`), as `state` reports it; nil: not known.
    public var display: DisplayPowerPolicy.Decision?
    public var board: String
    /// Raspberry Pi only (nil elsewhere, and then left out of the JSON).
    public var socTemperatureCelsius: Double?
    public var throttled: ThrottledFlags?

    public init(node: String, framesPerSecond: Double = 0, framesPresented: UInt64 = 0, missedVblanks: UInt64 = 0,
                frameTimeP99Milliseconds: Double? = nil, inputToFlipP99Milliseconds: Double? = nil, uptimeSeconds: Double = 0,
                reloadsSucceeded: UInt64 = 0, reloadsFailed: UInt64 = 0, displayConnected: Bool = true, blanked: Bool = false,
                board: String = "", socTemperatureCelsius: Double? = nil, throttled: ThrottledFlags? = nil) {
        self.node = node; self.framesPerSecond = framesPerSecond; self.framesPresented = framesPresented
        self.missedVblanks = missedVblanks; self.frameTimeP99Milliseconds = frameTimeP99Milliseconds
        self.inputToFlipP99Milliseconds = inputToFlipP99Milliseconds; self.uptimeSeconds = uptimeSeconds
        self.reloadsSucceeded = reloadsSucceeded; self.reloadsFailed = reloadsFailed
        self.displayConnected = displayConnected; self.blanked = blanked; self.board = board
        self.socTemperatureCelsius = socTemperatureCelsius; self.throttled = throttled
    }

    /// Frames per second between two counts of presented frames `micros` apart.
    public static func rate(frames now: UInt64, since before: UInt64, over micros: Microseconds) -> Double {
        guard micros > 0, now >= before else { return 0 }
        return JSONWriter.rounded(Double(now - before) * 1_000_000 / Double(micros), places: 2)
    }

    /// The health JSON, keys in a fixed order; a figure not known is left out, never null.
    public var json: JSONValue {
        func ms(_ v: Double?) -> JSONValue? { v.map { .number(JSONWriter.rounded($0, places: 3)) } }
        var o: [(String, JSONValue)] = [
            ("node", .string(node)),
            ("board", .string(board)),
            ("fps", .number(JSONWriter.rounded(framesPerSecond, places: 2))),
            ("framesPresented", .number(Double(framesPresented))),
            ("missedVblanks", .number(Double(missedVblanks))),
        ]
        if let v = ms(frameTimeP99Milliseconds) { o.append(("frameTimeP99Ms", v)) }
        if let v = ms(inputToFlipP99Milliseconds) { o.append(("inputToFlipP99Ms", v)) }
        o.append(("uptimeSeconds", .number(JSONWriter.rounded(uptimeSeconds, places: 1))))
        o.append(("reloads", .object([("ok", .number(Double(reloadsSucceeded))), ("failed", .number(Double(reloadsFailed)))])))
        o.append(("displayConnected", .bool(displayConnected)))
        o.append(("blanked", .bool(blanked)))
        if let display { o.append(("display", DisplayControl.report(display))) }
        if let t = socTemperatureCelsius { o.append(("socTemperatureCelsius", .number(JSONWriter.rounded(t, places: 1)))) }
        if let f = throttled { o.append(("throttled", f.json)) }
        return .object(o)
    }
}
