/// libinput's LIBINPUT_CALIBRATION_MATRIX `[a, b, c, d, e, f]`, the board file's
/// `touch.calibration`: u' = a·u + b·v + c, v' = d·u + e·v + f, with (u, v) the raw touch in
/// normalised device coordinates (0…1 over each axis's range) and (u', v') the corrected point in
/// the panel's own orientation (0…1 over the display as scanned out, before any rotation).
///
/// Named with libinput's letters on purpose: `AffineTransform` uses column-major names, and the
/// two conventions must not be mixed up when a matrix goes into a board file.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// From the six values in board-file order; nil unless exactly six finite numbers.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// In board-file order.
    public var values: [Double] { [a, b, c, d, e, f] }

    public func apply(_ p: Vector2) -> Vector2 { Vector2(a * p.x + b * p.y + c, d * p.x + e * p.y + f) }

    /// Of the 2×2 part: zero means the panel collapses onto a line (the board decoder refuses it).
    public var determinant: Double { a * e - b * d }

    /// The same map as an `AffineTransform` (for composing with the display transforms).
    public var transform: AffineTransform { AffineTransform(a: a, b: d, c: b, d: e, tx: c, ty: f) }

    public init(_ t: AffineTransform) { self.init(a: t.a, b: t.c, c: t.tx, d: t.b, e: t.d, f: t.ty) }

    /// `self` first, then `next`.
    public func then(_ next: CalibrationMatrix) -> CalibrationMatrix { CalibrationMatrix(transform.then(next.transform)) }

    /// The inverse map, nil when singular.
    public var inverted: CalibrationMatrix? { transform.inverted.map(CalibrationMatrix.init) }

    /// Each value rounded to `places` decimals (what a board file keeps: 6 places is 0.001 px on
    /// a 1920-px axis).
    public func rounded(places: Int) -> CalibrationMatrix {
        CalibrationMatrix(values.map { JSONWriter.rounded($0, places: places) }) ?? self
    }

    /// As the board file writes it: `[a, b, c, d, e, f]`, shortest round-trip numbers.
    public var json: String { "[" + values.map(JSONWriter.format).joined(separator: ", ") + "]" }

    public var description: String { json }
}
