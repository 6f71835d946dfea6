import Testing
@testable import GadgetCore

/// The TZif reader on real files and on damaged ones: every damage is an error, never a crash.
@Suite struct TZifFileTests {
    typealias F = ZoneInfoFixture

    @Test func readsTheInstalledLisbon() throws {
        let bytes = try #require(F.bytes("Europe/Lisbon"))
        let f = try TZifFile(bytes: bytes)
        #expect(f.version >= 2)
        #expect(f.footer == "WET0WEST,M3.5.0/1,M10.5.0")
        #expect(f.transitions.count > 100)
        #expect(f.types.contains { $0.abbreviation == "WEST" && $0.utOffset == 3600 && $0.isDST })
    }

    @Test func rejectsLeapSecondZones() throws {
        guard let bytes = F.bytes("right/UTC") else { return }   // only where tzdata ships right/
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: bytes) }
    }

    @Test func everyTruncationIsAnError() throws {
        let bytes = F.tzif(transitions: [(0, 1), (100, 0)], types: [(0, false, "AAA"), (3600, true, "BBB")], footer: "AAA0")
        #expect(try TZifFile(bytes: bytes).transitions == [0, 100])
        // Cut anywhere before the footer: an error, and never a crash.
        for n in 0..<(bytes.count - 6) {
            #expect(throws: TimeZoneError.self) { try TZifFile(bytes: Array(bytes[0..<n])) }
        }
    }

    @Test func damagedFieldsAreErrors() {
        let good = F.tzif(transitions: [(0, 1), (100, 0)], types: [(0, false, "AAA"), (3600, true, "BBB")], footer: "AAA0")
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: F.tzif(transitions: [(100, 0), (0, 0)], types: [(0, false, "AAA")], footer: "")) }
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: F.tzif(transitions: [(0, 5)], types: [(0, false, "AAA")], footer: "")) }
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: F.tzif(transitions: [], types: [(100_000, false, "AAA")], footer: "")) }
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: F.tzif(transitions: [], types: [(0, false, "AAA")], footer: "", version: 9)) }
        var badMagic = good; badMagic[0] = UInt8(ascii: "X")
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: badMagic) }
        // A count of 2^31 - 1 transitions: refused by size before anything is allocated.
        var huge = good; huge[32] = 0x7f; huge[33] = 0xff; huge[34] = 0xff; huge[35] = 0xff
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: huge) }
        var noNewline = good; noNewline[noNewline.count - 6] = UInt8(ascii: "x")
        #expect(throws: TimeZoneError.self) { try TZifFile(bytes: noNewline) }
    }

    @Test func zoneNames() {
        #expect(TimeZoneName.isValid("Europe/Lisbon"))
        #expect(TimeZoneName.isValid("America/Argentina/Buenos_Aires"))
        #expect(TimeZoneName.isValid("Etc/GMT+3"))
        #expect(TimeZoneName.isValid("UTC"))
        for bad in ["", "/etc/passwd", "../../etc/passwd", "Europe/../../x", "Europe//Lisbon", "Europe/", "a b", "-x", "./UTC"] {
            #expect(!TimeZoneName.isValid(bad), "\(bad)")
        }
    }
}
