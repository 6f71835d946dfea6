/// A strftime-like format for the board's clock (`%H:%M`, `%A %e %B`), parsed once. The
/// conversions are glibc's, minus the locale's own composite formats (`%c %x %X`: spell the
/// order out instead), with glibc's flags `-` (no padding), `_` (spaces), `0` (zeros) and `^`
/// (upper case). Names come from a `LocaleNames` table.
public struct ClockFormat: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case field(Character, Padding?, uppercase: Bool)
    }
    public enum Padding: Character, Sendable, Hashable { case none = "-", spaces = "_", zeros = "0" }

    public var parts: [Part]

    /// The conversions understood.
    public static let conversions: Set<Character> = [
        "a", "A", "b", "h", "B", "d", "e", "H", "I", "k", "l", "M", "S", "p", "P", "y", "Y", "C", "m", "j", "u", "w",
        "Z", "z", "n", "t", "D", "F", "T", "R", "r", "s", "V", "G",
    ]

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The smallest unit the format shows: when its text can next change.
    public enum Resolution: Int, Sendable, Comparable {
        case second = 1, minute = 60, hour = 3600, day = 86_400
        public static func < (a: Resolution, b: Resolution) -> Bool { a.rawValue < b.rawValue }
    }

    public static func parse(_ text: String) -> Result<ClockFormat, Failure> {
        let chars = Array(text)
        var parts: [Part] = []
        var literal = ""
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else { literal.append(chars[i]); i += 1; continue }
            i += 1
            guard i < chars.count else { return .failure(Failure(message: "clock format ends with a lone %")) }
            if chars[i] == "%" { literal.append("%"); i += 1; continue }
            var padding: Padding?
            var uppercase = false
            while i < chars.count, chars[i] == "^" || Padding(rawValue: chars[i]) != nil {
                if chars[i] == "^" { uppercase = true } else { padding = Padding(rawValue: chars[i]) }
                i += 1
            }
            guard i < chars.count else { return .failure(Failure(message: "clock format ends inside a conversion")) }
            let c = chars[i]
            if "cxX".contains(c) { return .failure(Failure(message: "%\(c) is the locale's own layout: spell it out (e.g. %d/%m/%Y %H:%M)")) }
            guard conversions.contains(c) else { return .failure(Failure(message: "unknown clock conversion %\(c)")) }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(.field(c, padding, uppercase: uppercase))
            i += 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(ClockFormat(parts: parts))
    }

    public var resolution: Resolution {
        var r = Resolution.day
        for case .field(let c, _, _) in parts {
            switch c {
            case "S", "T", "r", "s": r = min(r, .second)
            case "M", "R": r = min(r, .minute)
            case "H", "I", "k", "l", "p", "P": r = min(r, .hour)
            default: break
            }
        }
        return r
    }

    public func format(_ t: ClockReading, names: LocaleNames) -> String {
        let names = names.isComplete ? names : .english
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .field(let c, let padding, let uppercase):
                let s = field(c, t, names, padding)
                out += uppercase ? s.uppercased() : s
            }
        }
        return out
    }

    private func field(_ c: Character, _ t: ClockReading, _ n: LocaleNames, _ padding: Padding?) -> String {
        func num(_ v: Int, _ width: Int, _ defaultPad: Padding) -> String {
            let digits = String(abs(v))
            let sign = v < 0 ? "-" : ""
            let pad = padding ?? defaultPad
            guard digits.count < width, pad != .none else { return sign + digits }
            return sign + String(repeating: pad == .zeros ? "0" : " ", count: width - digits.count) + digits
        }
        let hour12 = t.hour % 12 == 0 ? 12 : t.hour % 12
        switch c {
        case "a": return n.abbreviatedDays[t.weekday]
        case "A": return n.days[t.weekday]
        case "b", "h": return n.abbreviatedMonths[t.month - 1]
        case "B": return n.months[t.month - 1]
        case "d": return num(t.day, 2, .zeros)
        case "e": return num(t.day, 2, .spaces)
        case "H": return num(t.hour, 2, .zeros)
        case "I": return num(hour12, 2, .zeros)
        case "k": return num(t.hour, 2, .spaces)
        case "l": return num(hour12, 2, .spaces)
        case "M": return num(t.minute, 2, .zeros)
        case "S": return num(t.second, 2, .zeros)
        case "p": return t.hour < 12 ? n.am : n.pm
        case "P": return (t.hour < 12 ? n.am : n.pm).lowercased()
        case "y": return num(((t.year % 100) + 100) % 100, 2, .zeros)
        case "Y": return num(t.year, 1, .zeros)
        case "C": return num(ClockReading.floorDiv(Int64(t.year), 100).asInt, 2, .zeros)
        case "m": return num(t.month, 2, .zeros)
        case "j": return num(t.dayOfYear, 3, .zeros)
        case "u": return String(t.weekday == 0 ? 7 : t.weekday)
        case "w": return String(t.weekday)
        case "Z": return t.zoneAbbreviation
        case "z":
            let o = abs(t.utcOffsetSeconds) / 60
            return (t.utcOffsetSeconds < 0 ? "-" : "+") + num(o / 60, 2, .zeros) + num(o % 60, 2, .zeros)
        case "n": return "\n"
        case "t": return "\t"
        case "D": return num(t.month, 2, .zeros) + "/" + num(t.day, 2, .zeros) + "/" + num(((t.year % 100) + 100) % 100, 2, .zeros)
        case "F": return String(t.year) + "-" + num(t.month, 2, .zeros) + "-" + num(t.day, 2, .zeros)
        case "T": return num(t.hour, 2, .zeros) + ":" + num(t.minute, 2, .zeros) + ":" + num(t.second, 2, .zeros)
        case "R": return num(t.hour, 2, .zeros) + ":" + num(t.minute, 2, .zeros)
        case "r": return num(hour12, 2, .zeros) + ":" + num(t.minute, 2, .zeros) + ":" + num(t.second, 2, .zeros) + " " + (t.hour < 12 ? n.am : n.pm)
        case "s": return String(t.unixSeconds)
        case "V": return num(isoWeek(t).week, 2, .zeros)
        case "G": return String(isoWeek(t).year)
        default: return ""
        }
    }

    /// ISO 8601 week number and week-based year: weeks start on Monday, week 1 holds the year's
    /// first Thursday.
    private func isoWeek(_ t: ClockReading) -> (year: Int, week: Int) {
        let isoWeekday = t.weekday == 0 ? 7 : t.weekday
        // The Thursday of this week decides the year.
        let thursday = ClockReading.days(year: t.year, month: t.month, day: t.day) + Int64(4 - isoWeekday)
        let (y, _, _) = ClockReading.civil(fromDays: thursday)
        let week = Int((thursday - ClockReading.days(year: y, month: 1, day: 1)) / 7) + 1
        return (y, week)
    }
}

extension Int64 {
    var asInt: Int { Int(self) }
}
