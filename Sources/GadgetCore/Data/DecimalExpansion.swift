/// The exact decimal digits of a finite double, and correct rounding of them: what printf's
/// `%f`, `%e` and `%g` need to give glibc's output byte for byte without calling libc (the core
/// imports nothing). Every double is m·2^e, so its decimal expansion is finite: m·2^e for e ≥ 0,
/// m·5^-e / 10^-e for e < 0. The big multiplications run on base-10⁹ limbs; a binding is
/// formatted when its source changes, not per frame, so clarity wins over speed here.
struct DecimalExpansion: Equatable {
    /// Significant digits (0...9), the first non-zero, no trailing zeros; empty for zero.
    var digits: [UInt8]
    /// The value is 0.d₁d₂…dₙ × 10^pointPosition.
    var pointPosition: Int

    /// The expansion of |value|; value must be finite.
    init(_ value: Double) {
        let v = abs(value)
        guard v != 0, v.isFinite else { digits = []; pointPosition = 1; return }
        let bits = v.significandBitPattern
        let exponentBits = Int(v.exponentBitPattern)
        let m: UInt64 = exponentBits == 0 ? bits : bits | (1 << 52)
        let e = exponentBits == 0 ? -1074 : exponentBits - 1075
        var limbs: [UInt64] = [m % 1_000_000_000, m / 1_000_000_000]
        var remaining = abs(e)
        // 2³² and 5¹³ keep limb × factor + carry below 2⁶⁴.
        let (chunk, chunkFactor, single): (Int, UInt64, UInt64) = e >= 0 ? (32, 1 << 32, 2) : (13, 1_220_703_125, 5)
        while remaining >= chunk { DecimalExpansion.multiply(&limbs, by: chunkFactor); remaining -= chunk }
        var rest: UInt64 = 1
        for _ in 0..<remaining { rest *= single }
        if rest > 1 { DecimalExpansion.multiply(&limbs, by: rest) }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var out: [UInt8] = []
        for (i, limb) in limbs.reversed().enumerated() {
            var chunkDigits = [UInt8](repeating: 0, count: 9)
            var n = limb
            for k in stride(from: 8, through: 0, by: -1) { chunkDigits[k] = UInt8(n % 10); n /= 10 }
            if i == 0 { out.append(contentsOf: chunkDigits.drop(while: { $0 == 0 })) } else { out.append(contentsOf: chunkDigits) }
        }
        let count = out.count
        while out.last == 0 { out.removeLast() }
        digits = out
        pointPosition = e >= 0 ? count : count + e
    }

    init(digits: [UInt8], pointPosition: Int) { self.digits = digits; self.pointPosition = pointPosition }

    private static func multiply(_ limbs: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let p = limbs[i] * factor + carry
            limbs[i] = p % 1_000_000_000
            carry = p / 1_000_000_000
        }
        while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
    }

    var isZero: Bool { digits.isEmpty }

    /// Rounded to the first `kept` digits (may be ≤ 0), half to even on the exact value, as glibc
    /// rounds in the default rounding mode.
    func rounded(keeping kept: Int) -> DecimalExpansion {
        if kept >= digits.count { return self }
        if kept < 0 { return DecimalExpansion(digits: [], pointPosition: 1) }
        let next = digits[kept]
        let moreAfter = digits.count > kept + 1
        let lastKeptOdd = kept > 0 && digits[kept - 1] % 2 == 1
        var out = Array(digits[0..<kept])
        let up = next > 5 || (next == 5 && (moreAfter || lastKeptOdd))
        var point = pointPosition
        if up {
            var i = out.count - 1
            while i >= 0, out[i] == 9 { out[i] = 0; i -= 1 }
            if i >= 0 { out[i] += 1 } else { out.insert(1, at: 0); point += 1 }
        }
        while out.last == 0 { out.removeLast() }
        return out.isEmpty ? DecimalExpansion(digits: [], pointPosition: 1) : DecimalExpansion(digits: out, pointPosition: point)
    }

    /// The digit at position `index` from the left of 0.d₁d₂…, 0 past the ends.
    func digit(_ index: Int) -> UInt8 { index >= 0 && index < digits.count ? digits[index] : 0 }

    /// Fixed notation with `precision` digits after the point (the digits, no sign).
    func fixed(precision: Int, alternate: Bool) -> [UInt8] {
        let r = rounded(keeping: pointPosition + precision)
        var out: [UInt8] = []
        if r.isZero || r.pointPosition <= 0 {
            out.append(UInt8(ascii: "0"))
        } else {
            for i in 0..<r.pointPosition { out.append(UInt8(ascii: "0") + r.digit(i)) }
        }
        if precision > 0 || alternate { out.append(UInt8(ascii: ".")) }
        if precision > 0 {
            // Fraction digit i (10^-(i+1)) is digit index pointPosition + i; zero has none.
            for i in 0..<precision { out.append(UInt8(ascii: "0") + r.digit(r.pointPosition + i)) }
        }
        return out
    }

    /// Scientific notation with `precision` digits after the point: `d.ddde±XX`.
    func scientific(precision: Int, alternate: Bool, uppercase: Bool) -> [UInt8] {
        let r = rounded(keeping: precision + 1)
        var out: [UInt8] = [UInt8(ascii: "0") + r.digit(0)]
        if precision > 0 || alternate { out.append(UInt8(ascii: ".")) }
        for i in 0..<precision { out.append(UInt8(ascii: "0") + r.digit(i + 1)) }
        let exponent = r.isZero ? 0 : r.pointPosition - 1
        out.append(uppercase ? UInt8(ascii: "E") : UInt8(ascii: "e"))
        out.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = Array(String(abs(exponent)).utf8)
        if magnitude.count < 2 { out.append(UInt8(ascii: "0")) }
        out.append(contentsOf: magnitude)
        return out
    }

    /// `%g`: scientific when the exponent is below -4 or at least the precision, else fixed;
    /// trailing zeros removed unless `alternate` (C11 7.21.6.1).
    func general(precision: Int, alternate: Bool, uppercase: Bool) -> [UInt8] {
        let p = precision == 0 ? 1 : precision
        let r = rounded(keeping: p)
        let x = r.isZero ? 0 : r.pointPosition - 1
        var out = (x < p && x >= -4) ? fixed(precision: p - 1 - x, alternate: alternate)
                                     : scientific(precision: p - 1, alternate: alternate, uppercase: uppercase)
        guard !alternate else { return out }
        // Trailing zeros of the fraction (and then the point) go, the exponent stays.
        let e = out.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) ?? out.count
        guard let dot = out[..<e].firstIndex(of: UInt8(ascii: ".")) else { return out }
        var end = e
        while end > dot + 1, out[end - 1] == UInt8(ascii: "0") { end -= 1 }
        if end == dot + 1 { end = dot }
        out.replaceSubrange(end..<e, with: [])
        return out
    }
}
