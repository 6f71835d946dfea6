/// Which page of a paged board is shown and how far the view is between pages: the finger drags
/// the pages, a release springs them to the next page or back, and actions jump or animate to a
/// page. Pages lie side by side, one board width apart, in `Board.pages` order.
///
/// Pure and clock-free: the drag follows gesture events, the spring is stepped by `step(dt:)` at
/// the simulation's fixed dt (`BoardSession` drives it on the same grid as the `World`), with the
/// simulation's spring stiffness and flick threshold (`SimulationTuning`, `GestureThresholds`).
public struct PageNavigator: Sendable, Equatable {
    public let pages: [BoardPage]
    /// One page, board pixels (the board's width).
    public let width: Double
    /// The page shown, or the one the view springs towards.
    public private(set) var current: Int
    /// How far the view is from `current`'s rest, board px: > 0 shows part of the next page.
    public private(set) var offset: Double = 0
    /// d(offset)/dt, px/s.
    public private(set) var velocity: Double = 0
    /// Pages left by page changes, most recent last (what `back` returns to).
    public private(set) var history: [Int] = []
    /// `offset` when the drag under way began; nil when no finger drags the pages.
    private var dragStart: Double?
    let spring: DampedSpring
    /// The spring is done below this amplitude, px.
    let restDistance: Double
    /// A release faster than this (px/s) goes to the next page whatever the distance.
    let flickSpeed: Double
    let rubberBand: Double
    private var transition: (dt: Double, t: DampedSpring.Transition)?
    /// A slide that takes a set time (a playlist's `"transition": {"type": "slide", "seconds"}`)
    /// instead of the spring's: where it began, how long it has run and how long it takes, s.
    private var timedSlide: (from: Double, elapsed: Double, duration: Double)?

    /// Most pages `history` remembers: enough for any path a visitor takes back by hand.
    public static let historyLimit = 64

    /// - flickSpeed: px/s, the release speed above which a flick turns the page (the gesture
    ///   thresholds' `inertiaMinimumSpeed`, in board pixels).
    public init(pages: [BoardPage], width: Double, tuning: SimulationTuning = .standard, physics: PhysicsSettings = PhysicsSettings(),
                pixelsPerPoint: Double = 1, flickSpeed: Double) {
        self.pages = pages
        self.width = max(width, 1)
        current = 0
        spring = DampedSpring(stiffness: physics.springStiffness ?? tuning.springStiffness, dampingRatio: tuning.pageSpringDampingRatio)
        restDistance = tuning.springRestDistance * pixelsPerPoint
        self.flickSpeed = flickSpeed
        rubberBand = tuning.pageRubberBand
    }

    public static func == (a: PageNavigator, b: PageNavigator) -> Bool {
        a.pages == b.pages && a.current == b.current && a.offset == b.offset && a.velocity == b.velocity && a.history == b.history
            && a.dragStart == b.dragStart
    }

    public var currentID: String { pages[current].id }
    /// A finger drags the pages.
    public var isDragging: Bool { dragStart != nil }
    /// Nothing moves: the page is at rest and no finger drags it.
    public var isSettled: Bool { dragStart == nil && offset == 0 && velocity == 0 }

    /// How far page `k`'s gadgets are drawn from their board positions, px along x.
    public func shift(ofPage k: Int) -> Double { Double(k - current) * width - offset }

    /// Whether any part of page `k` is on the board now.
    public func isVisible(page k: Int) -> Bool { abs(shift(ofPage: k)) < width }

    // MARK: - Drag

    /// A finger started dragging the background: it catches the pages where they are.
    public mutating func beginDrag() {
        timedSlide = nil
        dragStart = offset
        velocity = 0
    }

    /// The finger is `translation` px (along x) from where the drag began.
    public mutating func drag(translation: Double) {
        guard let start = dragStart, translation.isFinite else { return }
        let raw = start - translation
        let low = -Double(current) * width, high = Double(pages.count - 1 - current) * width
        if raw < low { offset = low - band(low - raw) } else if raw > high { offset = high + band(raw - high) } else { offset = raw }
    }

    /// The finger let go moving at `fingerVelocity` px/s (along x). Returns the page now current
    /// when it changed: past half a page, or flicked, the next page in that direction.
    public mutating func endDrag(fingerVelocity: Double) -> Int? {
        guard dragStart != nil else { return nil }
        dragStart = nil
        let v = fingerVelocity.isFinite ? fingerVelocity : 0
        velocity = -v
        var step = 0
        if v < -flickSpeed { step = 1 } else if v > flickSpeed { step = -1 } else if offset > width / 2 { step = 1 } else if offset < -width / 2 { step = -1 }
        let target = min(max(current + step, 0), pages.count - 1)
        guard target != current else { return nil }
        moveCurrent(to: target, remember: true)
        return target
    }

    /// The drag was cancelled: spring back to the current page.
    public mutating func cancelDrag() {
        dragStart = nil
    }

    // MARK: - Jumps

    /// Shows page `k`: animated, the view slides there from where it is (on the page spring, or
    /// eased over `seconds` when given, > 0); otherwise at once. `remember`: `back` can return to
    /// the page left. Returns whether the page changed.
    @discardableResult
    public mutating func show(_ k: Int, animated: Bool, remember: Bool = true, seconds: Double? = nil) -> Bool {
        guard pages.indices.contains(k) else { return false }
        let changed = k != current
        if changed { moveCurrent(to: k, remember: remember) }
        dragStart = nil
        timedSlide = nil
        if !animated { offset = 0; velocity = 0 }
        if animated, let seconds, seconds.isFinite, seconds > 0, offset != 0 {
            timedSlide = (offset, 0, seconds)
            velocity = 0
        }
        return changed
    }

    /// Shows the page before the last change (animated or not) and forgets it. Nil when there is
    /// none to go back to.
    public mutating func back(animated: Bool) -> Int? {
        guard let k = history.popLast() else { return nil }
        show(k, animated: animated, remember: false)
        return k
    }

    /// Forgets the way back (the idle return: the next visitor starts fresh).
    public mutating func forgetHistory() { history.removeAll() }

    private mutating func moveCurrent(to k: Int, remember: Bool) {
        // The view stays where it is on screen: the offset is re-measured from the new page.
        offset += Double(current - k) * width
        if remember {
            history.append(current)
            if history.count > PageNavigator.historyLimit { history.removeFirst(history.count - PageNavigator.historyLimit) }
        }
        current = k
    }

    // MARK: - Spring

    /// One fixed step of `dt` seconds: the released pages spring towards `current`.
    public mutating func step(dt: Double) {
        guard dragStart == nil, offset != 0 || velocity != 0 else { return }
        if let slide = timedSlide {
            // Eased in and out (smoothstep), ending exactly at rest when its time is up.
            let elapsed = slide.elapsed + dt
            // A millionth of a step's slack: n steps of dt sum to a hair under n·dt in floating point.
            let u = elapsed >= slide.duration - dt * 1e-6 ? 1 : min(max(elapsed / slide.duration, 0), 1)
            let eased = u * u * (3 - 2 * u)
            let next = slide.from * (1 - eased)
            velocity = dt > 0 ? (next - offset) / dt : 0
            offset = next
            timedSlide = (slide.from, elapsed, slide.duration)
            if u >= 1 { offset = 0; velocity = 0; timedSlide = nil }
            return
        }
        if transition?.dt != dt { transition = (dt, spring.transition(dt: dt)) }
        guard let t = transition?.t else { return }
        (offset, velocity) = t.apply(offset, velocity)
        if spring.isSettled(offset: offset, velocity: velocity, tolerance: restDistance) || !offset.isFinite || !velocity.isFinite {
            offset = 0
            velocity = 0
        }
    }

    private func band(_ excess: Double) -> Double {
        (1 - 1 / (excess * rubberBand / width + 1)) * width
    }
}
