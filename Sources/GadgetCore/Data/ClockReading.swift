/// A moment as a wall clock in some time zone shows it: what `{time|…}` and `{date|…}` format.
/// Made from a Unix time and the zone's UTC offset at that time (the OS layer or the board's
/// time zone supplies the offset; the core never reads a clock or a zone database).
public struct ClockReading: Sendable, Hashable {
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// 0 is Sunday … 6 Saturday (C's tm_wday).
    public var weekday: Int
    /// 1...366.
    public var dayOfYear: Int
    /// Seconds east of UTC.
    public var utcOffsetSeconds: Int
    /// The zone's abbreviation (`CET`, `WEST`); may be empty.
    public var zoneAbbreviation: String
    /// The Unix time this is (whole seconds).
    public var unixSeconds: Int64

    /// The civil time of Unix time `unixSeconds` (floored to a whole second) at `utcOffsetSeconds`.
    public init(unixSeconds: Int64, utcOffsetSeconds: Int, zoneAbbreviation: String = "") {
        self.unixSeconds = unixSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.zoneAbbreviation = zoneAbbreviation
        let local = unixSeconds + Int64(utcOffsetSeconds)
        let days = ClockReading.floorDiv(local, 86_400)
        let secondsOfDay = Int(local - days * 86_400)
        hour = secondsOfDay / 3600
        minute = secondsOfDay / 60 % 60
        second = secondsOfDay % 60
        (year, month, day) = ClockReading.civil(fromDays: days)
        weekday = Int((days % 7 + 11) % 7)  // 1970-01-01 was a Thursday (4)
        dayOfYear = Int(days - ClockReading.days(year: year, month: 1, day: 1)) + 1
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01 (Hinnant's civil_from_days).
    static func civil(fromDays z0: Int64) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }
}

/// Weekday and month names, the AM/PM words and the number separators of one locale, as the OS
/// layer reads them from glibc (`nl_langinfo_l(DAY_1…)`); the core has no locale data of its own
/// beyond English (and C's numbers).
public struct LocaleNames: Sendable, Hashable {
    /// Sunday first, as C's DAY_1…DAY_7.
    public var days: [String]
    public var abbreviatedDays: [String]
    /// January first.
    public var months: [String]
    public var abbreviatedMonths: [String]
    public var am: String
    public var pm: String
    /// How `{value|nN}` writes numbers (the locale's `LC_NUMERIC`); C's without a locale.
    public var numbers: LocaleNumbers

    public init(days: [String], abbreviatedDays: [String], months: [String], abbreviatedMonths: [String], am: String, pm: String,
                numbers: LocaleNumbers = .c) {
        self.days = days; self.abbreviatedDays = abbreviatedDays; self.months = months
        self.abbreviatedMonths = abbreviatedMonths; self.am = am; self.pm = pm; self.numbers = numbers
    }

    /// Whether every table has its full length (7 days, 12 months): a table from the OS that
    /// is not is replaced by English rather than indexed out of range.
    public var isComplete: Bool {
        days.count == 7 && abbreviatedDays.count == 7 && months.count == 12 && abbreviatedMonths.count == 12
    }

    public static let english = LocaleNames(
        days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        abbreviatedDays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        abbreviatedMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        am: "AM", pm: "PM")
}

extension ClockReading {
    /// The board's clock at Unix time `unixSeconds` in `zone` (the schedule's `"timezone"`, or the
    /// system's): the offset and abbreviation in force at that instant, DST included.
    public init(unixSeconds: Int64, zone: BoardTimeZone) {
        let type = zone.localTimeType(at: unixSeconds)
        self.init(unixSeconds: unixSeconds, utcOffsetSeconds: type.utOffset, zoneAbbreviation: type.abbreviation)
    }
}
