/// Byte-level field scanning for evemu lines: whitespace-separated fields, hex and decimal numbers.
/// Every function takes a range of the file's bytes and returns nil instead of trapping, because
/// the reader must survive any input (it is fuzzed).
struct EvemuFields {
    let bytes: [UInt8]

    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, hash: UInt8 = 0x23

    /// The fields of `range` split on spaces and tabs, stopping at `#` when `comments` is set.
    /// At most `limit + 1` ranges are kept: enough to tell "too many" without storing junk.
    func split(_ range: Range<Int>, comments: Bool, limit: Int, into fields: inout [Range<Int>]) {
        fields.removeAll(keepingCapacity: true)
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if comments && b == Self.hash { return }
            if b == Self.space || b == Self.tab { i += 1; continue }
            var j = i
            while j < range.upperBound {
                let c = bytes[j]
                if c == Self.space || c == Self.tab || (comments && c == Self.hash) { break }
                j += 1
            }
            fields.append(i..<j)
            if fields.count > limit { return }
            i = j
        }
    }

    /// Up to `maxDigits` hex digits (either case), no `0x`.
    func hex(_ r: Range<Int>, maxDigits: Int) -> UInt32? {
        guard !r.isEmpty, r.count <= maxDigits else { return nil }
        var v: UInt32 = 0
        for i in r {
            guard let d = Self.hexDigit(bytes[i]) else { return nil }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// An optionally signed decimal integer with leading zeros allowed (`0404`, `-001`, `+7`),
    /// as C's `%d` reads it; nil if it does not fit in Int32.
    func int32(_ r: Range<Int>) -> Int32? {
        guard !r.isEmpty else { return nil }
        var i = r.lowerBound
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B { negative = bytes[i] == 0x2D; i += 1 }
        guard let magnitude = unsigned(i..<r.upperBound, maxValue: 2_147_483_648) else { return nil }
        let v = negative ? -magnitude : magnitude
        return v <= Int64(Int32.max) ? Int32(v) : nil
    }

    /// Decimal digits only, at most `maxValue`.
    func unsigned(_ r: Range<Int>, maxValue: Int64) -> Int64? {
        guard !r.isEmpty else { return nil }
        var v: Int64 = 0
        for i in r {
            let b = bytes[i]
            guard b >= 0x30 && b <= 0x39 else { return nil }
            v = v * 10 + Int64(b - 0x30)
            if v > maxValue { return nil }
        }
        return v
    }

    /// `<sec>.<usec>` with exactly six microsecond digits, as evemu writes `%lu.%06u`; seconds
    /// up to 10¹² (year 33658) so the result fits comfortably in microseconds.
    func time(_ r: Range<Int>) -> Microseconds? {
        guard let dot = r.firstIndex(where: { bytes[$0] == 0x2E }) else { return nil }
        let usecRange = (dot + 1)..<r.upperBound
        guard usecRange.count == 6,
              let sec = unsigned(r.lowerBound..<dot, maxValue: 1_000_000_000_000),
              let usec = unsigned(usecRange, maxValue: 999_999) else { return nil }
        return sec * 1_000_000 + usec
    }

    /// The bytes for an error message: at most 24, invalid UTF-8 replaced.
    func text(_ r: Range<Int>) -> String {
        let shown = r.lowerBound..<min(r.upperBound, r.lowerBound + 24)
        return String(decoding: bytes[shown], as: UTF8.self) + (shown.count < r.count ? "…" : "")
    }

    static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
