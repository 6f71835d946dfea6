/// The contents of a TZif file (RFC 8536) that a time zone needs: the transition times, the local
/// time type in force after each, and the footer's POSIX TZ string for times after the last one.
///
/// Version 2+ files carry a 32-bit block for old readers followed by a 64-bit block; the 64-bit
/// block is read and the first skipped. A version 1 file's 32-bit block is read as is.
/// Leap-second records (the `right/` zones) are refused: their times count TAI-like seconds,
/// which no kiosk clock keeps.
public struct TZifFile: Sendable, Equatable {
    /// One local time type (`ttinfo`).
    public struct LocalTimeType: Sendable, Equatable {
        /// Seconds east of UTC.
        public var utOffset: Int
        public var isDST: Bool
        public var abbreviation: String
    }

    public var version: Int
    /// Transition instants, UTC seconds, strictly ascending.
    public var transitions: [Int64]
    /// For each transition, the index in `types` in force from it on.
    public var transitionTypes: [Int]
    public var types: [LocalTimeType]
    /// The footer (version 2+), empty when absent or when the file says no rule applies.
    public var footer: String

    /// Parses TZif bytes. Every count and index is checked against the data's size, so damaged or
    /// hostile files give an error, never a crash.
    public init(bytes: [UInt8]) throws(TimeZoneError) {
        var r = Reader(bytes: bytes)
        let first = try r.header()
        version = first.version
        if first.version >= 2 {
            try r.skip(first.blockSize(timeSize: 4))
            let second = try r.header()
            (transitions, transitionTypes, types) = try r.block(second, timeSize: 8)
            footer = try r.footer()
        } else {
            (transitions, transitionTypes, types) = try r.block(first, timeSize: 4)
            footer = ""
        }
    }

    struct Header {
        var version: Int
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

        func blockSize(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func skip(_ n: Int) throws(TimeZoneError) {
            guard n >= 0, n <= bytes.count - at else { throw .invalidTZif("truncated (data block past the end)") }
            at += n
        }

        mutating func u8() throws(TimeZoneError) -> UInt8 {
            guard at < bytes.count else { throw .invalidTZif("truncated") }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func be(_ size: Int) throws(TimeZoneError) -> Int64 {
            guard size <= bytes.count - at else { throw .invalidTZif("truncated") }
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(bytes[at + i]) }
            at += size
            // Sign-extend: TZif integers are two's complement.
            let shift = UInt64(64 - size * 8)
            return Int64(bitPattern: v << shift) >> Int64(shift)
        }

        mutating func header() throws(TimeZoneError) -> Header {
            guard bytes.count - at >= 44 else { throw .invalidTZif("shorter than a TZif header") }
            guard Array(bytes[at..<at + 4]) == Array("TZif".utf8) else { throw .invalidTZif("no TZif magic") }
            at += 4
            let v = try u8()
            let version: Int
            switch v {
            case 0: version = 1
            case UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4"): version = Int(v - UInt8(ascii: "0"))
            default: throw .invalidTZif("unknown version byte \(v)")
            }
            at += 15
            var counts: [Int] = []
            for _ in 0..<6 {
                let c = try be(4)
                // Each count is bounded by the file's own size (a count of 2^31 must not
                // allocate before the size check).
                guard c >= 0, c <= Int64(bytes.count) else { throw .invalidTZif("count \(c) larger than the file") }
                counts.append(Int(c))
            }
            let h = Header(version: version, isutcnt: counts[0], isstdcnt: counts[1], leapcnt: counts[2],
                           timecnt: counts[3], typecnt: counts[4], charcnt: counts[5])
            guard h.typecnt >= 1 else { throw .invalidTZif("no local time types") }
            guard h.charcnt >= 1 else { throw .invalidTZif("no abbreviation characters") }
            guard h.isutcnt == 0 || h.isutcnt == h.typecnt, h.isstdcnt == 0 || h.isstdcnt == h.typecnt else {
                throw .invalidTZif("standard/UT indicator counts differ from the type count")
            }
            return h
        }

        mutating func block(_ h: Header, timeSize: Int) throws(TimeZoneError) -> ([Int64], [Int], [LocalTimeType]) {
            guard h.blockSize(timeSize: timeSize) <= bytes.count - at else { throw .invalidTZif("truncated (data block past the end)") }
            guard h.leapcnt == 0 else { throw .invalidTZif("leap-second records (a right/ zone) are not supported") }
            var times: [Int64] = []
            times.reserveCapacity(h.timecnt)
            for _ in 0..<h.timecnt {
                let t = try be(timeSize)
                if let last = times.last, t <= last { throw .invalidTZif("transition times not ascending") }
                times.append(t)
            }
            var indices: [Int] = []
            for _ in 0..<h.timecnt {
                let i = Int(try u8())
                guard i < h.typecnt else { throw .invalidTZif("transition type index \(i) out of range") }
                indices.append(i)
            }
            var raw: [(Int, Bool, Int)] = []
            for _ in 0..<h.typecnt {
                let off = try be(4)
                // RFC 8536 3.2: utoff must not be -2^31; real zones are within ±26 h.
                guard off > -93_600 && off < 93_600 else { throw .invalidTZif("UT offset \(off) out of range") }
                let dst = try u8()
                guard dst <= 1 else { throw .invalidTZif("isdst \(dst) is not 0 or 1") }
                let idx = Int(try u8())
                guard idx < h.charcnt else { throw .invalidTZif("abbreviation index \(idx) out of range") }
                raw.append((Int(off), dst == 1, idx))
            }
            let chars = Array(bytes[at..<at + h.charcnt])
            at += h.charcnt
            let types = raw.map { (off, dst, idx) -> LocalTimeType in
                let end = chars[idx...].firstIndex(of: 0) ?? chars.count
                return LocalTimeType(utOffset: off, isDST: dst, abbreviation: String(decoding: chars[idx..<end], as: UTF8.self))
            }
            try skip(h.isstdcnt + h.isutcnt)
            return (times, indices, types)
        }

        mutating func footer() throws(TimeZoneError) -> String {
            guard at < bytes.count else { return "" }   // tolerated: some writers stop here
            guard bytes[at] == UInt8(ascii: "\n") else { throw .invalidTZif("footer does not start with a newline") }
            guard let end = bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "\n")) else { throw .invalidTZif("footer not terminated") }
            let text = bytes[(at + 1)..<end]
            guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { throw .invalidTZif("footer is not printable ASCII") }
            at = end + 1
            return String(decoding: text, as: UTF8.self)
        }
    }
}
