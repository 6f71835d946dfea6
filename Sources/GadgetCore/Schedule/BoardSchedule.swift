/// A board's clock-driven behaviour: its time zone, opening hours, pages by the time of day,
/// dated exceptions, how long a touch wakes a closed display, and the attract loop
/// (docs/schedule.md). Decoded from the board's `timezone`, `schedule`, `wakeOnTouchSeconds`
/// and `playlist`; the default is a kiosk with none of them: always on, no playlist.
public struct BoardSchedule: Sendable, Equatable {
    /// The IANA name from `"timezone"`; nil: the system's zone.
    public var timeZoneName: String?
    /// Opening hours; nil when the board gives none (the display stays on).
    public var displayOn: [ScheduleSpan]?
    /// Page rules: at a span's start the kiosk goes to its page. Never overlapping (`check`).
    public var pages: [ScheduleSpan]
    public var exceptions: [ScheduleException]
    /// How long a touch on a closed display wakes it, seconds; 0: a touch does not wake it.
    public var wakeOnTouchSeconds: Double
    public var playlist: Playlist?

    public init(timeZoneName: String? = nil, displayOn: [ScheduleSpan]? = nil, pages: [ScheduleSpan] = [],
                exceptions: [ScheduleException] = [], wakeOnTouchSeconds: Double = 60, playlist: Playlist? = nil) {
        self.timeZoneName = timeZoneName; self.displayOn = displayOn; self.pages = pages
        self.exceptions = exceptions; self.wakeOnTouchSeconds = wakeOnTouchSeconds; self.playlist = playlist
    }

    /// Whether anything here depends on the clock (a board without it needs no zone or clock).
    public var isTimed: Bool { displayOn != nil || !pages.isEmpty }

    /// The exception covering `date`, if any (the last one listed wins when two cover it).
    public func exception(on date: CivilDate) -> ScheduleException? {
        exceptions.last { $0.dates.contains(date) }
    }
}
