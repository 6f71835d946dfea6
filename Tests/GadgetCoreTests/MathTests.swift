import Testing
@testable import GadgetCore

/// The core's own elementary functions must agree with a libm to well below a pixel; they exist
/// so that results are identical on every platform.
@Suite struct MathTests {
    /// Out of range, sin and cos give an answer (NaN for NaN and infinities) instead of
    /// trapping on the quadrant's conversion to Int.
    @Test func hugeAndNonFiniteAnglesDoNotTrap() {
        #expect(Math.sin(.infinity).isNaN && Math.cos(-.infinity).isNaN && Math.sin(.nan).isNaN)
        for x in [1e19, -3e40, 9e300] {
            #expect(Math.sin(x).magnitude <= 1 && Math.cos(x).magnitude <= 1)
        }
    }

    @Test func trigMatchesKnownValues() {
        #expect(abs(Math.sin(Math.pi / 6) - 0.5) < 1e-15)
        #expect(abs(Math.cos(Math.pi / 3) - 0.5) < 1e-15)
        #expect(abs(Math.sin(-100.25) - 0.2772828564548513) < 1e-13)
        #expect(abs(Math.cos(12345.678) - 0.7101193587160628) < 1e-11)
        #expect(abs(Math.atan2(1, 1) - Math.pi / 4) < 1e-15)
        #expect(abs(Math.atan2(-1, -1) + 3 * Math.pi / 4) < 1e-15)
        #expect(abs(Math.atan(0.5) - 0.4636476090008061) < 1e-15)
        #expect(abs(Math.atan(7) - 1.4288992721907328) < 1e-15)
    }

    @Test func expLogPow() {
        #expect(abs(Math.exp(1) - 2.718281828459045) < 1e-15)
        #expect(abs(Math.exp(-10) - 4.5399929762484854e-05) < 1e-19)
        #expect(abs(Math.log(10) - 2.302585092994046) < 1e-15)
        #expect(abs(Math.pow(0.998, 16.667) - 0.96718) < 1e-5)
        #expect(abs(Math.log(0.998) * 1000 - (-2.002002669)) < 1e-8)
    }

    @Test func wrapsAngles() {
        #expect(abs(Math.wrapAngle(3 * Math.pi) - Math.pi) < 1e-12)
        #expect(abs(Math.wrapAngle(-Math.pi / 2 - 2 * Math.pi) + Math.pi / 2) < 1e-12)
    }
}
