/// A board's time zone: UTC instants to the wall clock and back, from tzdata's transitions and,
/// past the last one, the POSIX rule in the file's footer.
///
/// Pure: the bytes come from the OS layer (`ZoneInfo` in GadgetSystem reads
/// /usr/share/zoneinfo), instants from the caller. All instants are UTC seconds since 1970.
public struct BoardTimeZone: Sendable, Equatable {
    /// The IANA name (`Europe/Lisbon`), or what the zone was made from (`UTC`, a TZ string).
    public let name: String
    let transitions: [Int64]
    let transitionTypes: [Int]
    let types: [TZifFile.LocalTimeType]
    let rule: POSIXTimeZoneRule?

    /// From a TZif file's bytes (RFC 8536).
    public init(name: String, tzif bytes: [UInt8]) throws(TimeZoneError) {
        let file = try TZifFile(bytes: bytes)
        self.name = name
        transitions = file.transitions
        transitionTypes = file.transitionTypes
        types = file.types
        rule = file.footer.isEmpty ? nil : try POSIXTimeZoneRule(parsing: file.footer)
    }

    /// From a POSIX rule alone (a `TZ=EST5EDT,M3.2.0,M11.1.0` environment).
    public init(name: String, rule: POSIXTimeZoneRule) {
        self.name = name
        transitions = []; transitionTypes = []
        types = [rule.standard]
        self.rule = rule
    }

    public static let utc = BoardTimeZone(name: "UTC", rule: POSIXTimeZoneRule(standard: .init(utOffset: 0, isDST: false, abbreviation: "UTC")))

    /// The local time type (offset, DST, abbreviation) in force at `utc`.
    public func localTimeType(at utc: Int64) -> TZifFile.LocalTimeType {
        if let last = transitions.last {
            if utc >= last, let rule { return rule.type(at: utc) }
            guard utc >= transitions[0] else { return types[0] }   // RFC 8536: type 0 before the first
            return types[transitionTypes[lastTransitionIndex(atOrBefore: utc)]]
        }
        return rule?.type(at: utc) ?? types[0]
    }

    /// Seconds east of UTC at `utc`.
    public func offset(at utc: Int64) -> Int { localTimeType(at: utc).utOffset }

    /// The wall clock at `utc`.
    public func civil(at utc: Int64) -> CivilTime {
        let type = localTimeType(at: utc)
        return CivilTime(local: LocalDateTime(wallSeconds: utc + Int64(type.utOffset)), offset: type.utOffset,
                         isDST: type.isDST, abbreviation: type.abbreviation)
    }

    /// The first instant strictly after `utc` where the offset, DST flag or abbreviation may
    /// change; nil when the zone never changes again.
    public func nextTransition(after utc: Int64) -> Int64? {
        if let last = transitions.last, utc < last {
            if utc < transitions[0] { return transitions[0] }
            return transitions[lastTransitionIndex(atOrBefore: utc) + 1]
        }
        return rule?.nextTransition(after: utc)
    }

    /// How a wall-clock time maps to instants on this zone's clock.
    public enum Resolution: Sendable, Equatable {
        /// The wall clock shows it once.
        case unique(Int64)
        /// The clock is set back and shows it twice (autumn): both instants, earlier first.
        case repeated(Int64, Int64)
        /// The clock jumps over it (spring): `transition` is the instant of the jump, the first
        /// instant whose wall time is after the skipped one.
        case skipped(transition: Int64)

        /// The instant a schedule acts on: the only one, the first of two, or the jump itself
        /// (a 02:30 opening on a day the clock goes 02:00 → 03:00 opens at 03:00 local).
        public var earliest: Int64 {
            switch self {
            case .unique(let t), .repeated(let t, _), .skipped(let t): return t
            }
        }
    }

    /// The instants at which this zone's wall clock shows `local`.
    public func resolve(_ local: LocalDateTime) -> Resolution {
        let wall = local.wallSeconds
        // Every offset in force within two days of the wall time (no zone is more than ±26 h
        // from UTC, so every candidate instant lies in this window).
        var offsets: [Int] = [offset(at: wall - 2 * 86_400)]
        var t = wall - 2 * 86_400
        var jumps: [Int64] = []
        while let next = nextTransition(after: t), next <= wall + 2 * 86_400 {
            jumps.append(next)
            let o = offset(at: next)
            if !offsets.contains(o) { offsets.append(o) }
            t = next
        }
        let instants = Set(offsets.map { wall - Int64($0) }.filter { offset(at: $0) == Int(wall - $0) }).sorted()
        if instants.count == 1 { return .unique(instants[0]) }
        if instants.count >= 2 { return .repeated(instants[0], instants[instants.count - 1]) }
        // Skipped: the jump where the wall clock passes over `wall`.
        for j in jumps where j - 1 + Int64(offset(at: j - 1)) < wall && j + Int64(offset(at: j)) > wall {
            return .skipped(transition: j)
        }
        // Unreachable for a consistent zone; the instant by the earlier offset is the sane answer.
        return .unique(wall - Int64(offsets[0]))
    }

    /// Index of the last transition at or before `utc`; requires `transitions[0] <= utc`.
    private func lastTransitionIndex(atOrBefore utc: Int64) -> Int {
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if transitions[mid] <= utc { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
