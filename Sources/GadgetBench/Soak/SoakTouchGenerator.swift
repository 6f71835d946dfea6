import GadgetCore

/// Seeded random touches for `gadgetboard soak`, as a multitouch type-B event stream (what a
/// kernel touch screen driver sends: ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y,
/// BTN_TOUCH, the single-touch ABS_X/Y of the first contact, SYN_REPORT).
///
/// Gestures follow one another with short pauses: taps, drags, two-finger pinches (with some
/// rotation), flicks (fast and lifted while moving), and three-finger noise (three contacts
/// jittering in place and lifted one by one). Reports come every 5–10 ms (100–200 Hz) while a
/// finger is down. Pure: the same seed gives the same stream; the event times are left at 0 and
/// the writer stamps each report with the clock when it sends it.
public struct SoakTouchGenerator: TouchScript {
    public enum Gesture: String, CaseIterable, Sendable { case tap, drag, pinch, flick, threeFingerNoise = "three-finger-noise" }

    /// One SYN_REPORT's worth of events, sent `delay` after the previous report.
    public typealias Report = TouchReport

    typealias Change = MultitouchEncoder.Change
    struct Frame { var delay: Microseconds; var changes: [Change] }

    /// The device's coordinate ranges (0…maxX, 0…maxY) and slots.
    public let maxX: Int32, maxY: Int32
    public static let slots = MultitouchEncoder.slots
    private var random: SplitMix64
    private var pending: [Frame] = []
    private var nextFrame = 0
    private var encoder = MultitouchEncoder()
    /// Gestures started, by kind (for the report).
    public private(set) var gestures: [Gesture: Int] = [:]

    public init(seed: UInt64, maxX: Int32, maxY: Int32) {
        random = SplitMix64(seed: seed)
        self.maxX = max(1, maxX); self.maxY = max(1, maxY)
    }

    /// Contacts down now (0 between gestures).
    public var contactsDown: Int { encoder.contactsDown }

    /// The next report; a new gesture is planned whenever the previous one is done.
    public mutating func next() -> Report {
        if nextFrame >= pending.count {
            pending = plan()
            nextFrame = 0
        }
        let frame = pending[nextFrame]
        nextFrame += 1
        return Report(delay: frame.delay, events: encoder.encode(frame.changes))
    }

    /// The soak never ends its script: the run's duration does.
    public mutating func nextReport() -> TouchReport? { next() }

    /// Lifts every contact still down (the soak is ending), or nil if none is.
    public mutating func liftAll() -> Report? {
        let down = encoder.slotsDown
        guard !down.isEmpty else { return nil }
        pending = []
        nextFrame = 0
        return Report(delay: 0, events: encoder.encode(down.map { Change(slot: $0, at: nil) }))
    }

    // MARK: - Planning

    private mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(random.next() >> 11) * 0x1p-53 }
    private mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    /// A report interval of 5–10 ms (100–200 Hz).
    private mutating func step() -> Microseconds { Microseconds(int(5_000...10_000)) }

    private func point(_ x: Double, _ y: Double) -> (x: Int32, y: Int32) {
        (Int32(min(max(x, 0), Double(maxX)).rounded()), Int32(min(max(y, 0), Double(maxY)).rounded()))
    }

    private mutating func randomPoint(margin: Double = 0.05) -> (Double, Double) {
        (uniform(margin, 1 - margin) * Double(maxX), uniform(margin, 1 - margin) * Double(maxY))
    }

    /// The frames of the next gesture; the first waits a pause of 30–400 ms after the last one.
    private mutating func plan() -> [Frame] {
        let gesture = Gesture.allCases[int(0...(Gesture.allCases.count - 1))]
        gestures[gesture, default: 0] += 1
        var frames: [Frame]
        switch gesture {
        case .tap: frames = planTap()
        case .drag: frames = planPath(duration: uniform(0.3, 1.2), reach: 0.35)
        case .flick: frames = planPath(duration: uniform(0.08, 0.2), reach: 0.3)
        case .pinch: frames = planPinch()
        case .threeFingerNoise: frames = planNoise()
        }
        frames[0].delay = Microseconds(int(30_000...400_000))
        return frames
    }

    private mutating func planTap() -> [Frame] {
        let (x, y) = randomPoint()
        var frames = [Frame(delay: 0, changes: [Change(slot: 0, at: point(x, y))])]
        for _ in 0..<int(2...8) { frames.append(Frame(delay: step(), changes: [Change(slot: 0, at: point(x + uniform(-2, 2), y + uniform(-2, 2)))])) }
        frames.append(Frame(delay: step(), changes: [Change(slot: 0, at: nil)]))
        return frames
    }

    /// One finger from a random point along a straight line, lifted at the end while moving
    /// (a flick when short and fast).
    private mutating func planPath(duration: Double, reach: Double) -> [Frame] {
        let (x0, y0) = randomPoint()
        let angle = uniform(0, 2 * Double.pi)
        let length = uniform(0.3, 1) * reach * Double(min(maxX, maxY))
        var frames = [Frame(delay: 0, changes: [Change(slot: 0, at: point(x0, y0))])]
        var t: Microseconds = 0
        let total = Microseconds(duration * 1_000_000)
        while t < total {
            let dt = step()
            t += dt
            let f = min(1, Double(t) / Double(total))
            frames.append(Frame(delay: dt, changes: [Change(slot: 0, at: point(x0 + Math.cos(angle) * length * f, y0 + Math.sin(angle) * length * f))]))
        }
        frames.append(Frame(delay: step(), changes: [Change(slot: 0, at: nil)]))
        return frames
    }

    /// Two fingers about a centre, spreading or closing and turning a little.
    private mutating func planPinch() -> [Frame] {
        let (cx, cy) = randomPoint(margin: 0.2)
        let side = Double(min(maxX, maxY))
        let r0 = uniform(0.05, 0.2) * side, r1 = uniform(0.05, 0.2) * side
        let a0 = uniform(0, Double.pi), turn = uniform(-0.6, 0.6)
        let total = Microseconds(uniform(0.3, 0.9) * 1_000_000)
        func fingers(_ f: Double) -> [Change] {
            let r = r0 + (r1 - r0) * f, a = a0 + turn * f
            return [Change(slot: 0, at: point(cx + Math.cos(a) * r, cy + Math.sin(a) * r)),
                    Change(slot: 1, at: point(cx - Math.cos(a) * r, cy - Math.sin(a) * r))]
        }
        var frames = [Frame(delay: 0, changes: fingers(0))]
        var t: Microseconds = 0
        while t < total {
            let dt = step()
            t += dt
            frames.append(Frame(delay: dt, changes: fingers(min(1, Double(t) / Double(total)))))
        }
        // The two fingers rarely lift in the same report.
        frames.append(Frame(delay: step(), changes: [Change(slot: 0, at: nil)]))
        frames.append(Frame(delay: step(), changes: [Change(slot: 1, at: nil)]))
        return frames
    }

    /// Three contacts (a palm, a sleeve) landing one after another, jittering, lifted in turn.
    private mutating func planNoise() -> [Frame] {
        var places: [(Double, Double)] = []
        var frames: [Frame] = []
        for slot in 0..<Int32(3) {
            let p = randomPoint()
            places.append(p)
            frames.append(Frame(delay: slot == 0 ? 0 : step(), changes: [Change(slot: slot, at: point(p.0, p.1))]))
        }
        for _ in 0..<int(20...60) {
            var changes: [Change] = []
            for slot in 0..<3 where random.next() % 2 == 0 {
                places[slot].0 += uniform(-6, 6); places[slot].1 += uniform(-6, 6)
                changes.append(Change(slot: Int32(slot), at: point(places[slot].0, places[slot].1)))
            }
            if !changes.isEmpty { frames.append(Frame(delay: step(), changes: changes)) }
        }
        for slot in [Int32(2), 0, 1] { frames.append(Frame(delay: step(), changes: [Change(slot: slot, at: nil)])) }
        return frames
    }

    /// The touch screen this stream is for: `slots` slots over 0…maxX × 0…maxY, direct (a
    /// touch screen, not a touchpad).
    public var deviceDescription: InputDeviceDescription {
        MultitouchEncoder.deviceDescription(name: "gadgetboard soak touchscreen", maxX: maxX, maxY: maxY)
    }
}
