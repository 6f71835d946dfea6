import GadgetCore

/// The page-swipe benchmark's finger: `swipes` one-finger flicks across the background of a
/// three-page board, two forward then two back (so it never pushes against the first or last
/// page), each `flickDistance` of the board's width in `flickDuration` and lifted while moving,
/// followed by `settle` without touches for the page to spring into place. A formula of the
/// report number, never of the clock: every run sends the same reports. Mark 0 on the first
/// report, `BoardBenchPhase.endMark` after the last settle.
///
/// Each landing after the first, and the end mark, also wait (`afterTouches`) for the kiosk to
/// have taken in every earlier swipe and come to rest: on a starved machine the settle can end
/// in wall time while the loop has not yet drawn (or even read) the last lift, and a finger that
/// catches the page mid-slide (a quarter page off, say) drags it only to where the next turn
/// falls short of half a page. Waiting makes such a run slower, never different.
///
/// Each swipe's events carry the script's own times (`scriptTime`), one report interval apart,
/// not the times a loaded writer got to send them: the velocity tracker's quadratic fit over
/// bunched send times read a leftward flick as a rightward one faster than the flick speed,
/// which overrides the distance and springs the page back.
struct PageSwipeScript: TouchScript {
    static let unitsPerPixel = 4.0
    static let flickDuration: Microseconds = 150_000
    /// More than half a board width: the page turns on distance alone, so a writer thread
    /// descheduled before the lift (the velocity tracker then reads a stop) still turns it and
    /// every run turns as many pages as it swipes.
    static let flickDistance = 0.6
    /// The critically damped page spring settles within 0.25 pt in about 1.2 s.
    static let settle: Microseconds = 1_500_000

    let board: Size2
    let swipes: Int
    let reportInterval: Microseconds
    let maxX: Int32, maxY: Int32
    private var encoder = MultitouchEncoder()
    private var swipe = 0
    private var report = 0
    private var over = false

    init(board: Size2, swipes: Int, reportsPerSecond: Double) {
        self.board = board
        self.swipes = swipes
        reportInterval = Microseconds(max(1, (1_000_000 / max(1, reportsPerSecond)).rounded()))
        maxX = Int32((board.width * Self.unitsPerPixel).rounded()) - 1
        maxY = Int32((board.height * Self.unitsPerPixel).rounded()) - 1
    }

    var deviceDescription: InputDeviceDescription {
        MultitouchEncoder.deviceDescription(name: "gadgetboard page-swipe touchscreen", maxX: maxX, maxY: maxY)
    }

    var reportsPerSwipe: Int { Int(max(2, Self.flickDuration / reportInterval)) }

    /// Where swipe `i`'s finger is at fraction `f` of it (board px): forward swipes go right to
    /// left (to the next page), backward ones left to right; in the board's lower band, where
    /// the benchmark board has no gadgets.
    func position(swipe i: Int, at f: Double) -> Vector2 {
        let forward = i % 4 < 2
        let from = forward ? 0.8 : 0.2, by = forward ? -Self.flickDistance : Self.flickDistance
        return Vector2(board.width * (from + by * f), board.height * 0.8)
    }

    private func units(_ p: Vector2) -> (x: Int32, y: Int32) {
        (Int32(Math.clamp((p.x * Self.unitsPerPixel).rounded(), 0, Double(maxX))),
         Int32(Math.clamp((p.y * Self.unitsPerPixel).rounded(), 0, Double(maxY))))
    }

    mutating func nextReport() -> TouchReport? {
        guard !over else { return nil }
        if swipe == swipes {
            over = true
            return TouchReport(delay: Self.settle, events: [], mark: BoardBenchPhase.endMark, afterTouches: swipes)
        }
        let n = reportsPerSwipe
        let delay: Microseconds = report == 0 ? (swipe == 0 ? 0 : Self.settle) : reportInterval
        let at: Vector2? = report <= n ? position(swipe: swipe, at: Double(report) / Double(n)) : nil
        let mark = swipe == 0 && report == 0 ? BoardBenchPhase.drag.rawValue : nil
        let events = encoder.encode([MultitouchEncoder.Change(slot: 0, at: at.map(units))])
        let after = report == 0 && swipe > 0 ? swipe : nil
        let time = Microseconds(report) * reportInterval
        if report > n { swipe += 1; report = 0 } else { report += 1 }
        return TouchReport(delay: delay, events: events, mark: mark, afterTouches: after, scriptTime: time)
    }

    mutating func liftAll() -> TouchReport? {
        guard encoder.contactsDown > 0 else { return nil }
        over = true
        return TouchReport(delay: 0, events: encoder.encode([MultitouchEncoder.Change(slot: 0, at: nil)]))
    }
}
