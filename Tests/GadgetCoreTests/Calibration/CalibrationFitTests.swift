import Testing
@testable import GadgetCore

@Suite struct CalibrationFitTests {
    /// The five targets of an 800×480 screen, in panel space.
    let targets = CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none).panelTargets

    /// Raw touches a panel with calibration `m` reports at the targets (the matrix maps raw to
    /// panel, so raw = m⁻¹(target)).
    func rawTouches(_ m: CalibrationMatrix, _ targets: [Vector2]) throws -> [Vector2] {
        let inverse = try #require(m.inverted)
        return targets.map(inverse.apply)
    }

    func expectClose(_ m: CalibrationMatrix, _ expected: CalibrationMatrix, tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, e) in zip(m.values, expected.values) {
            #expect(abs(x - e) <= tolerance, "\(m) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func identity() throws {
        let r = try CalibrationFit.fit(raw: targets, target: targets)
        expectClose(r.matrix, .identity)
        #expect(r.residuals.allSatisfy { $0.length < 1e-12 })
    }

    @Test(arguments: [
        // Swapped axes: the panel's X runs down the screen.
        CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0),
        // Inverted X, inverted Y, both.
        CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0),
        CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: -1, f: 1),
        CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1),
        // Swapped and inverted (libinput's 90° example).
        CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0),
        // Skew and scale with an offset: a panel glued on slightly off and stretched.
        CalibrationMatrix(a: 1.08, b: 0.04, c: -0.05, d: -0.03, e: 0.93, f: 0.04),
        // Swap, skew and scale together (the VM test's panel).
        CalibrationMatrix(a: 0.06, b: 1.12, c: -0.09, d: 0.94, e: -0.05, f: 0.04),
    ])
    func recoversTheMatrixThatMadeTheTouches(_ m: CalibrationMatrix) throws {
        let r = try CalibrationFit.fit(raw: try rawTouches(m, targets), target: targets)
        expectClose(r.matrix, m)
        #expect(r.residuals.allSatisfy { $0.length < 1e-9 })
    }

    /// A panel error composed with a rotation of the panel's axes (libinput's 90°, 180° and 270°
    /// matrices after a skew): the fit finds the composition.
    @Test func rotationComposition() throws {
        let skew = CalibrationMatrix(a: 1.05, b: 0.02, c: -0.03, d: 0.01, e: 0.97, f: 0.02)
        let turns = [CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0),
                     CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1),
                     CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)]
        for turn in turns {
            let m = skew.then(turn)
            let r = try CalibrationFit.fit(raw: try rawTouches(m, targets), target: targets)
            expectClose(r.matrix, m)
        }
        // Four quarter turns are the identity.
        let q = turns[0]
        expectClose(q.then(q).then(q).then(q), .identity, tolerance: 1e-12)
    }

    /// Touches off by up to ±0.4 % of the range (a few pixels): the fit stays close and the
    /// residuals show the noise. The noise is a fixed pattern (deterministic).
    @Test func noisyPoints() throws {
        let m = CalibrationMatrix(a: 1.08, b: 0.04, c: -0.05, d: -0.03, e: 0.93, f: 0.04)
        let noise = [Vector2(0.004, -0.003), Vector2(-0.002, 0.004), Vector2(0.003, 0.002), Vector2(-0.004, -0.001), Vector2(0.001, 0.003)]
        let raw = zip(try rawTouches(m, targets), noise).map { $0 + $1 }
        let r = try CalibrationFit.fit(raw: raw, target: targets)
        expectClose(r.matrix, m, tolerance: 0.02)
        let worst = r.residuals.map(\.length).max() ?? 0
        #expect(worst > 1e-4 && worst < 0.01)
        // Least squares: the residuals of the u' and v' fits are orthogonal to the constant
        // column, so they sum to zero.
        let sum = r.residuals.reduce(Vector2(0, 0), +)
        #expect(sum.length < 1e-12)
    }

    @Test func degenerateInputIsRefused() {
        // Every touch at one place: a panel that reports no movement.
        #expect(throws: CalibrationFitError.touchesAtOnePlace) {
            try CalibrationFit.fit(raw: Array(repeating: Vector2(0.5, 0.5), count: 5), target: targets)
        }
        // On a line: one axis is dead (v stuck at 0.3).
        #expect(throws: CalibrationFitError.collinear) {
            try CalibrationFit.fit(raw: targets.map { Vector2($0.x, 0.3) }, target: targets)
        }
        // On a diagonal line, with a little noise.
        #expect(throws: CalibrationFitError.collinear) {
            try CalibrationFit.fit(raw: targets.enumerated().map { i, t in Vector2(t.x, t.x + (i % 2 == 0 ? 0.001 : -0.001)) }, target: targets)
        }
        #expect(throws: CalibrationFitError.tooFewPoints(3)) {
            try CalibrationFit.fit(raw: Array(targets.prefix(3)), target: Array(targets.prefix(3)))
        }
        #expect(throws: CalibrationFitError.countMismatch(raw: 4, target: 5)) {
            try CalibrationFit.fit(raw: Array(targets.prefix(4)), target: targets)
        }
        #expect(throws: CalibrationFitError.notFinite) {
            try CalibrationFit.fit(raw: [Vector2(.nan, 0)] + targets.dropFirst(), target: targets)
        }
    }

    /// Targets on a line (a caller's bug) give a singular matrix, not a panel.
    @Test func collinearTargetsAreASingularFit() {
        let line = targets.map { Vector2($0.x, 0.5) }
        #expect {
            try CalibrationFit.fit(raw: targets, target: line)
        } throws: { error in
            if case .singular = error as? CalibrationFitError { return true }
            return false
        }
    }

    @Test func solvesA3x3System() throws {
        let x = try #require(CalibrationFit.solve3([[0, 2, 1], [1, 0, 0], [3, 1, 4]], [5, 1, 16]))
        // Needs a row swap (zero first pivot): x = (1, 1, 3).
        #expect(abs(x[0] - 1) < 1e-12 && abs(x[1] - 1) < 1e-12 && abs(x[2] - 3) < 1e-12)
        #expect(CalibrationFit.solve3([[1, 2, 3], [2, 4, 6], [0, 0, 1]], [1, 2, 3]) == nil)
    }

    @Test func matrixConventions() throws {
        let m = CalibrationMatrix(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6)
        #expect(m.apply(Vector2(10, 100)) == Vector2(1 * 10 + 2 * 100 + 3, 4 * 10 + 5 * 100 + 6))
        #expect(m.transform.apply(Vector2(10, 100)) == m.apply(Vector2(10, 100)))
        #expect(CalibrationMatrix(m.transform) == m)
        #expect(CalibrationMatrix([1, 2, 3]) == nil)
        #expect(m.json == "[1, 2, 3, 4, 5, 6]")
        #expect(CalibrationMatrix(a: 0.1234567, b: -0.0000004, c: 1, d: 0, e: 1, f: 0).rounded(places: 6).json == "[0.123457, 0, 1, 0, 1, 0]")
        // The same matrix TouchMapping builds from a board's `touch.calibration`.
        let mapping = try TouchMapping(x: AbsInfo(minimum: 0, maximum: 1000), y: AbsInfo(minimum: 0, maximum: 1000),
                                       calibration: m.values, board: Size2(1, 1))
        #expect(mapping.transform == m.transform)
    }
}
