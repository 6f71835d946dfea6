import Testing
@testable import GadgetCore

/// The whole calibration flow, headless: a simulated panel with a known fault reports each
/// finger through the inverse of the matrix that corrects it; the session must find that matrix.
@Suite struct CalibrationSessionTests {
    /// The panel's fault as the matrix that corrects it: swapped axes, skew, scale, offset.
    let truth = CalibrationMatrix(a: 0.06, b: 1.12, c: -0.09, d: 0.94, e: -0.05, f: 0.04)

    /// Plays touches as a panel would, frame by frame, with contact numbers and times of its own.
    struct Finger {
        var tracking = 0
        var time: Microseconds = 0

        /// A touch held still at raw point `raw` for `frames` frames (a small fixed wobble), then lifted.
        mutating func tap(_ raw: Vector2, frames: Int = 12, wobble: Double = 0.0008, drift: Vector2 = Vector2(0, 0)) -> [TouchFrame] {
            tracking += 1
            let id = TouchID(device: 1, tracking: tracking)
            var out: [TouchFrame] = []
            for k in 0..<frames {
                time += 10_000
                let jitter = Vector2(k % 2 == 0 ? wobble : -wobble, k % 3 == 0 ? wobble : -wobble)
                let p = raw + jitter + drift * (Double(k) / Double(max(1, frames - 1)))
                out.append(TouchFrame(time: time, touches: [Touch(id: id, phase: k == 0 ? .began : .moved, location: p, time: time)]))
            }
            time += 10_000
            let last = out.last!.touches[0].location
            out.append(TouchFrame(time: time, touches: [Touch(id: id, phase: .ended, location: last, time: time)]))
            return out
        }
    }

    func raw(_ session: CalibrationSession, _ m: CalibrationMatrix, target i: Int) throws -> Vector2 {
        try #require(m.inverted).apply(session.layout.panelTargets[i])
    }

    func play(_ frames: [TouchFrame], into session: inout CalibrationSession) -> [CalibrationSession.Event] {
        frames.flatMap { session.handle($0) }
    }

    func expectClose(_ m: CalibrationMatrix, _ e: CalibrationMatrix, _ tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in zip(m.values, e.values) { #expect(abs(x - y) <= tolerance, "\(m) vs \(e)", sourceLocation: sourceLocation) }
    }

    /// Touches every target; returns all events.
    func touchTargets(_ session: inout CalibrationSession, _ finger: inout Finger, panel: CalibrationMatrix) throws -> [CalibrationSession.Event] {
        var events: [CalibrationSession.Event] = []
        for i in 0..<session.layout.targets.count {
            #expect(session.phase == .target(i))
            events += play(finger.tap(try raw(session, panel, target: i)), into: &session)
        }
        return events
    }

    @Test(arguments: DisplayRotation.allCases)
    func findsThePanelsMatrixAndAcceptsOnOK(_ rotation: DisplayRotation) throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: rotation), checks: true)
        var finger = Finger()
        let first = s.start()
        #expect(first == [.showTarget(index: 0, count: 5, viewer: s.layout.targets[0], panel: s.layout.panelTargets[0])])
        let events = try touchTargets(&s, &finger, panel: truth)
        #expect(events.filter { if case .touchTaken = $0 { return true } else { return false } }.count == 5)
        #expect(events.filter { if case .showTarget = $0 { return true } else { return false } }.count == 4)
        guard case .checking(let m) = s.phase else { Issue.record("no check screen: \(events)"); return }
        // The wobble averages out: the matrix is the panel's (the rotation only moves the targets).
        expectClose(m, truth, 1e-3)
        #expect(events.last == .checkStarted)

        // The dot follows the finger through the new matrix: touch where the OK box is drawn.
        let ok = try #require(m.inverted).apply(s.layout.panelPoint(ofViewer: s.layout.acceptBox.center))
        let tap = finger.tap(ok, frames: 3)
        _ = s.handle(tap[0])
        let dot = try #require(s.checkPoint)
        #expect((dot - s.layout.acceptBox.center).length < 2)
        let end = play(Array(tap.dropFirst()), into: &s)
        #expect(end == [.accepted(m)])
        #expect(s.isFinished && s.phase == .accepted(m))
    }

    @Test func withoutACheckTheFitIsAcceptedAtOnce() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: false)
        var finger = Finger()
        _ = s.start()
        let events = try touchTargets(&s, &finger, panel: truth)
        guard case .accepted(let m) = events.last, case .fitted(let fitted, let worst) = events.dropLast().last else {
            Issue.record("\(events)"); return
        }
        #expect(m == fitted && worst < 1)
        expectClose(m, truth, 1e-3)
    }

    @Test func checkTimesOutIntoAcceptance() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: true)
        var finger = Finger()
        _ = s.start()
        _ = try touchTargets(&s, &finger, panel: .identity)
        guard case .checking(let m) = s.phase else { Issue.record("\(s.phase)"); return }
        // A tap outside both boxes does nothing.
        #expect(play(finger.tap(Vector2(0.5, 0.2), frames: 3), into: &s).isEmpty)
        #expect(s.accept() == [.accepted(m)])
        #expect(s.accept().isEmpty)
    }

    @Test func aTouchThatSlidesIsRetried() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: false)
        var finger = Finger()
        _ = s.start()
        // Slides 5 % of the range while held: refused, target 1 again.
        let events = play(finger.tap(try raw(s, truth, target: 0), frames: 20, drift: Vector2(0.05, 0)), into: &s)
        guard case .touchRejected(0, .moved(let amount)) = events.first else { Issue.record("\(events)"); return }
        #expect(amount > 0.02 && amount < 0.05)
        #expect(events.last == .showTarget(index: 0, count: 5, viewer: s.layout.targets[0], panel: s.layout.panelTargets[0]))
        #expect(s.phase == .target(0) && s.taken.isEmpty)
        #expect(s.hint == .touchRejected(.moved(amount)))
        // A slide only at the very start (the fingertip settling) is forgiven.
        let settle = finger.tap(try raw(s, truth, target: 0), frames: 10)
        var landing = settle
        landing[0].touches[0].location = landing[0].touches[0].location + Vector2(0.04, 0)
        let ok = play(landing, into: &s)
        #expect(ok.contains { if case .touchTaken(0, _, 6) = $0 { return true } else { return false } })
        #expect(s.phase == .target(1) && s.hint == nil)
    }

    @Test func twoFingersOrACancelAreRetried() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: false)
        _ = s.start()
        let a = TouchID(device: 1, tracking: 1), b = TouchID(device: 1, tracking: 2)
        let p = Vector2(0.1, 0.1)
        #expect(s.handle(TouchFrame(time: 1, touches: [Touch(id: a, phase: .began, location: p, time: 1)])).isEmpty)
        #expect(s.isTouching)
        #expect(s.handle(TouchFrame(time: 2, touches: [Touch(id: a, phase: .stationary, location: p, time: 2),
                                                       Touch(id: b, phase: .began, location: Vector2(0.5, 0.5), time: 2)])).isEmpty)
        // The first finger lifts: nothing is judged while the second is down.
        #expect(s.handle(TouchFrame(time: 3, touches: [Touch(id: a, phase: .ended, location: p, time: 3),
                                                       Touch(id: b, phase: .stationary, location: Vector2(0.5, 0.5), time: 3)])).isEmpty)
        let events = s.handle(TouchFrame(time: 4, touches: [Touch(id: b, phase: .ended, location: Vector2(0.5, 0.5), time: 4)]))
        #expect(events.first == .touchRejected(index: 0, .secondFinger))
        #expect(s.phase == .target(0))

        let c = TouchID(device: 1, tracking: 3)
        _ = s.handle(TouchFrame(time: 5, touches: [Touch(id: c, phase: .began, location: p, time: 5)]))
        let cancelled = s.handle(TouchFrame(time: 6, touches: [Touch(id: c, phase: .cancelled, location: p, time: 6)]))
        #expect(cancelled.first == .touchRejected(index: 0, .cancelled))
        #expect(s.phase == .target(0) && s.taken.isEmpty)
    }

    /// One touch far from its target: the best fit misses it, so every target is taken again.
    @Test func aMissedTargetRestartsTheRound() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: false)
        var finger = Finger()
        _ = s.start()
        var events: [CalibrationSession.Event] = []
        for i in 0..<5 {
            // Target 3 is touched 120 px to the right of where it is.
            let target = i == 2 ? s.layout.panelTargets[i] + Vector2(120.0 / 800, 0) : s.layout.panelTargets[i]
            events += play(finger.tap(try #require(truth.inverted).apply(target)), into: &s)
        }
        guard case .fitRefused(.residual(let px, _, let limit)) = events.dropLast().last else { Issue.record("\(events)"); return }
        #expect(px > limit && limit == 0.04 * 480)
        #expect(s.phase == .target(0) && s.taken.isEmpty)
        if case .fitRefused = s.hint {} else { Issue.record("no hint: \(String(describing: s.hint))") }
        // The second round, done right, succeeds.
        let again = try touchTargets(&s, &finger, panel: truth)
        guard case .accepted(let m) = again.last else { Issue.record("\(again)"); return }
        expectClose(m, truth, 1e-3)
    }

    /// A panel that reports every touch on one line: refused with the reason, round restarts.
    @Test func aDeadAxisIsRefused() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .none), checks: false)
        var finger = Finger()
        _ = s.start()
        var events: [CalibrationSession.Event] = []
        for i in 0..<5 { events += play(finger.tap(Vector2(s.layout.panelTargets[i].x, 0.5), wobble: 0), into: &s) }
        #expect(events.contains(.fitRefused(.degenerate(.collinear))))
        #expect(s.phase == .target(0))
    }

    @Test func redoOnTheCheckScreenStartsAgain() throws {
        var s = CalibrationSession(layout: CalibrationLayout(displaySize: PixelSize(800, 480), rotation: .half), checks: true)
        var finger = Finger()
        _ = s.start()
        _ = try touchTargets(&s, &finger, panel: truth)
        guard case .checking(let m) = s.phase else { Issue.record("\(s.phase)"); return }
        let redo = try #require(m.inverted).apply(s.layout.panelPoint(ofViewer: s.layout.redoBox.center))
        let events = play(finger.tap(redo, frames: 3), into: &s)
        #expect(events.first == .redo)
        #expect(s.phase == .target(0) && s.taken.isEmpty)
    }
}
