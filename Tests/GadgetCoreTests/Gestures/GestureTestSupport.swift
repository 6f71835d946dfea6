import Testing
@testable import GadgetCore

/// Builds synthetic touch frames the way the input assembler does: every contact that is down
/// appears in each frame, unchanged ones as `stationary`. Time is a manual clock in microseconds.
struct SyntheticTouchStream {
    var time: Microseconds = 0
    private var nextTracking = 1
    private(set) var down: [(TouchID, Vector2)] = []

    /// Milliseconds → microseconds.
    static func ms(_ v: Double) -> Microseconds { Microseconds((v * 1000).rounded()) }

    mutating func frame(began: [(TouchID, Vector2)] = [], moved: [(TouchID, Vector2)] = [], ended: [TouchID] = [], cancelled: [TouchID] = []) -> TouchFrame {
        var touches: [Touch] = []
        for (id, p) in began { down.append((id, p)) }
        for (id, p) in moved { if let k = down.firstIndex(where: { $0.0 == id }) { down[k].1 = p } }
        for (id, p) in down {
            let phase: TouchPhase
            if began.contains(where: { $0.0 == id }) { phase = .began }
            else if ended.contains(id) { phase = .ended }
            else if cancelled.contains(id) { phase = .cancelled }
            else if moved.contains(where: { $0.0 == id }) { phase = .moved }
            else { phase = .stationary }
            touches.append(Touch(id: id, phase: phase, location: p, time: time))
        }
        down.removeAll { ended.contains($0.0) || cancelled.contains($0.0) }
        return TouchFrame(time: time, touches: touches)
    }

    mutating func newID() -> TouchID {
        defer { nextTracking += 1 }
        return TouchID(device: 0, tracking: nextTracking)
    }

    func location(_ id: TouchID) -> Vector2? { down.first { $0.0 == id }?.1 }
}

/// Drives a `GestureArena` with a manual clock and records what it publishes.
struct ArenaHarness {
    var arena = GestureArena()
    var stream = SyntheticTouchStream()
    var events: [ArenaEvent] = []
    var view: [Touch] = []
    var time: Microseconds { stream.time }

    mutating func add(_ r: some GestureRecognizer) -> RecognizerID { arena.add(r) }

    private mutating func run(_ frame: TouchFrame) {
        let out = arena.handle(frame.touches, time: frame.time)
        events += out.events
        view += out.viewTouches
    }

    /// Advances the clock by `ms` milliseconds, firing timers (as the main loop's advance would).
    mutating func wait(_ ms: Double) {
        stream.time += SyntheticTouchStream.ms(ms)
        let out = arena.advance(to: stream.time)
        events += out.events
        view += out.viewTouches
    }

    @discardableResult
    mutating func down(_ points: Vector2...) -> [TouchID] {
        let ids = points.map { _ in stream.newID() }
        run(stream.frame(began: Array(zip(ids, points))))
        return ids
    }

    mutating func move(_ id: TouchID, to p: Vector2) { run(stream.frame(moved: [(id, p)])) }
    mutating func move(_ moves: [(TouchID, Vector2)]) { run(stream.frame(moved: moves)) }
    /// Moves by `delta` from where the touch is.
    mutating func move(_ id: TouchID, by delta: Vector2) { move(id, to: (stream.location(id) ?? .zero) + delta) }
    mutating func up(_ ids: TouchID...) { run(stream.frame(ended: ids)) }
    mutating func cancel(_ ids: TouchID...) { run(stream.frame(cancelled: ids)) }

    mutating func setEnabled(_ id: RecognizerID, _ enabled: Bool) {
        let out = arena.setEnabled(id, enabled, time: time)
        events += out.events
        view += out.viewTouches
    }

    /// The published states of one recognizer, in order.
    func states(_ id: RecognizerID) -> [GestureEvent.State] { events.filter { $0.recognizer == id }.map(\.event.state) }
    func lastEvent(_ id: RecognizerID) -> GestureEvent? { events.last { $0.recognizer == id }?.event }
    func eventTimes(_ id: RecognizerID) -> [Microseconds] { events.filter { $0.recognizer == id }.map(\.event.time) }
    /// The view's phases for one touch.
    func viewPhases(_ id: TouchID) -> [TouchPhase] { view.filter { $0.id == id }.map(\.phase) }
    mutating func clear() { events.removeAll(); view.removeAll() }
}

/// A board and world with an engine, driven by a manual clock.
struct GestureEngineHarness {
    var engine: GestureEngine
    var world: World
    var stream = SyntheticTouchStream()
    var events: [GestureEvent] = []
    var time: Microseconds { stream.time }

    init(board: Board, thresholds: GestureThresholds = GestureThresholds()) {
        engine = GestureEngine(thresholds: thresholds)
        world = World(board: board)
    }

    private mutating func run(_ frame: TouchFrame) { events += engine.handle(frame, world: &world) }

    mutating func wait(_ ms: Double) {
        stream.time += SyntheticTouchStream.ms(ms)
        events += engine.advance(to: stream.time, world: &world)
    }

    /// Moves the clock without calling `advance` (the next frame fires what is due).
    mutating func skip(_ ms: Double) { stream.time += SyntheticTouchStream.ms(ms) }

    @discardableResult
    mutating func down(_ points: Vector2...) -> [TouchID] {
        let ids = points.map { _ in stream.newID() }
        run(stream.frame(began: Array(zip(ids, points))))
        return ids
    }

    mutating func move(_ moves: [(TouchID, Vector2)]) { run(stream.frame(moved: moves)) }
    mutating func move(_ id: TouchID, to p: Vector2) { move([(id, p)]) }
    mutating func move(_ id: TouchID, by d: Vector2) { move(id, to: (stream.location(id) ?? .zero) + d) }
    mutating func up(_ ids: TouchID...) { run(stream.frame(ended: ids)) }
    mutating func cancel(_ ids: TouchID...) { run(stream.frame(cancelled: ids)) }

    /// A tap: down, up `holdMs` later.
    @discardableResult
    mutating func tap(_ p: Vector2, holdMs: Double = 60) -> TouchID {
        let id = down(p)[0]
        skip(holdMs)
        up(id)
        return id
    }

    /// Moves `id` to `to` in `steps` frames, `frameMs` apart.
    mutating func drag(_ id: TouchID, to: Vector2, steps: Int, frameMs: Double = 17) {
        let from = stream.location(id) ?? .zero
        for k in 1...steps {
            skip(frameMs)
            move(id, to: .lerp(from, to, Double(k) / Double(steps)))
        }
    }

    func events(_ kind: GestureEvent.Kind) -> [GestureEvent] { events.filter { $0.kind == kind } }
    func pose(_ i: Int) -> GadgetPose { world.poses[i] }
}

/// A board with the given gadgets; `size` defaults to 1000×800.
func gestureBoard(_ gadgets: [Gadget], size: Size2 = Size2(1000, 800)) -> Board {
    Board(size: size, gadgets: gadgets)
}

func gestureGadget(_ id: String, center: Vector2, size: Size2 = Size2(200, 100), rotation: Double = 0,
                _ configure: (inout GadgetBehavior) -> Void = { _ in }) -> Gadget {
    var b = GadgetBehavior()
    configure(&b)
    return Gadget(id: id, appearance: .color(.white), center: center, size: size, rotationDegrees: rotation, behavior: b)
}

/// Helpers under one name so they cannot collide with other suites' helpers in this test target.
enum GT {
    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
    static func near(_ a: Vector2, _ b: Vector2, _ tolerance: Double = 1e-9) -> Bool { a.distance(to: b) <= tolerance }
}

