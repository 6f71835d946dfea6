/// An evemu file as read: the device description from its header (nil for an events-only file)
/// and its events with times in microseconds relative to the first event.
public struct EvemuRecording: Hashable, Sendable {
    /// From `# EVEMU major.minor`; 1.0 when the file has no version line.
    public var version: EvemuVersion
    public var device: InputDeviceDescription?
    /// Complete frames only: the last event is a SYN_REPORT (or the list is empty). Times are
    /// relative to the first event in the file, whether the file wrote absolute or relative times.
    public var events: [InputEvent]
    /// The first event's time exactly as written (absolute CLOCK_REALTIME or relative).
    public var firstEventTime: Microseconds?
    /// Events of a last frame cut short (no SYN_REPORT after them), dropped from `events`; a
    /// truncated last line counts as one.
    public var droppedTrailingEvents: Int
    /// `L:` and `S:` lines (format 1.3): LED and switch states when recording started.
    public var leds: [UInt16: Int32]
    public var switches: [UInt16: Int32]

    public init(version: EvemuVersion = .v1_0, device: InputDeviceDescription? = nil, events: [InputEvent] = [],
                firstEventTime: Microseconds? = nil, droppedTrailingEvents: Int = 0,
                leds: [UInt16: Int32] = [:], switches: [UInt16: Int32] = [:]) {
        self.version = version; self.device = device; self.events = events; self.firstEventTime = firstEventTime
        self.droppedTrailingEvents = droppedTrailingEvents; self.leds = leds; self.switches = switches
    }

    /// Time of the last kept event (the last SYN_REPORT), 0 when there are no events.
    public var duration: Microseconds { events.last?.time ?? 0 }

    /// The number of SYN_REPORT frames.
    public var frameCount: Int { events.lazy.filter { $0.type == EV.syn && $0.code == EV.synReport }.count }

    /// The same events with another device description (an events-only file played with the
    /// description of the device it was recorded from, e.g. file 6 with file 5).
    public func with(device: InputDeviceDescription) -> EvemuRecording {
        var r = self
        r.device = device
        return r
    }
}

/// An evemu file-format version.
public struct EvemuVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(_ major: Int, _ minor: Int) { self.major = major; self.minor = minor }
    public static let v1_0 = EvemuVersion(1, 0), v1_1 = EvemuVersion(1, 1), v1_2 = EvemuVersion(1, 2), v1_3 = EvemuVersion(1, 3)
    public static func < (l: EvemuVersion, r: EvemuVersion) -> Bool { (l.major, l.minor) < (r.major, r.minor) }
    public var description: String { "\(major).\(minor)" }
}
