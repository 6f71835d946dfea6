/// A fixed presentation cadence, as a panel's vblanks are: slots at `origin + k · interval`.
///
/// A frame is shown in the first slot at or after the time it was finished, and after the slot
/// of the frame before it: one frame per slot, as one page flip per vblank. A frame that
/// overruns its slot takes the next one (the panel would show the previous frame once more);
/// frames are never bunched into one slot, and nothing drifts, however late a frame finishes.
/// Headless presentation uses it so that frame times mean what they mean on a panel.
///
/// Pure: times are given (µs, on whatever clock the caller reads); nothing here reads a clock.
public struct FrameCadence: Sendable, Equatable {
    /// A slot's time; every other slot is a whole number of intervals from it.
    public let origin: Microseconds
    /// Time between slots (16_667 µs: 60 Hz).
    public let interval: Microseconds
    /// The slot the last frame was shown in; nil before the first.
    public private(set) var lastSlot: Microseconds?

    /// - Parameter interval: at least 1 µs (smaller values are taken as 1).
    public init(origin: Microseconds, interval: Microseconds) {
        self.origin = origin
        self.interval = max(1, interval)
    }

    /// The first slot at or after `time` (also before the origin: the grid extends both ways).
    public func slot(atOrAfter time: Microseconds) -> Microseconds {
        let offset = time - origin
        // Rounded up toward +∞, also for negative offsets (Swift's `/` truncates toward zero).
        let slots = offset >= 0 ? (offset + interval - 1) / interval : -((-offset) / interval)
        return origin + slots * interval
    }

    /// The first slot a frame begun at `start` can be shown in, when drawing it takes `drawTime`
    /// (`DrawTimeEstimate.smoothed`): the first slot at or after it is finished, and never `start`
    /// itself (a frame begun at a slot misses it). A video picks its picture for this slot.
    public func comingSlot(startingAt start: Microseconds, drawTime: Microseconds) -> Microseconds {
        slot(atOrAfter: start + max(1, drawTime))
    }

    /// The slot a frame finished at `finished` would be shown in, without taking it.
    public func nextSlot(finishedAt finished: Microseconds) -> Microseconds {
        let slot = slot(atOrAfter: finished)
        guard let lastSlot, slot <= lastSlot else { return slot }
        return lastSlot + interval
    }

    /// Shows a frame finished at `finished`: takes its slot (`nextSlot(finishedAt:)`) and returns it.
    public mutating func show(finishedAt finished: Microseconds) -> Microseconds {
        let slot = nextSlot(finishedAt: finished)
        lastSlot = slot
        return slot
    }

    /// The slot's number counted from the origin (slot 0): a vblank counter, so that a frame
    /// two slots after the one before it shows as one missed vblank.
    public func sequence(of slot: Microseconds) -> Int64 {
        let offset = slot - origin
        return offset >= 0 ? offset / interval : -((-offset + interval - 1) / interval)
    }
}
