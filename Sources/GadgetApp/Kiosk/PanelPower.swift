import GadgetCore
import GadgetPower
import GadgetSystem

/// Whether the panel is lit, and why: idle blanking (`IdleBlanker`) and the schedule's decision
/// (opening hours, the attract loop and the control protocol's `display` command:
/// `ScheduleRunner`, a `LiveFeature` that changes pages through the live board; docs/schedule.md).
/// Off is DPMS off (a black frame where the panel has no DPMS) and no frames drawn; on draws the
/// board again. Touches pass here before they reach the board: a touch that wakes a dark panel is
/// swallowed. The idle blanking keeps its own switch: a schedule decision whose cause is `idle` is
/// the blanker's, reported but not acted on twice. Thread: the loop's.
final class PanelPower {
    private(set) var idle: IdleBlanker
    /// Every board gets one (the `display` command and `state`'s `display` work on any board).
    private(set) var schedule: ScheduleRunner?
    /// The schedule or the control protocol has the display off: nothing is drawn.
    private(set) var scheduleOff = false
    /// Draws the black frame a panel without DPMS shows while off.
    var drawBlack: () throws -> Void = {}
    /// The panel is lit again by the schedule: everything is redrawn.
    var redrawAll: () -> Void = {}
    private let screen: KioskScreen
    private let live: LiveBoard
    private let service: KioskService
    private let log = Loggers.app

    init(settings: IdleSettings, now: Microseconds, screen: KioskScreen, live: LiveBoard, service: KioskService) {
        idle = IdleBlanker(settings: settings, now: now)
        self.screen = screen
        self.live = live
        self.service = service
    }

    /// Starts the schedule of `board` with the power switches `options` name (CEC, a backlight).
    func startSchedule(_ options: RunOptions, board: Board, now: Microseconds) {
        var switches: [any DisplayPowerSwitch] = []
        if let path = options.cecDevice {
            do { switches.append(try CECPower(path: path)) } catch {
                log.error("cec: \(path): \(error); the TV is not switched")
            }
        }
        if board.schedule.hasOpeningHours, let backlight = try? BacklightPower(root: options.backlightRoot) {
            switches.append(backlight)
        }
        let runner = ScheduleRunner(board: board, trustClock: options.trustClock, powerSwitches: switches, now: now, log: Loggers.schedule)
        schedule = runner
        live.add(runner)
        runner.update(now: now, board: live)
        followSchedule(now: now)
    }

    /// Nothing may be drawn: blanked for idleness, or off by the schedule or control.
    var isDark: Bool { idle.isBlanked || scheduleOff }

    /// When idle blanking is next due.
    var deadline: Microseconds? { idle.deadline }

    /// A new board's idle settings.
    func applySettings(_ settings: IdleSettings) { _ = idle.apply(settings) }

    /// Once per iteration: blank when idle long enough.
    func updateIdle(now: Microseconds) {
        if let action = idle.update(now: now) { apply(action) }
    }

    /// Something other than a touch counts as use of the panel (a control `page` or `video`): a
    /// blanked panel wakes, and the idle return and the attract loop wait again from `now`.
    func used(now: Microseconds) {
        live.panelUsed(at: now)
        if let action = idle.wake(now: now) { apply(action, by: "a control request") }
        schedule?.used(now: now, board: live)
    }

    /// A touch frame before it reaches the board: false when it is swallowed (the display is off
    /// by the schedule or control, and a touch may wake it for `wakeOnTouchSeconds`; a waking
    /// touch on an idle-blanked panel).
    func admit(_ frame: inout TouchFrame) -> Bool {
        if scheduleSwallows(frame) { return false }
        if let action = idle.filter(&frame) { apply(action) }
        return !frame.touches.isEmpty
    }

    /// - by: what woke the panel, for the log.
    private func apply(_ action: IdleBlanker.Action, by cause: String = "touch") {
        switch action {
        case .blank(let mode):
            service.metrics.blanked = true
            schedule?.idleBlanked(true, now: MonotonicClock.now(), board: live)
            if mode == .dpms && screen.display.setPowered(false) {
                log.info("idle: panel off (DPMS)")
            } else {
                log.info("idle: black frame")
                try? drawBlack()
            }
        case .wake:
            service.metrics.blanked = false
            schedule?.idleBlanked(false, now: MonotonicClock.now(), board: live)
            _ = screen.display.setPowered(true)
            log.info("idle: woken by \(cause)")
            live.drawAgain(.panelWoken)
        }
    }

    /// After the features ran: the display follows the schedule's decision.
    func followSchedule(now: Microseconds) {
        guard let schedule else { return }
        let d = schedule.decision
        service.metrics.displayOn = d.on
        service.metrics.displayCause = d.cause.rawValue
        let off = !d.on && d.cause != .idle
        guard off != scheduleOff else { return }
        scheduleOff = off
        if off {
            if screen.display.setPowered(false) { log.info("display: panel off (DPMS)") } else {
                log.info("display: black frame (the panel has no DPMS)")
                try? drawBlack()
            }
        } else {
            _ = screen.display.setPowered(true)
            redrawAll()
        }
    }

    private func scheduleSwallows(_ frame: TouchFrame) -> Bool {
        guard let schedule, !frame.touches.isEmpty else { return false }
        let wasOff = scheduleOff
        let swallow = schedule.touched(frame, board: live)
        followSchedule(now: frame.time)
        return swallow || wasOff
    }

    var decision: DisplayPowerPolicy.Decision { schedule?.decision ?? DisplayPowerPolicy.Decision(on: true, cause: .start) }

    /// `{"cmd":"display"}`: on or off over the schedule, or back to it.
    func control(_ override: DisplayPowerPolicy.Override, now: Microseconds) {
        schedule?.control(override, now: now, board: live)
        followSchedule(now: now)
    }

    /// Why no frame can be shown now, or nil.
    var noFrameReason: String? {
        if !screen.isConnected { return "no display is connected" }
        if idle.isBlanked { return "the panel is blanked (idle): no frame to show" }
        if scheduleOff { return "the display is off (\(decision.cause.rawValue)): no frame to show" }
        return nil
    }

    func stop() { schedule?.stop() }
}
