import Testing
@testable import GadgetCore

@Suite struct LocaleNumbersTests {
    static let german = LocaleNumbers(decimalSeparator: ",", groupSeparator: ".", grouping: [3, 3])
    static let american = LocaleNumbers(decimalSeparator: ".", groupSeparator: ",", grouping: [3, 3])

    @Test func theLocalesSeparatorsAndGrouping() {
        #expect(Self.german.format(4.5, decimals: 2) == "4,50")
        #expect(Self.american.format(4.5, decimals: 2) == "4.50")
        #expect(Self.german.format(1_234_567.891, decimals: 2) == "1.234.567,89")
        #expect(Self.american.format(-1234.5, decimals: 0) == "-1,234")
        #expect(Self.german.format(999.999, decimals: 2) == "1.000,00")
        #expect(LocaleNumbers.c.format(1234.5, decimals: 1) == "1234.5")
        let india = LocaleNumbers(decimalSeparator: ".", groupSeparator: ",", grouping: [3, 2])
        #expect(india.format(1_234_567, decimals: 0) == "12,34,567")
        let once = LocaleNumbers(decimalSeparator: ".", groupSeparator: " ", grouping: [3, 127])
        #expect(once.format(1_234_567, decimals: 0) == "1234 567")
        #expect(Self.german.format(.infinity, decimals: 2) == nil)
    }

    @Test func theNFormInATemplate() throws {
        let t = try Template.parse("{price|n2} €").get()
        #expect(t.parts[0] == .value(source: "price", pointer: JSONPointer(tokens: []), format: .localeNumber(decimals: 2)))
        #expect(ValueFormat.localeNumber(decimals: 2).render(.string(" 4.5 "), numbers: Self.german) == "4,50")
        #expect(ValueFormat.localeNumber(decimals: 2).render(.string("closed"), numbers: Self.german) == nil)
        // printf's form stays C whatever the locale.
        #expect(try ValueFormat.parse("%.2f").get().render(.number(4.5), numbers: Self.german) == "4.50")
        #expect(Template.parse("{price|n}").failureText?.contains("give the decimals as a number 0…17") == true)
        #expect(Template.parse("{price|n99}").failureText != nil)
        #expect(Template.parse("{price|nx}").failureText != nil)
    }
}

extension Result where Failure == Template.Failure {
    var failureText: String? { if case .failure(let f) = self { return f.description } else { return nil } }
}
