/// A locale's way of writing numbers (glibc's `LC_NUMERIC`: `RADIXCHAR`, `THOUSEP`, `GROUPING`),
/// as the OS layer reads it: what `{value|nN}` uses. Values, so the formatter stays pure.
public struct LocaleNumbers: Sendable, Hashable {
    public var decimalSeparator: String
    /// Between digit groups of the integer part ("" : none).
    public var groupSeparator: String
    /// Group sizes from the decimal separator leftwards; the last repeats (glibc's `GROUPING`:
    /// `[3]` for 1.234.567, `[3, 2]` for India's 12,34,567). Empty: no grouping.
    public var grouping: [Int]

    public init(decimalSeparator: String, groupSeparator: String, grouping: [Int]) {
        self.decimalSeparator = decimalSeparator; self.groupSeparator = groupSeparator; self.grouping = grouping
    }

    /// C's: `1234.5`.
    public static let c = LocaleNumbers(decimalSeparator: ".", groupSeparator: "", grouping: [])

    /// `value` rounded to `decimals` as `%.Nf` rounds it (glibc's digits), then written with this
    /// locale's separators; nil for a non-finite number.
    public func format(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite, let f = try? PrintfFormat.parse("%.\(max(0, decimals))f").get(),
              let c = f.render(.number(value)) else { return nil }
        var digits = Substring(c)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let point = digits.firstIndex(of: ".")
        let whole = point.map { digits[..<$0] } ?? digits
        let fraction = point.map { digits[digits.index(after: $0)...] }
        var out = negative ? "-" : ""
        out += group(Array(whole))
        if let fraction { out += decimalSeparator + fraction }
        return out
    }

    private func group(_ digits: [Character]) -> String {
        guard !groupSeparator.isEmpty, let first = grouping.first, first > 0 else { return String(digits) }
        var groups: [String] = []
        var end = digits.count
        var k = 0
        while end > 0 {
            let size = k < grouping.count ? grouping[k] : grouping[grouping.count - 1]
            // glibc: CHAR_MAX (127) means no further grouping (and 0 never comes: it ends the C string).
            if size <= 0 || size >= 127 { groups.append(String(digits[0..<end])); break }
            let start = max(0, end - size)
            groups.append(String(digits[start..<end]))
            end = start
            k += 1
        }
        return groups.reversed().joined(separator: groupSeparator)
    }
}
