import Glibc
@testable import GadgetCore

/// The installed tzdata (Debian's `tzdata`, in scripts/install-deps.sh), read the way the
/// GadgetSystem layer does, for tests against real zones.
enum ZoneInfoFixture {
    static func bytes(_ name: String) -> [UInt8]? {
        guard let f = fopen("/usr/share/zoneinfo/" + name, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    static func zone(_ name: String) throws -> BoardTimeZone {
        guard let b = bytes(name) else { throw Missing(name: name) }
        return try BoardTimeZone(name: name, tzif: b)
    }

    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "/usr/share/zoneinfo/\(name) not found (install tzdata)" }
    }

    /// UTC seconds of a UTC date and time.
    static func utc(_ y: Int64, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0, _ s: Int = 0) -> Int64 {
        LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s).wallSeconds
    }

    /// A version 2 TZif file built by hand: `transitions` (UTC seconds, type index) over `types`
    /// (offset, isDST, abbreviation), with `footer`.
    static func tzif(transitions: [(Int64, UInt8)], types: [(Int32, Bool, String)], footer: String, version: UInt8 = UInt8(ascii: "2")) -> [UInt8] {
        var chars: [UInt8] = []
        var abbrIndex: [UInt8] = []
        for t in types { abbrIndex.append(UInt8(chars.count)); chars += Array(t.2.utf8) + [0] }
        func be(_ v: Int64, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func header() -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + be(0, 4) + be(0, 4) + be(0, 4) + be(Int64(transitions.count), 4) + be(Int64(types.count), 4) + be(Int64(chars.count), 4)
        }
        func block(_ size: Int) -> [UInt8] {
            var b: [UInt8] = []
            for t in transitions { b += be(t.0, size) }
            for t in transitions { b.append(t.1) }
            for (i, t) in types.enumerated() { b += be(Int64(t.0), 4) + [t.1 ? 1 : 0, abbrIndex[i]] }
            return b + chars
        }
        return header() + block(4) + header() + block(8) + Array("\n\(footer)\n".utf8)
    }
}
