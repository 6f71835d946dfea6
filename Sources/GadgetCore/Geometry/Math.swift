/// Elementary functions for the pure core, which may not import Glibc or Foundation.
///
/// `sin`, `cos` and `atan2` are evaluated in Swift so results are bit-identical on every
/// platform (determinism: replay and the simulation hash must match on x86-64 and aarch64, and a
/// libm's last-bit rounding differs between implementations). Accuracy is within a few ulps,
/// far below anything a screen shows.
public enum Math {
    public static let pi = Double.pi
    public static let twoPi = 2 * Double.pi
    public static let halfPi = Double.pi / 2

    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180 / pi }
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * pi / 180 }
    @inlinable public static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(v, lo), hi) }

    /// Wraps an angle to (-π, π].
    public static func wrapAngle(_ a: Double) -> Double {
        guard a.isFinite else { return 0 }
        var r = a.truncatingRemainder(dividingBy: twoPi)
        if r > pi { r -= twoPi } else if r <= -pi { r += twoPi }
        return r
    }

    /// sin(x), by reduction to [-π/4, π/4] and minimax polynomials (fdlibm's kernel coefficients).
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (q, r) = reduce(x)
        switch q & 3 {
        case 0: return kernelSin(r)
        case 1: return kernelCos(r)
        case 2: return -kernelSin(r)
        default: return -kernelCos(r)
        }
    }

    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let (q, r) = reduce(x)
        switch q & 3 {
        case 0: return kernelCos(r)
        case 1: return -kernelSin(r)
        case 2: return -kernelCos(r)
        default: return kernelSin(r)
        }
    }

    /// Reduces x to r in [-π/4, π/4] with x = q·π/2 + r (Cody–Waite, three-part π/2); accurate
    /// for the |x| < 1e6 that board angles and spring phases stay in.
    @usableFromInline static func reduce(_ x: Double) -> (Int, Double) {
        let invPio2 = 6.36619772367581382433e-01
        let pio2_1 = 1.57079632673412561417e+00
        let pio2_2 = 6.07710050650619224932e-11
        let pio2_3 = 2.02226624879595063154e-21
        let n = (x * invPio2).rounded(.toNearestOrEven)
        let r = ((x - n * pio2_1) - n * pio2_2) - n * pio2_3
        // Out of range the result has no precision left, but must not trap: NaN and infinities
        // give NaN (as libm's sin does), and a huge quotient only matters modulo 4.
        guard n.isFinite else { return (0, .nan) }
        guard n.magnitude < 0x1p52 else { return (Int(n.truncatingRemainder(dividingBy: 4)), 0) }
        return (Int(n), r)
    }

    @usableFromInline static func kernelSin(_ x: Double) -> Double {
        let s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10
        let z = x * x
        return x + x * z * (s1 + z * (s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))))
    }

    @usableFromInline static func kernelCos(_ x: Double) -> Double {
        let c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11
        let z = x * x
        return 1 - 0.5 * z + z * z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6)))))
    }

    /// atan(x) for any x, via reduction to |x| ≤ tan(π/12) and a series.
    public static func atan(_ x: Double) -> Double {
        guard !x.isNaN else { return .nan }
        if x < 0 { return -atan(-x) }
        if x > 1 { return halfPi - atan(1 / x) }
        // atan(x) = π/6 + atan((x·√3 − 1)/(x + √3)) brings x ≤ 1 down to ≤ 0.268.
        let tan15 = 0.26794919243112270
        if x > tan15 {
            let sqrt3 = 1.7320508075688772
            return pi / 6 + atanSmall((x * sqrt3 - 1) / (x + sqrt3))
        }
        return atanSmall(x)
    }

    @usableFromInline static func atanSmall(_ x: Double) -> Double {
        // Taylor series; |x| ≤ 0.268 → terms fall by ≥ 0.072 each, 14 terms reach 1e-17.
        let z = x * x
        var term = x, sum = x
        var k = 1.0
        for _ in 0..<14 {
            term *= -z
            k += 2
            sum += term / k
        }
        return sum
    }

    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        if y > 0 { return halfPi }
        if y < 0 { return -halfPi }
        return 0
    }

    /// e^x, by x = k·ln2 + r, |r| ≤ ln2/2, and a series for e^r.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let ln2 = 0.69314718055994530942
        let k = (x / ln2).rounded(.toNearestOrEven)
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for i in 1...20 { term *= r / Double(i); sum += term }
        return sum * pow2(Int(k))
    }

    /// Natural logarithm for x > 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = m·2^e with m in [√½, √2): ln x = e·ln2 + 2·atanh((m−1)/(m+1)).
        var e = Int(x.exponent)
        var m = x.significand  // [1, 2)
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        let s = (m - 1) / (m + 1), s2 = s * s
        var term = s, sum = s
        var k = 1.0
        for _ in 0..<24 { term *= s2; k += 2; sum += term / k }
        return Double(e) * 0.69314718055994530942 + 2 * sum
    }

    /// base^exponent for base > 0.
    public static func pow(_ base: Double, _ exponent: Double) -> Double {
        if exponent == 0 { return 1 }
        if base == 1 { return 1 }
        return exp(exponent * log(base))
    }

    @usableFromInline static func pow2(_ k: Int) -> Double {
        Double(sign: .plus, exponent: k, significand: 1)
    }
}
