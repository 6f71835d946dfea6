/// The checks a field's value passes before its form is submitted: required, kind (number,
/// email, pin) and the board's pattern (a Swift `Regex` matching the whole value). An empty value
/// that is not required passes (an optional email may be left out).
public enum FieldValidation {
    /// The first problem with `value`, or nil when it may be submitted.
    public static func problem(value: String, spec: FieldSpec) -> FieldProblem? {
        if isBlank(value) { return spec.required ? .required : nil }
        if let max = spec.maxLength, value.count > max { return .tooLong(max) }
        switch spec.kind {
        case .number: if !isNumber(value) { return .notANumber }
        case .email: if !isEmail(value) { return .notAnEmail }
        case .pin: if !value.unicodeScalars.allSatisfy(isASCIIDigit) { return .notAPin }
        case .text, .multiline, .password: break
        }
        if let pattern = spec.pattern {
            guard let regex = try? Regex(pattern) else { return .badPattern }
            if (try? regex.wholeMatch(in: value)) == nil { return .patternMismatch }
        }
        return nil
    }

    /// Why `pattern` does not compile as a Swift `Regex`, in one line; nil when it does.
    public static func patternError(_ pattern: String) -> String? {
        do { _ = try Regex(pattern); return nil } catch { return "\(error)".split(separator: "\n").first.map(String.init) ?? "does not compile" }
    }

    /// Only spaces and line breaks: a visitor who typed a space has not answered.
    static func isBlank(_ value: String) -> Bool { value.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }

    static func isASCIIDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    /// An optional sign, digits, and at most one decimal point or comma followed by digits
    /// ("-12", "3.5", "3,5": a visitor types the separator of their country).
    static func isNumber(_ value: String) -> Bool {
        var scalars = Substring(value).unicodeScalars[...]
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        let parts = scalars.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isASCIIDigit) else { return false }
        if parts.count == 2 { return !parts[1].isEmpty && parts[1].allSatisfy(isASCIIDigit) }
        return true
    }

    /// local@domain.tld with no spaces and one @: enough to catch a typo; the server decides the rest.
    static func isEmail(_ value: String) -> Bool {
        guard !value.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { return false }
        let halves = value.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty else { return false }
        let labels = halves[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
