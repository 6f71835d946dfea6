import GadgetCore
import GadgetSystem
import SystemPackage
import GadgetDisplay
import GadgetInput
import GadgetRender

/// The calibration screen's main loop: raw touches from the input thread into the pure
/// `CalibrationSession`, its events to the log, a redraw after each change, and the check
/// screen's time limit. The only clock is here (the check deadline); the session never sees one.
///
/// Log lines (`calibrate:` prefix) are an interface for scripts: `target N of M at (x, y) …`
/// appears when target N is up and waiting for a finger, and nothing before it is ready.
/// Thread: the thread that opened the display.
final class CalibrationLoop {
    enum Outcome: Equatable {
        case accepted(CalibrationMatrix)
        case terminated(Int32)
        case touchscreenGone(String)
    }

    let log = Loggers.calibrate
    let display: DisplayBackend
    let signals: SignalEvents?
    let queue: TouchQueue
    let screen: CalibrationScreen
    var session: CalibrationSession
    /// Touch screens present, by device number; other devices' frames are ignored (a mouse
    /// click is not a touch on the panel).
    var touchscreens: [Int: InputDeviceInfo]
    let checkSeconds: Double
    var checkDeadline: Microseconds?
    var needsDraw = true
    var messages: [InputMessage] = []
    var presentedFrames = 0
    /// Presents the screen the way the kiosk presents its frames.
    let pacer = FramePacer()
    /// The countdown value on screen, so it is redrawn once a second, not every vblank.
    var shownSecondsLeft: Int?

    init(display: DisplayBackend, signals: SignalEvents?, queue: TouchQueue, touchscreens: [Int: InputDeviceInfo],
         layout: CalibrationLayout, checkSeconds: Double) throws {
        self.display = display
        self.signals = signals
        self.queue = queue
        self.touchscreens = touchscreens
        self.checkSeconds = checkSeconds
        try display.beginFrame()
        screen = try CalibrationScreen()
        session = CalibrationSession(layout: layout, checks: checkSeconds > 0)
    }

    func run() throws -> Outcome {
        report(session.start())
        while true {
            let now = MonotonicClock.now()
            for signal in signals?.take() ?? [] {
                if case .terminate(let sig) = signal { return .terminated(sig) }
            }
            queue.drain(into: &messages)
            for m in messages {
                switch m {
                case .frame(let f):
                    guard let device = f.device, touchscreens[device] != nil else { continue }
                    report(session.handle(f))
                    needsDraw = true
                case .deviceAdded(let info):
                    if CalibrationLoop.isTouchscreen(info.kind) { touchscreens[info.number] = info; log.info("touchscreen added: \(info)") }
                case .deviceRemoved(let info, let reason):
                    guard touchscreens.removeValue(forKey: info.number) != nil else { continue }
                    if touchscreens.isEmpty { return .touchscreenGone("\(info) went away (\(reason))") }
                case .cursor, .gravity, .key, .headset:
                    break
                }
            }
            messages.removeAll(keepingCapacity: true)
            if case .checking = session.phase {
                if checkDeadline == nil { checkDeadline = now + Microseconds(checkSeconds * 1_000_000) }
                if let d = checkDeadline, now >= d {
                    log.info("check: \(JSONWriter.format(checkSeconds)) s passed without OK or REDO")
                    report(session.accept())
                }
            } else {
                checkDeadline = nil
            }
            if case .accepted(let m) = session.phase { return .accepted(m) }
            if let d = checkDeadline, secondsLeft(d, now) != shownSecondsLeft { needsDraw = true }
            _ = try display.dispatchEvents()
            if needsDraw && !display.isFlipPending { try draw(now: now) }
            try sleep(now: now)
        }
    }

    func secondsLeft(_ deadline: Microseconds, _ now: Microseconds) -> Int {
        max(0, Int((Double(deadline - now) / 1_000_000).rounded(.up)))
    }

    static func isTouchscreen(_ kind: InputDeviceKind) -> Bool {
        switch kind {
        case .multitouch, .singleTouch, .absolutePointer: return true
        case .mouse, .accelerometer, .keyboard, .headphoneJack, .unsupported: return false
        }
    }

    func draw(now: Microseconds) throws {
        try display.beginFrame()
        let left = checkDeadline.map { secondsLeft($0, now) }
        try screen.draw(session, checkSecondsLeft: left)
        shownSecondsLeft = left
        try pacer.present(display)
        presentedFrames += 1
        if presentedFrames == 1 { log.info("showing the calibration screen on \(display.summary)") }
        needsDraw = false
    }

    /// Waits in poll(2) for a touch, a signal or a flip; on the check screen also for the next
    /// whole second of its countdown.
    func sleep(now: Microseconds) throws {
        var wake: Microseconds?
        // A millisecond past the countdown's next whole second, so the number shown has changed.
        if let d = checkDeadline { wake = now + max(0, (d - now) % 1_000_000) + 1000 }
        if display.isFlipPending { wake = min(wake ?? .max, now + 1_000_000) }  // a lost flip must not hang us
        var wait = PollSet()
        wait.add(queue.wakeDescriptor)
        if let s = signals?.descriptor { wait.add(s) }
        if let d = display.eventDescriptor { wait.add(d) }
        try wait.wait(until: wake, now: now)
    }

    /// Each session event as one log line.
    func report(_ events: [CalibrationSession.Event]) {
        let n = session.layout.targets.count
        for e in events {
            switch e {
            case .showTarget(let i, let count, let viewer, let panel):
                log.info("target \(i + 1) of \(count) at (\(px(viewer.x)), \(px(viewer.y))): panel (\(fixed(panel.x)), \(fixed(panel.y)))")
            case .touchRejected(let i, let why):
                log.warning("target \(i + 1) of \(n): \(why); touch it again")
            case .touchTaken(let i, let raw, let samples):
                log.info("target \(i + 1) of \(n): raw (\(fixed(raw.x)), \(fixed(raw.y))) from \(samples) samples")
            case .fitRefused(let problem):
                log.warning("the touches do not fit: \(problem); starting again from target 1")
            case .fitted(let m, let worst):
                log.info("matrix \(m.rounded(places: BoardFileCalibration.places)): worst target \(JSONWriter.format(JSONWriter.rounded(worst, places: 2))) px off")
            case .checkStarted:
                log.info("check: a dot follows the finger through the new matrix; tap OK to accept or REDO (\(JSONWriter.format(checkSeconds)) s)")
            case .redo:
                log.info("redo: starting again from target 1")
            case .accepted(let m):
                log.info("accepted \(m.rounded(places: BoardFileCalibration.places))")
            }
        }
    }

    private func px(_ v: Double) -> String { JSONWriter.format(JSONWriter.rounded(v, places: 1)) }
    private func fixed(_ v: Double) -> String { JSONWriter.format(JSONWriter.rounded(v, places: 6)) }

    func destroy() {
        screen.destroy()
    }
}
