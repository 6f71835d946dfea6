/// A wall-clock time of day in seconds since local midnight (0 ..< 86400; a board's `"to"` may be
/// 86400, `24:00`, the end of the day).
public typealias SecondOfDay = Int

/// A date and time as the clock on the wall shows it, with no zone.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: CivilDate
    /// Seconds since local midnight, 0 ..< 86400.
    public var secondOfDay: SecondOfDay

    public init(date: CivilDate, secondOfDay: SecondOfDay) { self.date = date; self.secondOfDay = secondOfDay }
    public init(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        self.init(date: CivilDate(year: year, month: month, day: day), secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// Seconds since 1970-01-01 00:00:00 of the same wall clock: what UTC seconds would be if the
    /// offset were zero. Subtracting a zone's offset gives the UTC instant.
    public var wallSeconds: Int64 { date.daysSinceEpoch * 86_400 + Int64(secondOfDay) }

    public init(wallSeconds s: Int64) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        self.init(date: CivilDate(daysSinceEpoch: days), secondOfDay: Int(s - days * 86_400))
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.wallSeconds < b.wallSeconds }

    public var description: String { "\(date)T\(TimeOfDay.format(secondOfDay))" }
}

/// What a zone's clock shows at one instant: the civil fields and the offset in force.
public struct CivilTime: Sendable, Hashable, CustomStringConvertible {
    public var local: LocalDateTime
    /// Seconds east of UTC (Lisbon summer +3600, New York winter −18000).
    public var offset: Int
    public var isDST: Bool
    /// `WET`, `WEST`, `EST`, `+03`…: the zone's designation at this instant.
    public var abbreviation: String

    public var date: CivilDate { local.date }
    public var year: Int64 { local.date.year }
    public var month: Int { local.date.month }
    public var day: Int { local.date.day }
    public var weekday: Weekday { local.date.weekday }
    public var hour: Int { local.secondOfDay / 3600 }
    public var minute: Int { local.secondOfDay / 60 % 60 }
    public var second: Int { local.secondOfDay % 60 }

    public var description: String {
        let sign = offset < 0 ? "-" : "+"
        let a = offset < 0 ? -offset : offset
        return "\(local)\(sign)\(CivilDate.padded(Int64(a / 3600), 2)):\(CivilDate.padded(Int64(a / 60 % 60), 2)) \(abbreviation)"
    }
}

/// Parsing and printing `HH:MM` / `HH:MM:SS` times of day.
public enum TimeOfDay {
    /// `07:30`, `07:30:15`, `24:00` (only with `allowEndOfDay`). Nil for anything else (`25:00`,
    /// `7:30`, `07:60`).
    public static func parse(_ text: String, allowEndOfDay: Bool = false) -> SecondOfDay? {
        let b = Array(text.utf8)
        guard b.count == 5 || b.count == 8, b[2] == UInt8(ascii: ":"), b.count == 5 || b[5] == UInt8(ascii: ":"),
              let h = CivilDate.digits(b[0..<2]), let m = CivilDate.digits(b[3..<5]) else { return nil }
        let s = b.count == 8 ? CivilDate.digits(b[6..<8]) : 0
        guard let s, m < 60, s < 60 else { return nil }
        if h == 24 { return allowEndOfDay && m == 0 && s == 0 ? 86_400 : nil }
        guard h < 24 else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public static func format(_ s: SecondOfDay) -> String {
        let base = "\(CivilDate.padded(Int64(s / 3600), 2)):\(CivilDate.padded(Int64(s / 60 % 60), 2))"
        return s % 60 == 0 ? base : base + ":\(CivilDate.padded(Int64(s % 60), 2))"
    }
}
