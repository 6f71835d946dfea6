/// A POSIX TZ string (`WET0WEST,M3.5.0/1,M10.5.0`, `EST5EDT,M3.2.0,M11.1.0`, `<+03>-3`): the rule a
/// TZif footer gives for every time after the file's last transition (RFC 8536 section 3.3,
/// with its extensions: hours up to 167 in a transition time, and negative ones).
public struct POSIXTimeZoneRule: Sendable, Equatable {
    public var standard: TZifFile.LocalTimeType
    /// The daylight-saving time type and when it starts and ends; nil for a zone without DST.
    public var daylight: Daylight?

    public struct Daylight: Sendable, Equatable {
        public var type: TZifFile.LocalTimeType
        /// When DST starts, in local standard time.
        public var start: Transition
        /// When DST ends, in local daylight time.
        public var end: Transition
    }

    /// A day of the year and a time on it (seconds, may be negative or past 24 h).
    public struct Transition: Sendable, Equatable {
        public enum Day: Sendable, Equatable {
            /// `Jn`: 1…365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: month 1…12, week 1…5 (5 = the last), weekday 0…6 (0 = Sunday).
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        public var day: Day
        public var time: Int

        /// The wall-clock seconds (`LocalDateTime.wallSeconds` scale) of this transition in `year`.
        func wallSeconds(in year: Int64) -> Int64 {
            let date: CivilDate
            switch day {
            case .julianNoLeap(let n):
                let leapShift: Int64 = CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0
                date = CivilDate(year: year, month: 1, day: 1).adding(days: Int64(n - 1) + leapShift)
            case .zeroBased(let n):
                date = CivilDate(year: year, month: 1, day: 1).adding(days: Int64(n))
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate(year: year, month: month, day: 1)
                let firstWeekday = first.weekday.rawValue % 7          // POSIX: 0 = Sunday
                var d = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let dim = CivilDate.daysInMonth(year: year, month: month)
                while d > dim { d -= 7 }
                date = CivilDate(year: year, month: month, day: d)
            }
            return date.daysSinceEpoch * 86_400 + Int64(time)
        }
    }

    public init(standard: TZifFile.LocalTimeType, daylight: Daylight? = nil) {
        self.standard = standard; self.daylight = daylight
    }

    /// The local time type in force at `utc` (seconds).
    public func type(at utc: Int64) -> TZifFile.LocalTimeType {
        guard let daylight else { return standard }
        var inDST = false
        // The last transition at or before `utc` decides; the years around it are enough.
        var best: Int64 = .min
        for (instant, startsDST) in transitions(around: utc) where instant <= utc && instant >= best {
            best = instant; inDST = startsDST
        }
        return inDST ? daylight.type : standard
    }

    /// The first DST start or end strictly after `utc`; nil without DST.
    public func nextTransition(after utc: Int64) -> Int64? {
        guard daylight != nil else { return nil }
        return transitions(around: utc).map(\.0).filter { $0 > utc }.min()
    }

    /// DST starts and ends (UTC instants, `true` for a start) in the year of `utc` and the years
    /// on either side. A start and end at the same instant (DST all year, `0/0,J365/25`) are
    /// ordered end first so the start wins.
    private func transitions(around utc: Int64) -> [(Int64, Bool)] {
        guard let daylight else { return [] }
        let year = LocalDateTime(wallSeconds: utc + Int64(standard.utOffset)).date.year
        var out: [(Int64, Bool)] = []
        for y in (year - 1)...(year + 1) {
            out.append((daylight.end.wallSeconds(in: y) - Int64(daylight.type.utOffset), false))
            out.append((daylight.start.wallSeconds(in: y) - Int64(standard.utOffset), true))
        }
        return out.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : (!$0.1 && $1.1) }
    }
}

extension POSIXTimeZoneRule {
    /// Parses a POSIX TZ string. A DST zone must give its rule (TZif footers always do; the
    /// implementation-defined default of POSIX is not guessed).
    public init(parsing text: String) throws(TimeZoneError) {
        var p = Parser(bytes: Array(text.utf8), text: text)
        let stdName = try p.name()
        let stdOff = try p.offset()
        let standard = TZifFile.LocalTimeType(utOffset: stdOff, isDST: false, abbreviation: stdName)
        guard !p.atEnd else { self.init(standard: standard); return }
        let dstName = try p.name()
        var dstOff = stdOff + 3600
        if !p.atEnd, p.peek != UInt8(ascii: ",") { dstOff = try p.offset() }
        guard p.eat(UInt8(ascii: ",")) else { throw p.fail("daylight time without a rule") }
        let start = try p.transition()
        guard p.eat(UInt8(ascii: ",")) else { throw p.fail("expected \",\" and the end of daylight time") }
        let end = try p.transition()
        guard p.atEnd else { throw p.fail("unexpected text after the rule") }
        self.init(standard: standard, daylight: Daylight(type: .init(utOffset: dstOff, isDST: true, abbreviation: dstName), start: start, end: end))
    }

    private struct Parser {
        let bytes: [UInt8]
        let text: String
        var at = 0

        var atEnd: Bool { at >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[at] }

        func fail(_ why: String) -> TimeZoneError { .invalidPOSIXRule(text, why) }

        mutating func eat(_ c: UInt8) -> Bool {
            guard peek == c else { return false }
            at += 1
            return true
        }

        static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        /// `ABC` (letters) or `<+03>` (quoted: letters, digits, signs).
        mutating func name() throws(TimeZoneError) -> String {
            let start = at
            if eat(UInt8(ascii: "<")) {
                while let c = peek, c != UInt8(ascii: ">") {
                    guard Self.isAlpha(c) || Self.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { throw fail("bad character in a quoted name") }
                    at += 1
                }
                guard eat(UInt8(ascii: ">")) else { throw fail("unterminated <name>") }
                let name = String(decoding: bytes[(start + 1)..<(at - 1)], as: UTF8.self)
                guard name.utf8.count >= 3 else { throw fail("a zone name needs at least 3 characters") }
                return name
            }
            while let c = peek, Self.isAlpha(c) { at += 1 }
            guard at - start >= 3 else { throw fail("a zone name needs at least 3 letters") }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        mutating func number(maxDigits: Int) throws(TimeZoneError) -> Int {
            var n = 0, count = 0
            while let c = peek, Self.isDigit(c), count < maxDigits { n = n * 10 + Int(c - UInt8(ascii: "0")); at += 1; count += 1 }
            guard count > 0 else { throw fail("expected a number") }
            return n
        }

        /// `[+-]h[h[h]][:mm[:ss]]` in seconds; hours up to `maxHours`.
        mutating func signedTime(maxHours: Int) throws(TimeZoneError) -> Int {
            var sign = 1
            if eat(UInt8(ascii: "-")) { sign = -1 } else { _ = eat(UInt8(ascii: "+")) }
            let h = try number(maxDigits: 3)
            guard h <= maxHours else { throw fail("hours \(h) out of range") }
            var s = h * 3600
            if eat(UInt8(ascii: ":")) {
                let m = try number(maxDigits: 2)
                guard m < 60 else { throw fail("minutes \(m) out of range") }
                s += m * 60
                if eat(UInt8(ascii: ":")) {
                    let sec = try number(maxDigits: 2)
                    guard sec < 60 else { throw fail("seconds \(sec) out of range") }
                    s += sec
                }
            }
            return sign * s
        }

        /// POSIX offsets count west of UTC; returned as seconds east.
        mutating func offset() throws(TimeZoneError) -> Int { -(try signedTime(maxHours: 24)) }

        mutating func transition() throws(TimeZoneError) -> Transition {
            let day: Transition.Day
            if eat(UInt8(ascii: "J")) {
                let n = try number(maxDigits: 3)
                guard (1...365).contains(n) else { throw fail("Julian day \(n) out of 1…365") }
                day = .julianNoLeap(n)
            } else if eat(UInt8(ascii: "M")) {
                let m = try number(maxDigits: 2)
                guard (1...12).contains(m), eat(UInt8(ascii: ".")) else { throw fail("bad month in Mm.w.d") }
                let w = try number(maxDigits: 1)
                guard (1...5).contains(w), eat(UInt8(ascii: ".")) else { throw fail("bad week in Mm.w.d") }
                let d = try number(maxDigits: 1)
                guard (0...6).contains(d) else { throw fail("bad weekday in Mm.w.d") }
                day = .monthWeekDay(month: m, week: w, weekday: d)
            } else {
                let n = try number(maxDigits: 3)
                guard (0...365).contains(n) else { throw fail("day \(n) out of 0…365") }
                day = .zeroBased(n)
            }
            var time = 7200
            if eat(UInt8(ascii: "/")) { time = try signedTime(maxHours: 167) }
            return Transition(day: day, time: time)
        }
    }
}
