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
    /// Quiet hours (`schedule.volume`): during a span the board plays at its `level` times the
    /// board's volume; where spans overlap the quietest wins; outside every span, full level.
    /// Weekly only: a dated exception does not change them.
    public var volume: [ScheduleSpan] = []
    /// How long a touch on a closed display wakes it, seconds; 0: a touch does not wake it.
    public var wakeOnTouchSeconds: Double
    public var playlist: Playlist?

    public init(timeZoneName: String? = nil, displayOn: [ScheduleSpan]? = nil, pages: [ScheduleSpan] = [],
                exceptions: [ScheduleException] = [], wakeOnTouchSeconds: Double = 60, playlist: Playlist? = nil) {
        self.timeZoneName = timeZoneName; self.displayOn = displayOn; self.pages = pages
        self.exceptions = exceptions; self.wakeOnTouchSeconds = wakeOnTouchSeconds; self.playlist = playlist
    }

    /// Whether anything here depends on the clock (a board without it needs no zone or clock).
    public var isTimed: Bool { hasOpeningHours || !pages.isEmpty || !volume.isEmpty }

    /// Whether the display is ever switched by the schedule: opening hours, or dated exceptions
    /// (a kiosk on all the time but closed at Christmas gives only `exceptions`).
    public var hasOpeningHours: Bool { displayOn != nil || !exceptions.isEmpty }

    /// The weekly opening hours the evaluator uses: `displayOn`, or all day every day when only
    /// exceptions are given; nil: always on.
    public var weeklyDisplayOn: [ScheduleSpan]? {
        displayOn ?? (exceptions.isEmpty ? nil : [ScheduleSpan(days: .everyDay, from: 0, to: 86_400, jsonPath: "schedule")])
    }

    /// The exception covering `date`, if any (the last one listed wins when two cover it).
    public func exception(on date: CivilDate) -> ScheduleException? {
        exceptions.last { $0.dates.contains(date) }
    }
}
