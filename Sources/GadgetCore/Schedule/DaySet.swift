/// A set of weekdays, as a board's `"days"` gives it: `"mon-fri"`, `"sat,sun"`, `"fri-mon"`
/// (a range may wrap past Sunday), `"mon-wed,fri"`, or an array of such strings.
public struct DaySet: Sendable, Hashable, CustomStringConvertible {
    /// Bit `rawValue - 1` per weekday.
    public private(set) var bits: UInt8

    public init(_ days: [Weekday]) { bits = 0; for d in days { insert(d) } }
    public static let everyDay = DaySet(Weekday.allCases)

    public func contains(_ d: Weekday) -> Bool { bits & (1 << UInt8(d.rawValue - 1)) != 0 }
    public mutating func insert(_ d: Weekday) { bits |= 1 << UInt8(d.rawValue - 1) }
    public var isEmpty: Bool { bits == 0 }
    public var days: [Weekday] { Weekday.allCases.filter(contains) }

    /// Parses one string of comma-separated days and ranges. Nil with the offending part when a
    /// name is unknown (`"mon-fry"`), so the decoder can say which.
    public static func parse(_ text: String) -> Result<DaySet, DaySetError> {
        var set = DaySet([])
        for rawPart in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(rawPart.filter { $0 != " " })
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard ends.count == 1 || ends.count == 2 else { return .failure(.badPart(part)) }
            guard let first = Weekday(shortName: ends[0]), let last = Weekday(shortName: ends[ends.count - 1]) else {
                return .failure(.badPart(part))
            }
            var d = first
            set.insert(d)
            while d != last { d = d.next; set.insert(d) }
        }
        return .success(set)
    }

    public enum DaySetError: Error, Sendable, Equatable {
        case badPart(String)
    }

    /// `mon,tue,…` in week order.
    public var description: String { days.map(\.shortName).joined(separator: ",") }
}
