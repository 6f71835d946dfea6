import GadgetCore
import GadgetPower
import GadgetSystem
import Logging
import SystemPackage

/// The schedule in the running kiosk: a `LiveFeature` around `ScheduleFeature` (pure) that hands
/// it both clocks, hears the wall clock being set (`WallClockChangeWatch`), waits for a clock it
/// can trust (`ClockTrust`), changes pages through the live board's one way in, and keeps the
/// decision the loop switches the display by (`decision`: DPMS, no frames while off) and the
/// power outputs follow (backlight, HDMI-CEC on their own thread: a TV that takes a second to
/// answer never holds a frame). Every board has one: without opening hours it still carries the
/// control protocol's `display` override and reports `display` in `state`.
/// Thread: the loop's.
final class ScheduleRunner: LiveFeature {
    private(set) var feature: ScheduleFeature
    private let trust: ClockTrust
    private let watch: WallClockChangeWatch?
    private let outputs: DisplayPowerOutputs?
    private let log: Logger
    private let environment: [String: String]
    /// The display's state and why, as of the last `update`.
    private(set) var decision = DisplayPowerPolicy.Decision(on: true, cause: .start)
    private var deadline: Microseconds?
    /// The quiet hours' level now (`schedule.volume`; 1 outside them), which the kiosk's sound
    /// multiplies into its volume.
    private(set) var quietLevel = 1.0
    private var lastNow: Microseconds
    /// The control override, kept across a reload (a new board's schedule starts from it).
    private var override: DisplayPowerPolicy.Override = .auto
    /// A playlist switch held until its page's images are in the atlas.
    private var waitingSwitch: (page: String, cause: ActionEvent.Cause, transition: PageTransition)?
    /// How often a held switch looks at its images again (µs): a frame or two.
    static let imageRecheck: Microseconds = 20_000
    /// Contacts down on any touch device (touch frames are per device).
    private var contactsDown: Set<TouchID> = []

    init(board: Board, trustClock: Bool, powerSwitches: [any DisplayPowerSwitch], now: Microseconds, log: Logger,
         environment: [String: String] = ProcessEnvironment.current()) {
        self.log = log
        self.environment = environment
        trust = ClockTrust(trustAnyway: trustClock || !board.schedule.isTimed, flagGiven: trustClock,
                           waiting: ClockTrust.waiting(for: board.schedule), now: now, log: log)
        feature = ScheduleRunner.makeFeature(board, clockTrusted: trust.trusted, now: now, environment: environment, log: log)
        lastNow = now
        do { watch = try WallClockChangeWatch() } catch {
            log.warning("cannot watch the wall clock being set (\(error)); a clock jump is seen at the next boundary")
            watch = nil
        }
        if powerSwitches.isEmpty {
            outputs = nil
        } else {
            do { outputs = try DisplayPowerOutputs(switches: powerSwitches, log: log) } catch {
                log.error("display power: \(error); only the panel itself (DPMS) is switched")
                outputs = nil
            }
        }
    }

    private static func makeFeature(_ board: Board, clockTrusted: Bool, now: Microseconds, environment: [String: String], log: Logger) -> ScheduleFeature {
        let (zone, problem) = BoardZones.zone(for: board, environment: environment)
        if let problem { log.warning("\(problem); using UTC") }
        return ScheduleFeature(schedule: board.schedule, zone: zone, clockTrusted: clockTrusted, now: now)
    }

    var wakeDescriptor: FileDescriptor? { watch?.descriptor }
    var nextDeadline: Microseconds? {
        [deadline, trust.deadline].compactMap { $0 }.min()
    }
    var isAnimating: Bool { feature.isAnimating(now: lastNow) }

    func update(now: Microseconds, board: LiveBoard) {
        lastNow = now
        if let watch, (try? watch.acknowledge()) == true {
            log.info("the wall clock was set; evaluating the schedule again")
            feature.clockJumped()
        }
        if trust.poll(now: now) { feature.clockTrusted(true) }
        if let w = waitingSwitch, board.pageIsReady(w.page) {
            waitingSwitch = nil
            show(w.page, cause: w.cause, transition: w.transition, now: now, board: board)
        }
        apply(feature.update(now: now, wall: WallClock.microseconds()), now: now, board: board)
        deadline = feature.deadline(now: now, wall: WallClock.microseconds())
        // Images are placed in the frame after they arrive: look again shortly, drawing nothing.
        if waitingSwitch != nil { deadline = min(deadline ?? .max, now + Self.imageRecheck) }
    }

    func boardReplaced(_ board: LiveBoard) {
        // The new board's schedule says its own level (its feature starts from full).
        quietLevel = 1
        feature = ScheduleRunner.makeFeature(board.board, clockTrusted: trust.trusted || !board.board.schedule.isTimed,
                                             now: lastNow, environment: environment, log: log)
        feature.control(override)
        update(now: lastNow, board: board)
    }

    /// The schedule's requests, through the live board (pages) and into `decision` (power).
    private func apply(_ requests: [ScheduleRequest], now: Microseconds, board: LiveBoard) {
        for r in requests {
            switch r {
            case .power(let d):
                if d.on != decision.on { log.info("display: \(d.on ? "on" : "off") (\(d.cause.rawValue))") }
                decision = d
                outputs?.request(d.on)
            case .showPage(let page, let cause, let transition):
                // A person touching the panel is not interrupted: the page waits for the idle
                // return (the home page was set to it just before).
                if cause == .schedule, board.session.hasTouches { continue }
                waitingSwitch = nil
                show(page, cause: cause, transition: transition, now: now, board: board)
            case .homePage(let page):
                board.setIdleHome(page)
            case .volume(let level, let rule):
                log.info("volume: \(JSONWriter.format(level)) (\(rule ?? "outside the quiet hours"))")
                quietLevel = level
            case .prepare:
                // Every page's images are decoded with the board and kept in its atlas; a page
                // whose images are still arriving (start-up) holds its switch (`show`).
                break
            }
        }
    }

    /// A playlist or schedule page switch, drawn as its transition says. A playlist page whose
    /// images are not in the atlas yet waits for them (`waitingSwitch`, retried every update):
    /// no frame of a switch shows placeholders in place of its photos.
    private func show(_ page: String, cause: ActionEvent.Cause, transition: PageTransition, now: Microseconds, board: LiveBoard) {
        if cause == .playlist, !board.pageIsReady(page) {
            if waitingSwitch == nil { log.info("page \"\(page)\" waits for its images before the playlist shows it") }
            waitingSwitch = (page, cause, transition)
            return
        }
        let shown = transition.kind == .crossfade
            ? board.crossfadeToPage(page, seconds: transition.seconds, cause: cause, now: now)
            : board.showPage(page, cause: cause, animated: transition.kind == .slide,
                             seconds: transition.kind == .slide ? transition.seconds : nil, now: now)
        if case .failure(let f) = shown { log.error("\(f.message)") }
    }

    /// A touch frame reached the kiosk: true when it must be swallowed (it woke a display the
    /// schedule had off). Stops the attract loop while fingers are down.
    func touched(_ frame: TouchFrame, board: LiveBoard) -> Bool {
        let began = frame.touches.contains { $0.phase == .began }
        // The contacts are counted here, not asked of the board: a swallowed frame never reaches
        // it, and the board hears of a lift only after this (it would still count the finger).
        for t in frame.touches {
            if t.phase.isTerminal { contactsDown.remove(t.id) } else { contactsDown.insert(t.id) }
        }
        // A touch stops the attract loop: a switch held for its images is dropped too.
        if began { waitingSwitch = nil }
        let swallow = feature.touches(now: frame.time, fingersDown: !contactsDown.isEmpty, began: began)
        update(now: max(lastNow, frame.time), board: board)
        return swallow
    }

    /// A control `page` or `video` counts as use of the panel: the attract loop waits again (a
    /// playlist switch held for its images is dropped, as a touch drops it).
    func used(now: Microseconds, board: LiveBoard) {
        waitingSwitch = nil
        feature.used(now: now)
        update(now: max(lastNow, now), board: board)
    }

    /// `{"cmd":"display","state":…}`.
    func control(_ o: DisplayPowerPolicy.Override, now: Microseconds, board: LiveBoard) {
        override = o
        feature.control(o)
        update(now: now, board: board)
    }

    /// The idle blanking switched the panel (cause `idle` in reports).
    func idleBlanked(_ blanked: Bool, now: Microseconds, board: LiveBoard) {
        feature.idleBlanked(blanked)
        update(now: now, board: board)
    }

    func stop() { outputs?.stop() }
}
