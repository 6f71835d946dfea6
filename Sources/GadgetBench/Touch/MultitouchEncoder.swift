import GadgetCore

/// Turns contacts landing, moving and lifting into what a kernel touch screen driver sends:
/// multitouch type B (ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X/Y), BTN_TOUCH, the
/// single-touch ABS_X/Y of the first contact, SYN_REPORT. Keeps the device's state (which slot
/// is current, each slot's tracking id) so a stream of reports is well formed. Shared by the
/// soak's random gestures and the board benchmark's scripted finger. Pure.
public struct MultitouchEncoder: Sendable {
    /// A contact's new place in device units, or its lift (nil).
    public struct Change: Sendable {
        public var slot: Int32
        public var at: (x: Int32, y: Int32)?
        public init(slot: Int32, at: (x: Int32, y: Int32)?) { self.slot = slot; self.at = at }
    }

    /// Contacts the device can track at once.
    public static let slots: Int32 = 10
    /// Per slot: its tracking id while down.
    private var trackingIDs = [Int32?](repeating: nil, count: Int(MultitouchEncoder.slots))
    private var currentSlot: Int32 = 0
    private var nextTrackingID: Int32 = 0

    public init() {}

    /// Contacts down now.
    public var contactsDown: Int { trackingIDs.count { $0 != nil } }

    /// Slots whose contact is down, lowest first.
    public var slotsDown: [Int32] { trackingIDs.indices.filter { trackingIDs[$0] != nil }.map { Int32($0) } }

    /// The events of one report: per changed slot ABS_MT_SLOT (when it changes), the tracking
    /// id on landing (-1 on lift) and the position; BTN_TOUCH on the first landing and the last
    /// lift; ABS_X/Y following the lowest slot down; SYN_REPORT. Event times are left at 0: the
    /// writer stamps each report when it sends it.
    public mutating func encode(_ changes: [Change]) -> [InputEvent] {
        var events: [InputEvent] = []
        func ev(_ type: UInt16, _ code: UInt16, _ value: Int32) { events.append(InputEvent(time: 0, type: type, code: code, value: value)) }
        let wasDown = contactsDown
        for c in changes {
            if c.slot != currentSlot { ev(EV.abs, EV.absMTSlot, c.slot); currentSlot = c.slot }
            if let at = c.at {
                if trackingIDs[Int(c.slot)] == nil {
                    trackingIDs[Int(c.slot)] = nextTrackingID
                    ev(EV.abs, EV.absMTTrackingID, nextTrackingID)
                    nextTrackingID = (nextTrackingID + 1) % 65_535
                }
                ev(EV.abs, EV.absMTPositionX, at.x)
                ev(EV.abs, EV.absMTPositionY, at.y)
            } else if trackingIDs[Int(c.slot)] != nil {
                trackingIDs[Int(c.slot)] = nil
                ev(EV.abs, EV.absMTTrackingID, -1)
            }
        }
        let down = contactsDown
        if wasDown == 0 && down > 0 { ev(EV.key, EV.btnTouch, 1) }
        if wasDown > 0 && down == 0 { ev(EV.key, EV.btnTouch, 0) }
        if let first = changes.filter({ $0.at != nil }).min(by: { $0.slot < $1.slot }), let at = first.at,
           trackingIDs[0..<Int(first.slot)].allSatisfy({ $0 == nil }) {
            ev(EV.abs, EV.absX, at.x)
            ev(EV.abs, EV.absY, at.y)
        }
        ev(EV.syn, EV.synReport, 0)
        return events
    }

    /// A touch screen named `name` with `slots` slots over 0…maxX × 0…maxY, direct (a touch
    /// screen, not a touchpad): what the kiosk's input thread is told it reads.
    public static func deviceDescription(name: String, maxX: Int32, maxY: Int32) -> InputDeviceDescription {
        InputDeviceDescription(
            nameBytes: Array(name.utf8), properties: [EV.propDirect],
            codes: [EV.key: [EV.btnTouch], EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
            absInfo: [EV.absX: AbsInfo(minimum: 0, maximum: maxX), EV.absY: AbsInfo(minimum: 0, maximum: maxY),
                      EV.absMTSlot: AbsInfo(minimum: 0, maximum: slots - 1),
                      EV.absMTPositionX: AbsInfo(minimum: 0, maximum: maxX), EV.absMTPositionY: AbsInfo(minimum: 0, maximum: maxY),
                      EV.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65_535)])
    }
}
