/// The calibration screen's logic, with no clock, device or drawing: touch frames in raw panel
/// coordinates go in (normalised device units, no calibration, no rotation: an `InputMapping`
/// for a 1×1 board), events for the log and the screen come out.
///
/// States and their transitions:
///
///     target(0) → target(1) → … → target(n−1) ─fit ok─→ checking(M) ─tap OK───→ accepted(M)
///         ↑ retry same target:                      │   (or no check)    ─tap REDO─→ target(0)
///         │ moved / second finger / cancelled       └─fit refused─→ target(0)
///
/// A target takes the first finger that lands while no other is down; its samples, less the
/// settling ends (`CalibrationThresholds.settleFraction`), are averaged when it lifts. A touch
/// that wandered, had company or was cancelled is retried with a hint. After the last target the
/// matrix is fitted (`CalibrationFit`) and refused when degenerate or when a point misses by more
/// than `maximumResidualPercent`: then every target is taken again. The check screen maps the
/// finger through the new matrix (`checkPoint`) and ends with a tap that lands and lifts inside
/// the OK box (or REDO); the caller ends it with `accept()` when its time runs out.
public struct CalibrationSession: Sendable {
    public enum Phase: Equatable, Sendable {
        case target(Int)
        case checking(CalibrationMatrix)
        case accepted(CalibrationMatrix)
    }

    /// Why one touch was not used.
    public enum Rejection: Equatable, Sendable, CustomStringConvertible {
        /// The stable samples wandered this far (fraction of the axis range).
        case moved(Double)
        case secondFinger
        case cancelled
        public var description: String {
            switch self {
            case .moved(let m): return "the touch moved \(JSONWriter.format(JSONWriter.rounded(m * 100, places: 1)))% of the panel: hold still"
            case .secondFinger: return "more than one finger: touch with one"
            case .cancelled: return "the touch was cancelled"
            }
        }
    }

    /// Why a finished set of touches was refused.
    public enum FitProblem: Error, Equatable, Sendable, CustomStringConvertible {
        case degenerate(CalibrationFitError)
        /// Target `target` (0-based) missed by `pixels` with the best matrix; `limit` allowed.
        case residual(pixels: Double, target: Int, limit: Double)
        public var description: String {
            switch self {
            case .degenerate(let e): return "\(e)"
            case .residual(let px, let t, let limit):
                return "target \(t + 1) is \(JSONWriter.format(JSONWriter.rounded(px, places: 1))) px off the best fit (more than \(JSONWriter.format(JSONWriter.rounded(limit, places: 1))) px): a touch missed its target"
            }
        }
    }

    public enum Event: Equatable, Sendable {
        /// Target `index` (0-based) of `count` is up and waiting: viewer pixels and panel space.
        case showTarget(index: Int, count: Int, viewer: Vector2, panel: Vector2)
        case touchRejected(index: Int, Rejection)
        /// The averaged raw touch for target `index`, from `samples` stable samples.
        case touchTaken(index: Int, raw: Vector2, samples: Int)
        case fitRefused(FitProblem)
        /// The matrix, and its worst point's miss in display pixels.
        case fitted(CalibrationMatrix, worstPixels: Double)
        case checkStarted
        case redo
        case accepted(CalibrationMatrix)
    }

    /// What the screen should say after a refusal (cleared when a touch is taken).
    public enum Hint: Equatable, Sendable {
        case touchRejected(Rejection)
        case fitRefused(FitProblem)
    }

    public let layout: CalibrationLayout
    public let thresholds: CalibrationThresholds
    /// Whether a check screen follows a good fit (else the fit is accepted at once).
    public let checks: Bool
    public private(set) var phase: Phase = .target(0)
    /// Averaged raw touches taken so far in this round, one per target.
    public private(set) var taken: [Vector2] = []
    public private(set) var hint: Hint?
    /// The check screen's finger through the new matrix, viewer pixels.
    public private(set) var checkPoint: Vector2?

    private var down: Set<TouchID> = []
    private var active: TouchID?
    private var samples: [Vector2] = []
    private var spoiled: Rejection?
    private var checkStart: Vector2?

    public init(layout: CalibrationLayout, thresholds: CalibrationThresholds = .init(), checks: Bool) {
        self.layout = layout
        self.thresholds = thresholds
        self.checks = checks
    }

    /// The first target's event (call once, when the touch device is ready).
    public func start() -> [Event] { [show(0)] }

    /// True while the finger for the current target is down (the screen acknowledges it).
    public var isTouching: Bool { active != nil }

    public var isFinished: Bool { if case .accepted = phase { return true } else { return false } }

    /// The caller's check time ran out: the fitted matrix is accepted.
    public mutating func accept() -> [Event] {
        guard case .checking(let m) = phase else { return [] }
        phase = .accepted(m)
        return [.accepted(m)]
    }

    /// One touch frame in raw panel coordinates (only from touch screens).
    public mutating func handle(_ frame: TouchFrame) -> [Event] {
        var events: [Event] = []
        for t in frame.touches {
            switch phase {
            case .target(let i): targetTouch(t, index: i, events: &events)
            case .checking(let m): checkTouch(t, matrix: m, events: &events)
            case .accepted: return events
            }
        }
        return events
    }

    // MARK: - Targets

    private mutating func targetTouch(_ t: Touch, index: Int, events: inout [Event]) {
        switch t.phase {
        case .began:
            if down.isEmpty && active == nil {
                active = t.id; samples = [t.location]; spoiled = nil
            } else if active != nil {
                spoiled = .secondFinger
            }
            down.insert(t.id)
        case .moved, .stationary:
            if t.id == active { samples.append(t.location) }
        case .ended, .cancelled:
            down.remove(t.id)
            if t.id == active, t.phase == .cancelled { spoiled = .cancelled }
            if t.id == active { active = nil }
            // Judge once every finger of the attempt is up, so a straggler does not start the next.
            guard down.isEmpty, active == nil, !samples.isEmpty else { return }
            finishTouch(index: index, events: &events)
        }
    }

    private mutating func finishTouch(index: Int, events: inout [Event]) {
        defer { samples.removeAll(keepingCapacity: true); spoiled = nil }
        if let spoiled { reject(spoiled, index: index, events: &events); return }
        let stable = stableSamples(samples)
        let first = stable[stable.startIndex]
        var wander = 0.0
        for s in stable { wander = max(wander, abs(s.x - first.x), abs(s.y - first.y)) }
        if wander > thresholds.maximumMovement { reject(.moved(wander), index: index, events: &events); return }
        var mean = Vector2(0, 0)
        for s in stable { mean += s }
        mean = Vector2(mean.x / Double(stable.count), mean.y / Double(stable.count))
        taken.append(mean)
        hint = nil
        events.append(.touchTaken(index: index, raw: mean, samples: stable.count))
        if index + 1 < layout.targets.count {
            phase = .target(index + 1)
            events.append(show(index + 1))
        } else {
            fit(events: &events)
        }
    }

    /// The samples without the settling ends (at least one is always left).
    func stableSamples(_ s: [Vector2]) -> ArraySlice<Vector2> {
        let cut = Int(Double(s.count) * thresholds.settleFraction)
        return s.count - 2 * cut >= 1 ? s[cut..<(s.count - cut)] : s[...]
    }

    private mutating func reject(_ r: Rejection, index: Int, events: inout [Event]) {
        hint = .touchRejected(r)
        events.append(.touchRejected(index: index, r))
        events.append(show(index))
    }

    private mutating func fit(events: inout [Event]) {
        let targets = layout.panelTargets
        do {
            let result = try CalibrationFit.fit(raw: taken, target: targets)
            var worst = 0.0, worstIndex = 0
            for (i, r) in result.residuals.enumerated() where layout.pixels(r) > worst { worst = layout.pixels(r); worstIndex = i }
            let limit = thresholds.maximumResidualPercent / 100 * min(layout.viewerSize.width, layout.viewerSize.height)
            if worst > limit { throw FitProblem.residual(pixels: worst, target: worstIndex, limit: limit) }
            events.append(.fitted(result.matrix, worstPixels: worst))
            if checks {
                phase = .checking(result.matrix)
                events.append(.checkStarted)
            } else {
                phase = .accepted(result.matrix)
                events.append(.accepted(result.matrix))
            }
        } catch {
            let problem = (error as? FitProblem) ?? .degenerate(error as? CalibrationFitError ?? .notFinite)
            hint = .fitRefused(problem)
            events.append(.fitRefused(problem))
            restart(events: &events)
        }
    }

    private mutating func restart(events: inout [Event]) {
        taken.removeAll()
        phase = .target(0)
        checkPoint = nil; checkStart = nil
        events.append(show(0))
    }

    private func show(_ i: Int) -> Event {
        .showTarget(index: i, count: layout.targets.count, viewer: layout.targets[i], panel: layout.panelTargets[i])
    }

    // MARK: - Check

    private mutating func checkTouch(_ t: Touch, matrix: CalibrationMatrix, events: inout [Event]) {
        let p = layout.viewerPoint(ofPanel: matrix.apply(t.location))
        switch t.phase {
        case .began:
            down.insert(t.id)
            if down.count == 1 { active = t.id; checkStart = p; checkPoint = p }
        case .moved, .stationary:
            if t.id == active { checkPoint = p }
        case .ended, .cancelled:
            down.remove(t.id)
            guard t.id == active else { return }
            active = nil
            let start = checkStart
            checkStart = nil
            checkPoint = nil
            guard t.phase == .ended, let start else { return }
            if layout.acceptBox.contains(start) && layout.acceptBox.contains(p) {
                phase = .accepted(matrix)
                events.append(.accepted(matrix))
            } else if layout.redoBox.contains(start) && layout.redoBox.contains(p) {
                hint = nil
                events.append(.redo)
                restart(events: &events)
            }
        }
    }
}
