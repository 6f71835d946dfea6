/// A `set` with a `duration`: one gadget's pose, opacity and colour moving from where they were
/// to the requested values, eased in and out (Core Animation's default timing), on the kiosk's
/// clock. Pure: the loop samples it each frame with the frame's time.
public struct ControlAnimation: Sendable, Equatable {
    public var gadget: GadgetIndex
    public var start: Microseconds
    /// > 0.
    public var duration: Microseconds
    public var fromPose: GadgetPose, toPose: GadgetPose
    public var fromOpacity: Double, toOpacity: Double
    /// Both nil unless the colour changes.
    public var fromColor: Color?, toColor: Color?

    public init(gadget: GadgetIndex, start: Microseconds, duration: Microseconds, fromPose: GadgetPose, toPose: GadgetPose,
                fromOpacity: Double, toOpacity: Double, fromColor: Color? = nil, toColor: Color? = nil) {
        self.gadget = gadget; self.start = start; self.duration = max(1, duration)
        self.fromPose = fromPose; self.toPose = toPose; self.fromOpacity = fromOpacity; self.toOpacity = toOpacity
        self.fromColor = fromColor; self.toColor = toColor
    }

    /// The values at `time`.
    public struct Sample: Sendable, Equatable {
        public var pose: GadgetPose
        public var opacity: Double
        public var color: Color?
        /// True at and after the end: the last sample, exactly the requested values.
        public var finished: Bool
    }

    public func sample(at time: Microseconds) -> Sample {
        let linear = Math.clamp(Double(time - start) / Double(duration), 0, 1)
        let finished = time >= start + duration
        let t = finished ? 1 : ControlAnimation.easeInOut(linear)
        var color: Color?
        if let a = fromColor, let b = toColor {
            color = finished ? b : Color(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t)
        }
        return Sample(pose: finished ? toPose : GadgetPose.lerp(fromPose, toPose, t),
                      opacity: finished ? toOpacity : fromOpacity + (toOpacity - fromOpacity) * t,
                      color: color, finished: finished)
    }

    /// Cubic ease-in-out on 0...1: slow start, slow end, symmetric.
    public static func easeInOut(_ x: Double) -> Double {
        x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) * (-2 * x + 2) * (-2 * x + 2) / 2
    }
}
