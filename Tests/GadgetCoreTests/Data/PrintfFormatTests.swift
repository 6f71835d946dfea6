import Testing
@testable import GadgetCore

@Suite struct PrintfFormatTests {
    /// Where glibc differs from C11 7.21.6.1 and the core follows the standard: `%#g` keeps
    /// trailing zeros, so 999999.5 rounded to 6 significant digits is 1.00000e+06; glibc 2.36
    /// drops them when the rounding carries into a new digit.
    static let glibcDeviations: [String: String] = ["%#g 999999.5": "1.00000e+06"]

    /// Every row of the table glibc's printf produced (scripts/make-printf-table.c).
    @Test func matchesTheCLibrary() throws {
        var checked = 0
        var failures: [String] = []
        for line in printfTable.split(separator: "\n", omittingEmptySubsequences: true) {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4 else { Issue.record("bad table line \(line)"); continue }
            let format = try PrintfFormat.parse(f[0]).get()
            let argument: PrintfFormat.Argument = f[1] == "s" ? .string(f[2]) : .number(Double(f[2])!)
            let got = format.render(argument)
            if let standard = Self.glibcDeviations["\(f[0]) \(f[2])"] {
                #expect(got == standard)
            } else if got != f[3] { failures.append("\(f[0]) \(f[2]): got \(got ?? "nil"), C gives \(f[3])") }
            checked += 1
        }
        #expect(checked > 1500)
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func keepsLiteralTextAndPercentSigns() throws {
        let f = try PrintfFormat.parse("%.1f °C (%%)").get()
        #expect(f.render(.number(21.46)) == "21.5 °C (%)")
    }

    @Test func numbersInStringsConvert() throws {
        let f = try PrintfFormat.parse("%.2f").get()
        #expect(f.render(.string(" 3.2 ")) == "3.20")
        #expect(f.render(.string("open")) == nil)
        #expect(f.render(.string("inf")) == nil)
        #expect(f.render(.string("0x10")) == nil)
    }

    @Test func integersRefuseWhatCannotConvert() throws {
        #expect(try PrintfFormat.parse("%d").get().render(.number(1e30)) == nil)
        #expect(try PrintfFormat.parse("%x").get().render(.number(-1)) == nil)
        #expect(try PrintfFormat.parse("%d").get().render(.number(-7.9)) == "-7")
    }

    @Test func stringsPadByCharacters() throws {
        // Width counts characters, not bytes as C does: "é" is one column on the board.
        #expect(try PrintfFormat.parse("%5s|").get().render(.string("café")) == " café|")
        #expect(try PrintfFormat.parse("%s").get().render(.number(21.5)) == "21.5")
        #expect(try PrintfFormat.parse("%s").get().render(.number(3)) == "3")
    }

    @Test func refusesBadFormats() {
        #expect(PrintfFormat.parse("abc") == .failure(.noConversion))
        #expect(PrintfFormat.parse("%d %d") == .failure(.moreThanOneConversion))
        #expect(PrintfFormat.parse("%q") == .failure(.unknownConversion("q")))
        #expect(PrintfFormat.parse("%.1") == .failure(.incomplete))
        #expect(PrintfFormat.parse("%*d") == .failure(.starWidth))
        #expect(PrintfFormat.parse("%99999d") == .failure(.tooWide))
        #expect(PrintfFormat.parse("%n") == .failure(.unknownConversion("n")))
    }

    @Test func decimalExpansionIsExact() {
        // 0.1 is 0.1000000000000000055511151231257827021181583404541015625 exactly.
        let e = DecimalExpansion(0.1)
        #expect(String(e.digits.map { Character(String($0)) }) == "1000000000000000055511151231257827021181583404541015625")
        #expect(e.pointPosition == 0)
        #expect(DecimalExpansion(1024).digits == [1, 0, 2, 4] && DecimalExpansion(1024).pointPosition == 4)
        #expect(DecimalExpansion(5e-324).pointPosition == -323)
    }
}
