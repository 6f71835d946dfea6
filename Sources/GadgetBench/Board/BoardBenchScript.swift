import GadgetCore

/// The board benchmark's finger, as a `TouchScript`: a formula of the report number, never of
/// the clock, so every run sends the same reports (only how many drag reports there are depends
/// on how fast the kiosk draws: the drag goes on until `dragIsDone` says enough frames were
/// measured).
///
/// 1. **Drag**: lands on the dragged gadget's centre and goes round a circle of `radius` board
///    pixels, one turn per `turn`, clockwise, starting at the gadget's home with the centre down
///    and right of it at 45°: bench/sdl-board.c's moving gadget, so both programs draw the same
///    motion. When `dragIsDone()`, the finger rests `restBeforeLift` (long enough for the
///    velocity tracker to read a stop, so nothing glides away) and lifts.
/// 2. **Flick**: after `pauseBeforeFlick`, lands on the flicked gadget and moves `flickDistance`
///    towards the board's centre in `flickDuration`, lifting while moving; then `glideAllowance`
///    for the gadget to glide to a stop.
/// 3. **Idle**: `idleDuration` without touches; then the script ends.
///
/// Positions are in device units, `unitsPerPixel` per board pixel (finer than a pixel, so a
/// fast report rate still moves smoothly). Each phase's first report carries the phase's mark
/// (`BoardBenchPhase.rawValue`); the end carries `BoardBenchPhase.endMark`.
struct BoardBenchScript: TouchScript {
    struct Path {
        /// The dragged gadget's home (board px).
        var dragHome: Vector2
        var radius = 200.0
        /// Seconds per turn.
        var turn = 2.0
        /// The flicked gadget's home and the flick's direction and length (board px).
        var flickStart: Vector2
        var flickDirection: Vector2
        var flickDistance = 160.0
    }

    static let unitsPerPixel = 4.0
    static let restBeforeLift: Microseconds = 100_000
    static let pauseBeforeFlick: Microseconds = 300_000
    static let flickDuration: Microseconds = 100_000
    /// The flicked gadget glides about 2.4 s (1600 px/s decaying at UIKit's 0.998 per ms to the
    /// stop speed): 3 s covers it, so the idle phase starts on a board at rest.
    static let defaultGlideAllowance: Microseconds = 3_000_000
    static let defaultIdleDuration: Microseconds = 1_500_000

    let path: Path
    /// Microseconds between reports while a finger is down.
    let reportInterval: Microseconds
    let maxX: Int32, maxY: Int32
    let glideAllowance: Microseconds
    let idleDuration: Microseconds
    /// Asked before each drag report: true once the drag has been measured long enough.
    let dragIsDone: @Sendable () -> Bool
    private var encoder = MultitouchEncoder()
    private var stage = Stage.drag(0)

    enum Stage: Equatable { case drag(Int), dragLift, flick(Int), flickLift, idle, end, over }

    init(path: Path, board: Size2, reportsPerSecond: Double, glideAllowance: Microseconds = defaultGlideAllowance,
         idleDuration: Microseconds = defaultIdleDuration, dragIsDone: @escaping @Sendable () -> Bool) {
        self.path = path
        self.glideAllowance = glideAllowance
        self.idleDuration = idleDuration
        reportInterval = Microseconds(max(1, (1_000_000 / max(1, reportsPerSecond)).rounded()))
        maxX = Int32((board.width * Self.unitsPerPixel).rounded()) - 1
        maxY = Int32((board.height * Self.unitsPerPixel).rounded()) - 1
        self.dragIsDone = dragIsDone
    }

    var deviceDescription: InputDeviceDescription {
        MultitouchEncoder.deviceDescription(name: "gadgetboard bench touchscreen", maxX: maxX, maxY: maxY)
    }

    /// Where the drag's finger is `seconds` after landing (board px).
    func dragPosition(at seconds: Double) -> Vector2 {
        let start = 1.25 * Math.pi
        let angle = start + Math.twoPi * seconds / path.turn
        return Vector2(path.dragHome.x + path.radius * (Math.cos(angle) - Math.cos(start)),
                       path.dragHome.y + path.radius * (Math.sin(angle) - Math.sin(start)))
    }

    /// Where the flick's finger is at fraction `f` (0…1) of the flick (board px).
    func flickPosition(at f: Double) -> Vector2 {
        Vector2(path.flickStart.x + path.flickDirection.x * path.flickDistance * f,
                path.flickStart.y + path.flickDirection.y * path.flickDistance * f)
    }

    var flickReports: Int { Int(max(1, Self.flickDuration / reportInterval)) }

    private func units(_ p: Vector2) -> (x: Int32, y: Int32) {
        (Int32(Math.clamp((p.x * Self.unitsPerPixel).rounded(), 0, Double(maxX))),
         Int32(Math.clamp((p.y * Self.unitsPerPixel).rounded(), 0, Double(maxY))))
    }

    private mutating func report(_ delay: Microseconds, _ at: Vector2?, mark: BoardBenchPhase? = nil) -> TouchReport {
        TouchReport(delay: delay, events: encoder.encode([MultitouchEncoder.Change(slot: 0, at: at.map(units))]), mark: mark?.rawValue)
    }

    mutating func nextReport() -> TouchReport? {
        switch stage {
        case .drag(let k):
            if k > 0 && dragIsDone() {
                stage = .dragLift
                return report(Self.restBeforeLift, nil)
            }
            stage = .drag(k + 1)
            let seconds = Double(Microseconds(k) * reportInterval) / 1_000_000
            return report(k == 0 ? 0 : reportInterval, dragPosition(at: seconds), mark: k == 0 ? .drag : nil)
        case .dragLift:
            stage = .flick(1)
            return report(Self.pauseBeforeFlick, flickPosition(at: 0), mark: .flick)
        case .flick(let k):
            stage = k >= flickReports ? .flickLift : .flick(k + 1)
            return report(reportInterval, flickPosition(at: Double(k) / Double(flickReports)))
        case .flickLift:
            stage = .idle
            // Lifted while moving, one report interval after the last move: a flick.
            return report(reportInterval, nil)
        case .idle:
            stage = .end
            return TouchReport(delay: glideAllowance, events: [], mark: BoardBenchPhase.idle.rawValue)
        case .end:
            stage = .over
            return TouchReport(delay: idleDuration, events: [], mark: BoardBenchPhase.endMark)
        case .over:
            return nil
        }
    }

    mutating func liftAll() -> TouchReport? {
        guard encoder.contactsDown > 0 else { return nil }
        stage = .over
        return TouchReport(delay: 0, events: encoder.encode([MultitouchEncoder.Change(slot: 0, at: nil)]))
    }
}
