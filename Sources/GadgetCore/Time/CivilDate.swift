/// A date in the proleptic Gregorian calendar, with no time zone: what a wall calendar shows.
///
/// Days are counted from 1970-01-01 with Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (chrono-Compatible Low-Level Date Algorithms), exact for every year an `Int64` day count holds
/// and free of tables, so the core needs no calendar library.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int64
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    public init(year: Int64, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097                                         // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365   // [0, 399]
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)                   // [0, 365], from 1 March
        let mp = (5 * doy + 2) / 153                                        // [0, 11], March = 0
        day = Int(doy - (153 * mp + 2) / 5 + 1)
        month = Int(mp < 10 ? mp + 3 : mp - 9)
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative: before). The inverse of `init(daysSinceEpoch:)`.
    public var daysSinceEpoch: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400                                             // [0, 399]
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1  // [0, 365]
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy                     // [0, 146096]
        return era * 146_097 + doe - 719_468
    }

    public var weekday: Weekday { Weekday(daysSinceEpoch: daysSinceEpoch) }

    /// The date `n` days later (earlier when negative).
    public func adding(days n: Int64) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + n) }

    public static func isLeapYear(_ y: Int64) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    public static func daysInMonth(year: Int64, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the fields name a real day (month 1…12, day within the month).
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    /// `YYYY-MM-DD` (ISO 8601), as board files write dates.
    public var description: String {
        "\(Self.padded(year, 4))-\(Self.padded(Int64(month), 2))-\(Self.padded(Int64(day), 2))"
    }

    /// Parses `YYYY-MM-DD` (exactly; a real date). Nil otherwise.
    public init?(iso text: String) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let y = Self.digits(b[0..<4]), let m = Self.digits(b[5..<7]), let d = Self.digits(b[8..<10]) else { return nil }
        self.init(year: Int64(y), month: m, day: d)
        guard isValid else { return nil }
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in bytes {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(c - UInt8(ascii: "0"))
        }
        return n
    }

    static func padded(_ n: Int64, _ width: Int) -> String {
        let s = String(n < 0 ? -n : n)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - s.count)) + s
    }
}

/// A day of the week, numbered as ISO 8601 does (Monday 1 … Sunday 7).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// 1970-01-01 was a Thursday.
    public init(daysSinceEpoch days: Int64) {
        let r = ((days + 3) % 7 + 7) % 7        // 0 = Monday
        self = Weekday(rawValue: Int(r) + 1)!
    }

    /// The board file's three-letter name (`mon` … `sun`).
    public var shortName: String {
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1]
    }

    public init?(shortName: String) {
        guard let i = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].firstIndex(of: shortName) else { return nil }
        self = Weekday(rawValue: i + 1)!
    }

    /// The next day of the week (Sunday → Monday).
    public var next: Weekday { Weekday(rawValue: rawValue % 7 + 1)! }
    public var previous: Weekday { Weekday(rawValue: (rawValue + 5) % 7 + 1)! }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}
