import GadgetCore
import GadgetPower

/// Opening hours, the attract loop and the control protocol's `display` command in the loop
/// (docs/schedule.md). The schedule is a `LiveFeature` (`ScheduleRunner`): it changes pages through
/// the live board; the loop only follows its power decision, as it follows the idle blanking:
/// off is DPMS off (a black frame where the panel has no DPMS) and no frames drawn; on draws the
/// board again. The idle blanking keeps its own switch: a decision whose cause is `idle` is the
/// blanker's, reported but not acted on twice.
extension KioskLoop {
    /// Every board gets one (the `display` command and `state`'s `display` work on any board).
    func startSchedule(_ board: Board, now: Microseconds) {
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
            if display.setPowered(false) { log.info("display: panel off (DPMS)") } else {
                log.info("display: black frame (the panel has no DPMS)")
                try? drawBlack()
            }
        } else {
            _ = display.setPowered(true)
            damage.invalidate()
            live.needsDraw = true
        }
    }

    /// A touch frame before it reaches the board: true when it is swallowed (the display is off
    /// by the schedule or control; a touch may wake it for `wakeOnTouchSeconds`).
    func scheduleSwallows(_ frame: TouchFrame) -> Bool {
        guard let schedule, !frame.touches.isEmpty else { return false }
        let wasOff = scheduleOff
        let swallow = schedule.touched(frame, board: live)
        followSchedule(now: frame.time)
        return swallow || wasOff
    }

    var displayDecision: DisplayPowerPolicy.Decision { schedule?.decision ?? DisplayPowerPolicy.Decision(on: true, cause: .start) }

    func controlSetDisplay(_ override: DisplayPowerPolicy.Override, now: Microseconds) {
        schedule?.control(override, now: now, board: live)
        followSchedule(now: now)
    }
}
