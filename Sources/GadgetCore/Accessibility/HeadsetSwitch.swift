/// A headphone jack's switch (evdev EV_SW SW_HEADPHONE_INSERT, as sound cards' "Headphone"
/// input devices report it): plugging a headset in turns speech mode on with private output,
/// unplugging it makes the output public again (EN 5.1.3.2, 5.1.3.8/9, 5.2: speech turned on
/// without sight). Reads events as the input thread and replay receive them; the change counts at
/// the SYN_REPORT that ends its report, with that report's time. Pure.
public struct HeadsetSwitch: Sendable, Equatable {
    /// A headset plugged in (true) or out, at the kernel time of its report.
    public struct Change: Sendable, Equatable, Hashable {
        public var plugged: Bool
        public var time: Microseconds
        public init(plugged: Bool, time: Microseconds) { self.plugged = plugged; self.time = time }
    }

    /// Whether a headset is in, as last reported (nil: not reported since the device was opened).
    public private(set) var plugged: Bool?
    private var pending: Bool?

    public init() {}

    /// One event of the jack's device; a change when a report ended with the switch changed.
    public mutating func handle(_ e: InputEvent) -> Change? {
        if e.type == EV.sw && e.code == EV.swHeadphoneInsert {
            pending = e.value != 0
            return nil
        }
        guard e.type == EV.syn && e.code == EV.synReport, let p = pending else { return nil }
        pending = nil
        guard p != plugged else { return nil }
        plugged = p
        return Change(plugged: p, time: e.time)
    }

    /// The switch's state when the device was opened (EVIOCGSW, which libevdev reads at open):
    /// a headset already in the jack is the same change as plugging it in then, at `time` (the
    /// open's monotonic time: there is no report to take one from). One not in is recorded
    /// without a change: the output starts public.
    public mutating func opened(_ state: EvdevState, time: Microseconds) -> Change? {
        pending = nil
        let p = state.switchesOn.contains(EV.swHeadphoneInsert)
        plugged = p
        return p ? Change(plugged: true, time: time) : nil
    }

    /// The switch as read back after SYN_DROPPED (libevdev's sync): a change when it differs
    /// from what was last reported; what was pending in the dropped report is dropped with it.
    public mutating func resync(_ state: EvdevState, time: Microseconds) -> Change? {
        pending = nil
        let p = state.switchesOn.contains(EV.swHeadphoneInsert)
        guard p != plugged else { return nil }
        plugged = p
        return Change(plugged: p, time: time)
    }
}
