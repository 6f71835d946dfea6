/// Why a field's value stops its form's submission: shown next to the field, one short line.
public enum FieldProblem: Sendable, Equatable {
    case required
    case notANumber
    case notAnEmail
    case notAPin
    case patternMismatch
    /// The board's pattern does not compile (`check` reports it; at run time the value is refused
    /// rather than sent unchecked).
    case badPattern
    case tooLong(Int)

    /// The line shown under the field.
    public var message: String {
        switch self {
        case .required: return "Required"
        case .notANumber: return "Enter a number"
        case .notAnEmail: return "Enter an email address"
        case .notAPin: return "Digits only"
        case .patternMismatch, .badPattern: return "Not in the expected form"
        case .tooLong(let n): return "At most \(n) characters"
        }
    }
}
