/// A keyboard's EV_KEY events as strokes, with libevdev's rule for SYN_DROPPED: the events after
/// a drop up to the next SYN_REPORT are an incomplete frame and are discarded, and the keys held
/// are then set from the device's real state (`resync(to:time:)`, from libevdev's sync). Where
/// the state cannot be read back (a raw file descriptor, a recording) every held key is released
/// at the drop instead, and a key still held comes back with its next auto-repeat, which is then
/// taken as its press: nothing stays stuck down (a Shift whose release was lost would otherwise
/// shift every later letter), and nothing is typed that was not. Pure; time from the events.
public struct KeyStrokeReader: Sendable, Equatable {
    /// The keys down as the strokes handed on so far say.
    public private(set) var held: Set<UInt16> = []
    /// Between a SYN_DROPPED and the next SYN_REPORT.
    public private(set) var dropping = false

    public init() {}

    /// One event of the device: the strokes it gives (none for most). `canResync`: the source
    /// will send the device's real state after a drop (libevdev), so a drop releases nothing here.
    public mutating func handle(_ e: InputEvent, canResync: Bool = false) -> [KeyStroke] {
        if e.type == EV.syn {
            if e.code == EV.synDropped {
                dropping = true
                return canResync ? [] : releaseAll(time: e.time)
            }
            if e.code == EV.synReport { dropping = false }
            return []
        }
        guard !dropping, let k = KeyStroke(e) else { return [] }
        switch k.action {
        case .down:
            held.insert(k.code)
            return [k]
        case .up:
            // An up for a key not held (released at a drop already) has nothing to release.
            return held.remove(k.code) == nil ? [] : [k]
        case .repeat:
            if held.insert(k.code).inserted { return [KeyStroke(code: k.code, action: .down, time: k.time)] }
            return [k]
        }
    }

    /// The device's real keys down after a drop (libevdev's sync): ups for the keys released in
    /// the gap, then downs for the keys pressed in it, each in code order.
    public mutating func resync(to down: Set<UInt16>, time: Microseconds) -> [KeyStroke] {
        dropping = false
        let ups = held.subtracting(down).sorted().map { KeyStroke(code: $0, action: .up, time: time) }
        let downs = down.subtracting(held).sorted().map { KeyStroke(code: $0, action: .down, time: time) }
        held = down
        return ups + downs
    }

    /// Ups for every key held (a drop whose state cannot be read back; the device went away).
    public mutating func releaseAll(time: Microseconds) -> [KeyStroke] {
        defer { held.removeAll() }
        return held.sorted().map { KeyStroke(code: $0, action: .up, time: time) }
    }
}
