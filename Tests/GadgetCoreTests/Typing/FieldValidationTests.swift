import Testing
@testable import GadgetCore

@Suite struct FieldValidationTests {
    @Test func requiredRefusesBlank() {
        let spec = FieldSpec(kind: .text, required: true)
        #expect(FieldValidation.problem(value: "  ", spec: spec) == .required)
        #expect(FieldValidation.problem(value: "Anna", spec: spec) == nil)
        #expect(FieldValidation.problem(value: "", spec: FieldSpec(kind: .email)) == nil)
    }

    @Test func kindsCheckTheirShape() {
        #expect(FieldValidation.problem(value: "-3,5", spec: FieldSpec(kind: .number)) == nil)
        #expect(FieldValidation.problem(value: "3.5.1", spec: FieldSpec(kind: .number)) == .notANumber)
        #expect(FieldValidation.problem(value: "anna@example.org", spec: FieldSpec(kind: .email)) == nil)
        #expect(FieldValidation.problem(value: "anna@example", spec: FieldSpec(kind: .email)) == .notAnEmail)
        #expect(FieldValidation.problem(value: "a b@c.de", spec: FieldSpec(kind: .email)) == .notAnEmail)
        #expect(FieldValidation.problem(value: "0042", spec: FieldSpec(kind: .pin)) == nil)
        #expect(FieldValidation.problem(value: "42a", spec: FieldSpec(kind: .pin)) == .notAPin)
    }

    @Test func patternMatchesTheWholeValue() {
        let spec = FieldSpec(kind: .text, pattern: "[A-Z]{2}[0-9]{3}")
        #expect(FieldValidation.problem(value: "AB123", spec: spec) == nil)
        #expect(FieldValidation.problem(value: "AB1234", spec: spec) == .patternMismatch)
        #expect(FieldValidation.problem(value: "x", spec: FieldSpec(pattern: "([a-z]")) == .badPattern)
        #expect(FieldValidation.patternError("([a-z]") != nil)
        #expect(FieldValidation.patternError("[a-z]+") == nil)
    }

    @Test func maxLengthCountsCharacters() {
        #expect(FieldValidation.problem(value: "🇩🇪🇩🇪", spec: FieldSpec(maxLength: 2)) == nil)
        #expect(FieldValidation.problem(value: "abc", spec: FieldSpec(maxLength: 2)) == .tooLong(2))
    }
}
