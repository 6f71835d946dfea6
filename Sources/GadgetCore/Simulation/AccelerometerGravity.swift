/// Turns an evdev accelerometer's raw ABS_X/Y/Z stream (a device with INPUT_PROP_ACCELEROMETER)
/// into the direction of board gravity, keeping the board's gravity magnitude: tilt the panel and
/// the board tilts. Pure: time comes from the events; the evdev side (finding the device,
/// reading absinfo) is the input module's, whose thread feeds it each accelerometer's events and
/// hands the main loop only the resulting gravity vector.
///
/// Axis convention, after the optional mount matrix (udev's ACCEL_MOUNT_MATRIX, row-major 3×3,
/// `systemd: hwdb.d/60-sensor.hwdb`): x to the right of the display, y to its top, z out of the
/// screen, and the reading is the reaction to gravity: upright in its normal orientation the
/// panel reads y ≈ +1 g; lying face up, z ≈ +1 g. This is the Android/W3C convention and what
/// iio-sensor-proxy's `orientation_calc` calls "normal" (y > 0). A panel whose sensor disagrees
/// is fixed by its mount matrix, as for desktop auto-rotation.
///
/// Gravity on screen (y down) is then (−x, +y) of the reading, turned into board coordinates by
/// the board's display rotation (the board is drawn turned clockwise by it, so a screen vector is
/// turned back counter-clockwise).
public struct AccelerometerGravity: Sendable {
    /// One axis's evdev range (`struct input_absinfo`).
    public struct Axis: Sendable, Equatable {
        public var minimum: Int32
        public var maximum: Int32
        /// Units per g when the driver reports it (absinfo.resolution); 0 if unknown.
        public var resolution: Int32
        public init(minimum: Int32, maximum: Int32, resolution: Int32 = 0) {
            self.minimum = minimum; self.maximum = maximum; self.resolution = resolution
        }

        /// The axis as the device describes it (an unknown resolution is 0).
        public init(_ info: AbsInfo) {
            self.init(minimum: info.minimum, maximum: info.maximum, resolution: info.resolution ?? 0)
        }

        /// The raw value in g (or in half-ranges when the resolution is unknown; only the
        /// direction matters, and the three axes share one scale either way).
        func normalized(_ value: Int32) -> Double {
            if resolution > 0 { return Double(value) / Double(resolution) }
            let mid = (Double(minimum) + Double(maximum)) / 2
            let half = (Double(maximum) - Double(minimum)) / 2
            return half > 0 ? (Double(value) - mid) / half : 0
        }
    }

    public let x: Axis, y: Axis, z: Axis
    /// Row-major 3×3 mount matrix applied to (x, y, z).
    public let mountMatrix: [Double]
    public let rotation: DisplayRotation
    /// Magnitude of the gravity produced, px/s² (the board's; tilt only changes the direction).
    public let magnitude: Double
    /// Low-pass time constant, µs: accelerometers are noisy and a hand on the panel shakes it.
    public let smoothing: Microseconds
    /// Below this fraction of the reading lying in the screen plane (≈ sin of the tilt from flat),
    /// the direction is undefined noise: keep the last one. 0.2 ≈ 11.5°.
    public let minimumTilt: Double
    /// A new direction is reported only when it turned more than this from the last reported,
    /// rad (≈ 1°), so sensor noise does not keep waking resting gadgets.
    public let minimumTurn: Double

    /// Gravity now, px/s² in board coordinates.
    public private(set) var gravity: Vector2

    private var raw = (x: Int32(0), y: Int32(0), z: Int32(0))
    private var filtered: (Double, Double, Double)?
    private var lastTime: Microseconds?

    /// `initial` is the board's gravity (px/s²); its magnitude is kept, or UIKit's 1000 pt/s²
    /// (`pointsToPixels` × 1000) when the board's is zero.
    public init(x: Axis, y: Axis, z: Axis, rotation: DisplayRotation, initial: Vector2, pointsToPixels: Double = 1,
                mountMatrix: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1], smoothing: Microseconds = 100_000,
                minimumTilt: Double = 0.2, minimumTurn: Double = Math.radians(1)) {
        self.x = x; self.y = y; self.z = z
        self.rotation = rotation
        self.mountMatrix = mountMatrix.count == 9 ? mountMatrix : [1, 0, 0, 0, 1, 0, 0, 0, 1]
        let m = initial.length
        magnitude = m > 0 ? m : SimulationTuning.uikitGravity * pointsToPixels
        gravity = m > 0 ? initial : Vector2(0, magnitude)
        self.smoothing = max(smoothing, 0)
        self.minimumTilt = minimumTilt
        self.minimumTurn = minimumTurn
    }

    /// Feeds one event. At SYN_REPORT returns the new gravity if its direction changed by more
    /// than `minimumTurn`, else nil (also for every other event).
    public mutating func handle(_ event: InputEvent) -> Vector2? {
        switch (event.type, event.code) {
        case (EV.abs, EV.absX): raw.x = event.value
        case (EV.abs, EV.absY): raw.y = event.value
        case (EV.abs, EV.absZ): raw.z = event.value
        case (EV.syn, EV.synReport): return report(at: event.time)
        default: break
        }
        return nil
    }

    private mutating func report(at time: Microseconds) -> Vector2? {
        let ax = x.normalized(raw.x), ay = y.normalized(raw.y), az = z.normalized(raw.z)
        let m = mountMatrix
        let sample = (m[0] * ax + m[1] * ay + m[2] * az, m[3] * ax + m[4] * ay + m[5] * az, m[6] * ax + m[7] * ay + m[8] * az)
        if let f = filtered, let last = lastTime, smoothing > 0 {
            // Exponential smoothing by elapsed time, so the filter does not depend on the rate.
            let dt = Double(max(time - last, 0))
            let k = 1 - Math.exp(-dt / Double(smoothing))
            filtered = (f.0 + (sample.0 - f.0) * k, f.1 + (sample.1 - f.1) * k, f.2 + (sample.2 - f.2) * k)
        } else {
            filtered = sample
        }
        lastTime = time
        guard let f = filtered else { return nil }
        let total = (f.0 * f.0 + f.1 * f.1 + f.2 * f.2).squareRoot()
        let screen = Vector2(-f.0, f.1)
        guard total > 0, screen.length >= minimumTilt * total else { return nil }
        let board = screen.rotated(by: -Math.radians(Double(rotation.degrees))).normalized * magnitude
        let turn = abs(Math.wrapAngle(board.angle - gravity.angle))
        guard turn > minimumTurn else { return nil }
        gravity = board
        return board
    }
}
