/// How a placeholder shows its value (`{SOURCE:POINTER|FORMAT}`): printf's `FORMAT` (C numbers,
/// a dot, no grouping, whatever the board's locale), or `nN`, a number with N decimals in the
/// board's locale (`{price|n2}`: `4,50` under `de_DE`, `1,234.50` under `en_US`).
public enum ValueFormat: Sendable, Hashable {
    case printf(PrintfFormat)
    /// `nN`: N decimals (0…`maximumDecimals`), the locale's decimal separator and grouping.
    case localeNumber(decimals: Int)

    /// More decimals than a double carries are noise.
    public static let maximumDecimals = 17

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case printf(PrintfFormat.Failure)
        case decimals(String)
        public var description: String {
            switch self {
            case .printf(let f): return f.description
            case .decimals(let d): return "n\(d): give the decimals as a number 0…\(ValueFormat.maximumDecimals) (n2: 4,50 in German)"
            }
        }
    }

    /// `n` followed by digits only is the locale form; anything else is printf's.
    public static func parse(_ text: String) -> Result<ValueFormat, Failure> {
        if text.first == "n", !text.contains("%") {
            let digits = text.dropFirst()
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(digits), n <= maximumDecimals else { return .failure(.decimals(String(digits))) }
            return .success(.localeNumber(decimals: n))
        }
        switch PrintfFormat.parse(text) {
        case .success(let f): return .success(.printf(f))
        case .failure(let e): return .failure(.printf(e))
        }
    }

    /// A value's text; nil when it does not convert (a string that is not a number under a
    /// numeric format, a non-finite number).
    public func render(_ argument: PrintfFormat.Argument, numbers: LocaleNumbers) -> String? {
        switch self {
        case .printf(let f): return f.render(argument)
        case .localeNumber(let decimals):
            switch argument {
            case .number(let n): return numbers.format(n, decimals: decimals)
            case .string(let s): return PrintfFormat.number(s).flatMap { numbers.format($0, decimals: decimals) }
            }
        }
    }

    /// Whether a string value is shown as text (`%s`) rather than read as a number.
    var takesText: Bool { if case .printf(let f) = self { return f.conversion == .s } else { return false } }
}
