/// A short line of ASCII for the HUD, built without allocating: fixed inline storage (a tuple),
/// appended to by characters, literals and formatted numbers.
struct HUDText {
    static let capacity = 32
    private var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    init() {}
    init(_ literal: StaticString) { append(literal) }

    subscript(i: Int) -> UInt8 {
        withUnsafeBytes(of: bytes) { $0[i] }
    }

    mutating func append(_ c: UInt8) {
        guard count < HUDText.capacity else { return }
        let i = count
        withUnsafeMutableBytes(of: &bytes) { $0[i] = c }
        count += 1
    }

    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { for c in $0 { append(c) } }
    }

    mutating func append(_ other: HUDText) {
        for i in 0..<other.count { append(other[i]) }
    }

    /// A non-negative integer in decimal (negative values print as 0).
    mutating func append(integer value: Int) {
        var v = max(0, value), digits: (UInt64, UInt64) = (0, 0), n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[n] = UInt8(48 + v % 10); v /= 10; n += 1 } while v > 0 && n < 16
        }
        withUnsafeBytes(of: digits) { d in for i in stride(from: n - 1, through: 0, by: -1) { append(d[i]) } }
    }

    /// `value` with one decimal (rounded half away from zero), e.g. 16.7.
    mutating func append(tenths value: Double) {
        guard value.isFinite else { append("--"); return }
        let t = Int((max(0, value) * 10).rounded())
        append(integer: t / 10)
        append(UInt8(ascii: "."))
        append(UInt8(48 + t % 10))
    }

    /// Width in font pixels (6 per character, less the last column's gap).
    var fontWidth: Int { max(0, count * 6 - 1) }
}
