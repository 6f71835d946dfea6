/// Least-squares fit of a `CalibrationMatrix` to touch/target pairs: the six parameters that
/// minimise Σ |M(rawᵢ) − targetᵢ|². The u' and v' rows are independent, so each is a 3-parameter
/// linear least-squares problem with the same design rows [u, v, 1]: one 3×3 normal matrix
/// N = Σ rᵢ rᵢᵀ, two right-hand sides, each solved by Gaussian elimination with partial pivoting.
///
/// Normal equations square the condition number, which is harmless here: inputs are normalised
/// (0…1), there are a handful of points, and near-degenerate layouts are refused before solving
/// by looking at the spread of the raw points directly (`CalibrationFitError`). A general affine
/// fit covers every panel fault calibration can fix at once: offset, scale, skew, swapped axes
/// (b and d carry the weight), inverted axes (negative a or e).
public enum CalibrationFit {
    public struct Result: Equatable, Sendable {
        public var matrix: CalibrationMatrix
        /// M(rawᵢ) − targetᵢ per point, in normalised panel units.
        public var residuals: [Vector2]
    }

    /// Fewest pairs that determine six parameters with a check: three fix them exactly, the fourth
    /// makes a bad touch show as a residual.
    public static let minimumPoints = 4
    /// The raw points' spread along their thinnest direction against their widest
    /// (√(λmin/λmax) of their covariance). Below this they are (nearly) on a line: the fit would
    /// extrapolate one axis from noise. A rectangle of targets seen through a plausible panel
    /// stays far above (a 4:1 squash is 0.25).
    public static let minimumSpreadRatio = 0.03
    /// Raw points closer together than this (normalised, RMS) are "one place": a stuck panel.
    public static let minimumSpread = 0.005

    public static func fit(raw: [Vector2], target: [Vector2]) throws(CalibrationFitError) -> Result {
        guard raw.count == target.count else { throw .countMismatch(raw: raw.count, target: target.count) }
        guard raw.count >= minimumPoints else { throw .tooFewPoints(raw.count) }
        guard raw.allSatisfy({ $0.x.isFinite && $0.y.isFinite }), target.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw .notFinite
        }
        let (thin, wide) = spread(raw)
        guard wide >= minimumSpread else { throw .touchesAtOnePlace }
        guard thin >= minimumSpreadRatio * wide else { throw .collinear }

        // Centre the raw points so the normal matrix is well scaled (the constant column does not
        // dominate); the translation is folded back at the end.
        let n = Double(raw.count)
        var mean = Vector2(0, 0)
        for p in raw { mean = Vector2(mean.x + p.x / n, mean.y + p.y / n) }
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var rhsU = [0.0, 0, 0], rhsV = [0.0, 0, 0]
        for (p, t) in zip(raw, target) {
            let r = [p.x - mean.x, p.y - mean.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { normal[i][j] += r[i] * r[j] }
                rhsU[i] += r[i] * t.x
                rhsV[i] += r[i] * t.y
            }
        }
        guard let u = solve3(normal, rhsU), let v = solve3(normal, rhsV) else { throw .collinear }
        // u' = a·(u − mu) + b·(v − mv) + c₀  ⇒  c = c₀ − a·mu − b·mv.
        let m = CalibrationMatrix(a: u[0], b: u[1], c: u[2] - u[0] * mean.x - u[1] * mean.y,
                                  d: v[0], e: v[1], f: v[2] - v[0] * mean.x - v[1] * mean.y)
        guard m.values.allSatisfy(\.isFinite) else { throw .notFinite }
        // The targets span the screen, the raw points span a real area (checked above): a
        // near-zero determinant means the fit is nonsense, not a panel.
        guard abs(m.determinant) > 1e-6 else { throw .singular(m) }
        let residuals = zip(raw, target).map { p, t in m.apply(p) - t }
        return Result(matrix: m, residuals: residuals)
    }

    /// √λmin and √λmax of the points' covariance: their RMS spread across and along the widest
    /// direction.
    static func spread(_ points: [Vector2]) -> (thin: Double, wide: Double) {
        let n = Double(points.count)
        var mx = 0.0, my = 0.0
        for p in points { mx += p.x / n; my += p.y / n }
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            let dx = p.x - mx, dy = p.y - my
            sxx += dx * dx / n; syy += dy * dy / n; sxy += dx * dy / n
        }
        let half = (sxx + syy) / 2
        let root = (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        return (max(0, half - root).squareRoot(), max(0, half + root).squareRoot())
    }

    /// x with A·x = b for a 3×3 A, by elimination with partial pivoting; nil when a pivot is
    /// (relative to the matrix's size) zero.
    static func solve3(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        var scale = 0.0
        for row in a { for x in row { scale = max(scale, abs(x)) } }
        guard scale > 0, scale.isFinite else { return nil }
        for col in 0..<3 {
            var pivot = col
            for r in (col + 1)..<3 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 * scale else { return nil }
            if pivot != col { a.swapAt(pivot, col); b.swapAt(pivot, col) }
            for r in (col + 1)..<3 {
                let k = a[r][col] / a[col][col]
                for c in col..<3 { a[r][c] -= k * a[col][c] }
                b[r] -= k * b[col]
            }
        }
        var x = [0.0, 0, 0]
        for i in stride(from: 2, through: 0, by: -1) {
            var s = b[i]
            for j in (i + 1)..<3 { s -= a[i][j] * x[j] }
            x[i] = s / a[i][i]
        }
        return x
    }
}

/// Why touches cannot be turned into a calibration matrix.
public enum CalibrationFitError: Error, Equatable, Sendable, CustomStringConvertible {
    case countMismatch(raw: Int, target: Int)
    case tooFewPoints(Int)
    case notFinite
    /// Every touch landed at (nearly) the same raw place: the panel reports no movement.
    case touchesAtOnePlace
    /// The raw touches lie (nearly) on a line: one axis of the panel is dead or stuck.
    case collinear
    /// The fitted matrix maps the panel onto a line.
    case singular(CalibrationMatrix)

    public var description: String {
        switch self {
        case .countMismatch(let r, let t): return "\(r) touches for \(t) targets"
        case .tooFewPoints(let n): return "\(n) touches: at least \(CalibrationFit.minimumPoints) are needed"
        case .notFinite: return "a touch or target is not a finite number"
        case .touchesAtOnePlace: return "every touch was reported at the same place: the panel does not report movement"
        case .collinear: return "the touches were reported on a line: one axis of the panel does not move"
        case .singular(let m): return "the fitted matrix \(m) is singular"
        }
    }
}
