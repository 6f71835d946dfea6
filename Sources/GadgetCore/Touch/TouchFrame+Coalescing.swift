/// Merging two frames of one device into one, for a queue that is full: intermediate positions
/// may go, beginnings and ends may not.
extension TouchFrame {
    /// The device every touch of this frame comes from; nil for an empty frame.
    public var device: Int? { touches.first?.id.device }

    /// True when every touch only moved or stood still: merging it into an earlier frame loses
    /// nothing but an intermediate position.
    public var isMovesOnly: Bool { touches.allSatisfy { $0.phase == .moved || $0.phase == .stationary } }

    /// `older` followed by `self` as one frame at `self`'s time, every began / ended / cancelled
    /// kept (a contact that began in `older` and moved in `self` is `began` at its newer place).
    /// nil when that is impossible: the frames are of different devices, or a contact begins in
    /// `older` and ends in `self` (it would have to vanish).
    public func coalescing(after older: TouchFrame) -> TouchFrame? {
        guard older.device == nil || device == nil || older.device == device else { return nil }
        return merged(after: older, lossy: false)?.frame
    }

    /// Like `coalescing(after:)`, but a contact that begins in `older` and ends in `self` is
    /// dropped entirely (neither its beginning nor its end is delivered, so nothing is left
    /// stuck). For when the consumer has stopped draining. Returns the frame and how many
    /// contacts were dropped; nil only for frames of different devices.
    public func forceCoalescing(after older: TouchFrame) -> (frame: TouchFrame, lost: Int)? {
        guard older.device == nil || device == nil || older.device == device else { return nil }
        return merged(after: older, lossy: true)
    }

    private func merged(after older: TouchFrame, lossy: Bool) -> (frame: TouchFrame, lost: Int)? {
        var newer: [TouchID: Touch] = [:]
        for t in touches { newer[t.id] = t }
        var out: [Touch] = []
        out.reserveCapacity(older.touches.count + touches.count)
        var lost = 0
        for o in older.touches {
            guard let n = newer.removeValue(forKey: o.id) else { out.append(o); continue }
            switch (o.phase, n.phase) {
            case (.ended, _), (.cancelled, _):
                return nil  // an id after its end: not one contact
            case (_, .began):
                return nil  // began twice
            case (.began, .ended), (.began, .cancelled):
                guard lossy else { return nil }
                lost += 1
            case (.began, _):
                out.append(Touch(id: n.id, phase: .began, location: n.location, time: n.time))
            case (.moved, .stationary):
                out.append(Touch(id: n.id, phase: .moved, location: n.location, time: n.time))
            default:
                out.append(n)
            }
        }
        // Contacts only in `self`, in its order.
        for t in touches where newer[t.id] != nil { out.append(t) }
        return (TouchFrame(time: time, touches: out), lost)
    }
}
