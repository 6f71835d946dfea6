/// Weighted least-squares polynomial fit by Gram-Schmidt QR, the method of Android's
/// `VelocityTracker.cpp` and Flutter's `lsq_solver.dart`: stable for the short, nearly evenly
/// spaced sample runs a velocity tracker fits.
public enum LeastSquaresSolver {
    /// Coefficients c₀…c_degree of y ≈ Σ cᵢ·xⁱ, or nil when the samples cannot determine them
    /// (fewer samples than coefficients, or x values too close together).
    public static func fit(x: [Double], y: [Double], weights w: [Double], degree: Int) -> [Double]? {
        let m = x.count, n = degree + 1
        guard degree >= 0, m == y.count, m == w.count, m >= n else { return nil }
        // a[i][h] = w[h]·x[h]^i: the weighted Vandermonde matrix, one row per power.
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = w[h]
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }
        var q = a
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for i in 0..<j {
                let d = dot(q[j], q[i])
                for h in 0..<m { q[j][h] -= d * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            // Flutter and Android give up below 1e-6: the powers are linearly dependent.
            guard norm >= 1e-6 else { return nil }
            for h in 0..<m { q[j][h] /= norm }
            for i in 0..<n { r[j][i] = i < j ? 0 : dot(q[j], a[i]) }
        }
        // Solve R·c = Qᵀ·W·y by back substitution.
        var wy = [Double](repeating: 0, count: m)
        for h in 0..<m { wy[h] = y[h] * w[h] }
        var c = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            c[i] = dot(q[i], wy)
            for j in (i + 1)..<n { c[i] -= r[i][j] * c[j] }
            c[i] /= r[i][i]
        }
        return c
    }

    private static func dot(_ u: [Double], _ v: [Double]) -> Double {
        var s = 0.0
        for i in 0..<u.count { s += u[i] * v[i] }
        return s
    }
}
