import GadgetCore
import GadgetDisplay
import GadgetSystem
import SystemPackage

/// The one path from a drawn frame to the screen, shared by the kiosk (`KioskLoop`), the
/// calibration screen and `gadgetboard bench`, so that what the bench measures is what the kiosk
/// does:
///
///     try pacer.present(display, noting: &stats)   // after drawing; the frame's inputs wait for its flip
///     …                                            // the loop polls the display with its other sources
///     for flip in try pacer.dispatch(display, into: &stats) { … }
///     try pacer.awaitFlip(display, within: 5_000_000, into: &stats)   // or block until it is shown
///
/// A presented frame is shown in one of three ways: KMS queues a page flip, whose event (the
/// kernel's vblank time and sequence) comes later; headless has nothing to scan out, so the frame
/// is shown when it is finished, and a stand-in flip is made for it at once; KMS's first frame is
/// shown by the modeset itself, which blocks and sends no event. Every flip the pacer sees goes to
/// the `FrameStatistics` it is given, so frame times and missed vblanks are counted one way
/// everywhere. Thread: the render thread (the display's).
///
/// A headless stand-in flip is stamped one of two ways. With a `headlessCadence` (the kiosk's
/// `run --display headless`) it is stamped with the slot of a fixed cadence the frame is shown in
/// (`FrameCadence`: the first slot after `present()` returned and after the previous frame's
/// slot, possibly a little in the future), its sequence being the slot's number: frame times and
/// missed vblanks then mean what they mean on a panel, and the loop starts the next frame at that
/// slot, as it would at a flip event. Without one (the bench, which draws as fast as frames
/// finish) it is stamped with the time `present()` returned, sequences counting frames.
public struct FramePacer {
    /// What presenting a frame led to.
    public enum Shown: Equatable {
        /// A page flip is in flight since `at` (KMS); `dispatch` or `awaitFlip` takes its event.
        case flipQueued(at: Microseconds)
        /// Finished, and nothing is scanned out (headless): `flip` stands in for a page flip.
        case finished(FlipEvent)
        /// On screen without a flip event (KMS's first frame: the blocking modeset).
        case withoutFlip
    }

    /// Frames presented with `noting`: the headless flips' sequence numbers (one vblank apart).
    public private(set) var framesNoted = 0
    /// One slot: the display's event descriptor, set before each wait (a hot-plugged display
    /// brings another one). Built once, so waiting allocates nothing.
    private var pollSet = PollSet()
    private let displaySlot: PollSet.Slot
    /// Headless presentation's cadence interval (nil: unpaced) and, from the first headless frame
    /// on (it is the origin), the cadence itself.
    private let headlessInterval: Microseconds?
    public private(set) var headlessCadence: FrameCadence?
    /// Where stand-in flips and queued flips get their time (tests inject a clock).
    private let clock: () -> Microseconds

    /// - Parameters:
    ///   - headlessCadence: present headless frames on this fixed cadence, µs (see above); nil:
    ///     stamp them with the time they finished.
    ///   - clock: the monotonic clock, µs. Waiting for a flip (`awaitFlip`) uses the real one.
    public init(headlessCadence: Microseconds? = nil, clock: @escaping () -> Microseconds = MonotonicClock.now) {
        displaySlot = pollSet.add(FileDescriptor(rawValue: -1))  // skipped by poll until a display is set
        headlessInterval = headlessCadence.map { max(1, $0) }
        self.clock = clock
    }

    /// Hands the drawn frame to `display` and notes it in `statistics`: inputs applied since the
    /// last frame now wait for this frame's flip; a headless frame's stand-in flip is recorded at once.
    @discardableResult
    /// `damage`: the rectangles that changed since the previous frame, for drivers that take the
    /// hint (nil: all of it).
    public mutating func present(_ display: DisplayBackend, damage: [PixelRect]? = nil,
                                 noting statistics: inout FrameStatistics) throws(DisplayError) -> Shown {
        try display.present(damage: damage)
        statistics.framePresented()
        framesNoted += 1
        var shown = shown(display, sequence: UInt32(truncatingIfNeeded: framesNoted))
        if case .finished(let finished) = shown, let interval = headlessInterval {
            var cadence = headlessCadence ?? FrameCadence(origin: finished.time, interval: interval)
            let slot = cadence.show(finishedAt: finished.time)
            headlessCadence = cadence
            shown = .finished(FlipEvent(time: slot, sequence: UInt32(truncatingIfNeeded: cadence.sequence(of: slot))))
        }
        if case .finished(let flip) = shown { statistics.flipped(flip) }
        return shown
    }

    /// Hands a frame that is not one of the statistics' (idle blanking's black frame, the
    /// calibration screen) to `display`. Headless, it takes no slot of the cadence: its stand-in
    /// flip (stamped when it finished) is counted nowhere.
    @discardableResult
    public func present(_ display: DisplayBackend) throws(DisplayError) -> Shown {
        try display.present()
        return shown(display, sequence: UInt32(truncatingIfNeeded: framesNoted))
    }

    private func shown(_ display: DisplayBackend, sequence: UInt32) -> Shown {
        if display.isFlipPending { return .flipQueued(at: clock()) }
        if display.eventDescriptor != nil { return .withoutFlip }
        return .finished(FlipEvent(time: clock(), sequence: sequence))
    }

    /// The flips that completed since the last look (without waiting), each recorded in `statistics`.
    public func dispatch(_ display: DisplayBackend, into statistics: inout FrameStatistics) throws(DisplayError) -> [FlipEvent] {
        let flips = try display.dispatchEvents()
        // An index loop, not for-in: an Array iterator allocates in an unoptimised build (the
        // bench's allocation count runs in debug tests).
        for i in 0..<flips.count { statistics.flipped(flips[i]) }
        return flips
    }

    /// Waits in poll(2) until the flip in flight (if any) is shown, recording every flip that
    /// arrives in `statistics` and handing it to `each`; returns the last (nil if none was in
    /// flight). A flip that does not come within `bound` µs means the display stopped answering:
    /// an error, not a hang. A signal does not end the wait early.
    /// `each` runs while `statistics` is held inout: it must not touch those statistics.
    @discardableResult
    public mutating func awaitFlip(_ display: DisplayBackend, within bound: Microseconds, into statistics: inout FrameStatistics,
                                   each: (FlipEvent) -> Void = { _ in }) throws -> FlipEvent? {
        var last: FlipEvent?
        let deadline = MonotonicClock.now() + bound
        while display.isFlipPending, let fd = display.eventDescriptor {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { throw DisplayError.unavailable("page flip did not complete within \(FramePacer.seconds(bound)) s") }
            pollSet.replace(displaySlot, with: fd)
            // false: the bound passed, or a signal woke us (then the loop waits out the rest).
            guard try pollSet.wait(until: deadline) else { continue }
            let flips = try dispatch(display, into: &statistics)
            for i in 0..<flips.count { each(flips[i]) }
            if let f = flips.last { last = f }
        }
        return last
    }

    private static func seconds(_ us: Microseconds) -> String {
        us % 1_000_000 == 0 ? "\(us / 1_000_000)" : JSONWriter.format(Double(us) / 1_000_000)
    }
}
