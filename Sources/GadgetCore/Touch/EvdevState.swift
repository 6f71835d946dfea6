/// The state of an evdev device that touch assembly needs, as the kernel keeps it and as
/// EVIOCGMTSLOTS / EVIOCGABS / EVIOCGKEY (or libevdev after a sync) report it: per-slot tracking
/// id and position, the current slot, the single-touch axes and the touch and left buttons.
///
/// It is both the assembler's view of the stream and a **resync snapshot**: after SYN_DROPPED
/// the live path fills one from libevdev, replay from a mirror that applied the whole stream.
public struct EvdevState: Hashable, Sendable {
    public struct Slot: Hashable, Sendable {
        /// ≥ 0 while a contact is down in this slot; -1 when the slot is empty.
        public var trackingID: Int32
        public var x: Int32
        public var y: Int32
        public init(trackingID: Int32 = -1, x: Int32 = 0, y: Int32 = 0) { self.trackingID = trackingID; self.x = x; self.y = y }
        public var isActive: Bool { trackingID >= 0 }
    }

    public var slots: [Slot]
    /// The slot ABS_MT_* events apply to. May be out of range (a device bug or a corrupt
    /// stream): events for it are then ignored.
    public var currentSlot: Int32
    public var absX: Int32
    public var absY: Int32
    public var touch: Bool
    public var leftButton: Bool
    /// A keyboard's keys down (EV_KEY codes), as libevdev reads them back after a drop; empty
    /// for touch devices.
    public var keysDown: Set<UInt16> = []
    /// The switches on (EV_SW codes: SW_HEADPHONE_INSERT…), as EVIOCGSW reads them at open and
    /// libevdev after a drop; empty for devices without switches.
    public var switchesOn: Set<UInt16> = []

    public init(slotCount: Int = 0, currentSlot: Int32 = 0, absX: Int32 = 0, absY: Int32 = 0, touch: Bool = false, leftButton: Bool = false) {
        slots = Array(repeating: Slot(), count: max(0, slotCount))
        self.currentSlot = currentSlot; self.absX = absX; self.absY = absY; self.touch = touch; self.leftButton = leftButton
    }

    /// The current slot's index when it is in range.
    @inlinable public var currentSlotIndex: Int? {
        currentSlot >= 0 && Int(currentSlot) < slots.count ? Int(currentSlot) : nil
    }

    /// What one event does to the state.
    public enum Effect: Equatable, Sendable {
        /// Applied, or not a state event (SYN, MSC, REL…).
        case applied
        /// An ABS_MT_* event while the current slot is out of range: ignored.
        case unknownSlot
    }

    /// Applies one event the way the kernel updates its state (protocol B: values persist per
    /// slot, the slot selection persists across frames). SYN events are not state.
    @discardableResult
    public mutating func apply(_ e: InputEvent) -> Effect {
        switch e.type {
        case EV.abs:
            switch e.code {
            case EV.absMTSlot: currentSlot = e.value
            case EV.absMTTrackingID, EV.absMTPositionX, EV.absMTPositionY:
                guard let s = currentSlotIndex else { return .unknownSlot }
                switch e.code {
                // The kernel only ever sends -1 to end a contact; treat any negative id as -1.
                case EV.absMTTrackingID: slots[s].trackingID = max(e.value, -1)
                case EV.absMTPositionX: slots[s].x = e.value
                default: slots[s].y = e.value
                }
            case EV.absX: absX = e.value
            case EV.absY: absY = e.value
            default:
                // Other per-slot axes (touch size, pressure…) are not tracked, but an event for
                // a slot that does not exist is still reported as such.
                if (EV.absMTTouchMajor...EV.absMTDistance).contains(e.code), currentSlotIndex == nil { return .unknownSlot }
            }
        case EV.sw:
            if e.value != 0 { switchesOn.insert(e.code) } else { switchesOn.remove(e.code) }
        case EV.key:
            if e.code == EV.btnTouch { touch = e.value != 0 } else if e.code == EV.btnLeft { leftButton = e.value != 0 }
        default: break
        }
        return .applied
    }

    /// The same state with exactly `count` slots (a snapshot from a source with another slot
    /// count is cut or padded with empty slots).
    public func resized(to count: Int) -> EvdevState {
        var s = self
        if s.slots.count > count { s.slots.removeSubrange(count...) }
        while s.slots.count < count { s.slots.append(Slot()) }
        return s
    }
}
