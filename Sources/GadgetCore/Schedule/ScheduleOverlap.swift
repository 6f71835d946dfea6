/// Whether page spans overlap: each span laid out on the week (Monday 00:00 = 0), a span running
/// over midnight on Sunday wrapping to Monday.
public enum ScheduleOverlap {
    static let week = 7 * 86_400

    /// Index pairs (earlier, later) of spans that share some wall-clock time in the week.
    public static func overlappingPairs(_ spans: [ScheduleSpan]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for b in spans.indices {
            for a in 0..<b where !sharedDays(spans[a], spans[b]).isEmpty {
                out.append((a, b))
            }
        }
        return out
    }

    /// The days on which a `b` starting that day meets some `a`; empty when they never overlap.
    public static func sharedDays(_ a: ScheduleSpan, _ b: ScheduleSpan) -> DaySet {
        var days = DaySet([])
        for da in a.days.days {
            let sa = (da.rawValue - 1) * 86_400 + a.from
            let ea = sa + a.wallLength
            for db in b.days.days {
                let sb = (db.rawValue - 1) * 86_400 + b.from
                let eb = sb + b.wallLength
                // Compare on the week's circle: b shifted a week either way covers the wrap.
                for shift in [-week, 0, week] where sa < eb + shift && sb + shift < ea {
                    days.insert(db)
                }
            }
        }
        return days
    }
}
