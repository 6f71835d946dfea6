/// Turns one device's evdev events into contact frames: protocol B slots (or a single-touch
/// screen, or a pointer's left button) → contacts with began / moved / stationary / ended /
/// cancelled, one frame per SYN_REPORT. Pure: time comes from the events.
///
/// How it works: `state` applies every event as the kernel would; at SYN_REPORT it is compared
/// with the state of the previous frame, and the difference is the frame. A resync after
/// SYN_DROPPED replaces `state` with the device's real state and compares the same way, so
/// contacts that ended in the gap end and none is left behind.
///
/// Contacts are numbered by the assembler (`TouchID.tracking` = 1, 2, 3… per assembler), not by
/// the kernel's tracking id: kernel ids wrap at 65535 and a buggy device can repeat one in two
/// slots, but ours are unique for the device's life and the same on every replay.
///
/// Robustness: ABS_MT_* events for a slot out of range are ignored and counted; coordinates are
/// clamped to the axis range (counted); a slot given a new tracking id without a lift ends its
/// old contact and begins a new one (counted); SYN_REPORT with value 1 (the kernel tearing the
/// device down) cancels whatever is still down.
public struct TouchAssembler: Sendable {
    public let device: Int
    public let kind: InputDeviceKind
    /// The axes contact positions are clamped to and mapped from.
    public let xAxis: AbsInfo
    public let yAxis: AbsInfo
    public private(set) var stats = TouchAssemblerStats()

    /// The stream applied so far, the current (unfinished) frame included.
    public private(set) var state: EvdevState
    /// The state as of the last frame.
    private var committed: EvdevState
    /// The contact in each slot (index 0 for single-contact kinds).
    private var ids: [TouchID?]
    /// Per slot, in the current frame: the contact of the last frame was lifted or replaced.
    private var restarted: [Bool]
    /// Per slot, in the current frame: a new tracking id arrived / a lift (-1) arrived.
    private var started: [Bool]
    private var lifted: [Bool]
    private var nextSerial = 1
    private var mode = Mode.normal
    /// Pointer kinds: the cursor now and at the last frame; pending relative motion (mouse).
    private var cursor: DevicePoint
    private var committedCursor: DevicePoint?
    private var relX: Int64 = 0, relY: Int64 = 0

    private enum Mode { case normal, dropping }

    /// What `handle` produced.
    public enum Output: Hashable, Sendable {
        case none
        case frame(DeviceFrame)
        /// SYN_DROPPED's gap is over (its SYN_REPORT arrived): call `resync(to:time:)` with the
        /// device's real state. Until then the state is that of the last good frame.
        case resyncNeeded
    }

    /// - Parameters:
    ///   - device: the number that goes into every `TouchID` (unique per device while running).
    ///   - pointerRange: for a mouse, the cursor's range in device units (0…x, 0…y); pass the
    ///     board size so one count of motion is about one board pixel. Ignored for other kinds.
    public init(device: Int, description: InputDeviceDescription, pointerRange: DevicePoint = DevicePoint(x: 1279, y: 719)) throws(UnsupportedDevice) {
        let kind = InputDeviceKind.classify(description)
        let slots: Int
        switch kind {
        case .multitouch(let n):
            slots = n
            xAxis = description.absInfo[EV.absMTPositionX] ?? AbsInfo(minimum: 0, maximum: 1)
            yAxis = description.absInfo[EV.absMTPositionY] ?? AbsInfo(minimum: 0, maximum: 1)
        case .singleTouch, .absolutePointer:
            slots = 1
            xAxis = description.absInfo[EV.absX] ?? AbsInfo(minimum: 0, maximum: 1)
            yAxis = description.absInfo[EV.absY] ?? AbsInfo(minimum: 0, maximum: 1)
        case .mouse:
            slots = 1
            xAxis = AbsInfo(minimum: 0, maximum: max(1, pointerRange.x))
            yAxis = AbsInfo(minimum: 0, maximum: max(1, pointerRange.y))
        case .keyboard, .headphoneJack:
            // Read for its keys or its switch (the input thread forwards them as KeyStrokes), never a contact.
            slots = 1
            xAxis = AbsInfo(minimum: 0, maximum: 1)
            yAxis = AbsInfo(minimum: 0, maximum: 1)
        case .accelerometer:
            // Read for gravity (the input thread forwards its axes), never a contact.
            slots = 1
            xAxis = description.absInfo[EV.absX] ?? AbsInfo(minimum: 0, maximum: 1)
            yAxis = description.absInfo[EV.absY] ?? AbsInfo(minimum: 0, maximum: 1)
        case .unsupported:
            throw UnsupportedDevice(name: description.name, kind: kind)
        }
        self.device = device
        self.kind = kind
        state = EvdevState(slotCount: kind == .multitouch(slots: slots) ? slots : 0)
        committed = state
        ids = Array(repeating: nil, count: slots)
        restarted = Array(repeating: false, count: slots)
        started = restarted
        lifted = restarted
        cursor = DevicePoint(x: xAxis.minimum + (xAxis.maximum - xAxis.minimum) / 2, y: yAxis.minimum + (yAxis.maximum - yAxis.minimum) / 2)
    }

    /// Starts from the device's state as it was when opened (libevdev reads it then: the slots
    /// through EVIOCGMTSLOTS, the axes through EVIOCGABS). The kernel sends a value only when it
    /// changes, so without this a new contact whose X equals its slot's last X arrives with no
    /// ABS_MT_POSITION_X (and would be placed at x = 0), and one in the slot that is already
    /// current arrives with no ABS_MT_SLOT (and would land in slot 0). A contact already down is
    /// not taken over: it was not seen to begin, so it stays unreported until lifted, as it was
    /// before seeding. Call before the first event.
    public mutating func seed(with opened: EvdevState) {
        var s = opened.resized(to: state.slots.count)
        for i in s.slots.indices { s.slots[i].trackingID = -1 }
        s.touch = false
        s.leftButton = false
        state = s
        committed = s
        checkInvariants()
    }

    /// Contacts down as of the last frame, in slot order.
    public var activeContacts: [TouchID] { ids.compactMap { $0 } }

    /// Feeds one event. Returns a frame at SYN_REPORT when something changed (a frame where
    /// every contact is stationary is not produced).
    public mutating func handle(_ e: InputEvent) -> Output {
        if mode == .dropping {
            // Everything up to and including the next SYN_REPORT belongs to the broken frame.
            if e.type == EV.syn && e.code == EV.synReport {
                mode = .normal
                return .resyncNeeded
            }
            stats.droppedEvents += 1
            return .none
        }
        switch e.type {
        case EV.syn:
            switch e.code {
            case EV.synReport:
                let frame = commit(time: e.time, teardown: e.value == 1)
                return frame.map { .frame($0) } ?? .none
            case EV.synDropped:
                stats.syncDrops += 1
                discardPending()
                mode = .dropping
            case EV.synMTReport:
                stats.protocolAReports += 1
            default: break
            }
            return .none
        case EV.rel:
            if kind == .mouse {
                if e.code == EV.relX { relX += Int64(e.value) } else if e.code == EV.relY { relY += Int64(e.value) }
            }
            return .none
        case EV.abs:
            noteAbs(e)
        default: break
        }
        if state.apply(e) == .unknownSlot { stats.unknownSlotEvents += 1 }
        return .none
    }

    /// Sets the state to the device's real one after SYN_DROPPED (libevdev's state after its sync,
    /// or a mirror of the whole stream in replay) and returns the frame that gets there.
    public mutating func resync(to snapshot: EvdevState, time: Microseconds) -> DeviceFrame? {
        discardPending()
        mode = .normal
        state = snapshot.resized(to: committed.slots.count)
        for s in committed.slots.indices where committed.slots[s].isActive && committed.slots[s].trackingID != state.slots[s].trackingID {
            restarted[s] = true
        }
        stats.resyncs += 1
        return commit(time: time, teardown: false, resyncing: true)
    }

    /// Cancels every contact (device unplugged, replay stopped): the unfinished frame is dropped,
    /// and each contact still down is reported `cancelled` at its last position. nil if none was down.
    public mutating func cancelAll(time: Microseconds) -> DeviceFrame? {
        discardPending()
        mode = .normal
        var contacts: [DeviceContact] = []
        cancel(into: &contacts)
        committed = state
        checkInvariants()
        guard !contacts.isEmpty else { return nil }
        stats.frames += 1
        return DeviceFrame(device: device, time: time, contacts: contacts, cursor: nil)
    }

    // MARK: - Frames

    private mutating func noteAbs(_ e: InputEvent) {
        switch e.code {
        case EV.absMTTrackingID:
            guard case .multitouch = kind, let s = state.currentSlotIndex else { return }
            let old = committed.slots[s], now = state.slots[s]
            if old.isActive && (e.value < 0 || e.value != old.trackingID) { restarted[s] = true }
            if e.value < 0 { lifted[s] = true } else if e.value != now.trackingID { started[s] = true }
        case EV.absMTPositionX: if case .multitouch = kind, xAxis.clamp(e.value) != e.value { stats.clampedValues += 1 }
        case EV.absMTPositionY: if case .multitouch = kind, yAxis.clamp(e.value) != e.value { stats.clampedValues += 1 }
        case EV.absX: if kind == .singleTouch || kind == .absolutePointer, xAxis.clamp(e.value) != e.value { stats.clampedValues += 1 }
        case EV.absY: if kind == .singleTouch || kind == .absolutePointer, yAxis.clamp(e.value) != e.value { stats.clampedValues += 1 }
        default: break
        }
    }

    private mutating func discardPending() {
        state = committed
        relX = 0; relY = 0
        clearFrameFlags()
    }

    private mutating func clearFrameFlags() {
        for s in restarted.indices { restarted[s] = false; started[s] = false; lifted[s] = false }
    }

    private mutating func newID() -> TouchID {
        defer { nextSerial += 1 }
        return TouchID(device: device, tracking: nextSerial)
    }

    private func clamped(_ x: Int32, _ y: Int32) -> DevicePoint { DevicePoint(x: xAxis.clamp(x), y: yAxis.clamp(y)) }

    private mutating func commit(time: Microseconds, teardown: Bool, resyncing: Bool = false) -> DeviceFrame? {
        var contacts: [DeviceContact] = []
        var changed = false
        switch kind {
        case .multitouch:
            for s in ids.indices {
                let old = committed.slots[s], now = state.slots[s]
                let endOld = old.isActive && (restarted[s] || !now.isActive)
                let beginNew = now.isActive && (!old.isActive || restarted[s])
                if endOld, let id = ids[s] {
                    // A lift frame may carry the finger's last position; a replaced contact's
                    // position events belong to the new one, and after a resync an empty slot's
                    // values say nothing about where the finger left.
                    let p = now.isActive || resyncing ? clamped(old.x, old.y) : clamped(now.x, now.y)
                    contacts.append(DeviceContact(id: id, phase: .ended, position: p, slot: s))
                    ids[s] = nil
                    if now.isActive && !lifted[s] { stats.replacedContacts += 1 }
                }
                if beginNew {
                    let id = newID()
                    ids[s] = id
                    contacts.append(DeviceContact(id: id, phase: .began, position: clamped(now.x, now.y), slot: s))
                } else if now.isActive, let id = ids[s] {
                    let p = clamped(now.x, now.y)
                    let moved = p != clamped(old.x, old.y)
                    contacts.append(DeviceContact(id: id, phase: moved ? .moved : .stationary, position: p, slot: s))
                } else if started[s] && !now.isActive {
                    stats.subFrameContacts += 1
                }
            }
        case .singleTouch:
            single(down: state.touch, wasDown: committed.touch, at: clamped(state.absX, state.absY), was: clamped(committed.absX, committed.absY), into: &contacts)
        case .absolutePointer:
            cursor = clamped(state.absX, state.absY)
            single(down: state.leftButton, wasDown: committed.leftButton, at: cursor, was: committedCursor ?? cursor, into: &contacts)
        case .mouse:
            let was = cursor
            cursor = DevicePoint(x: Int32(clamping: min(max(Int64(cursor.x) + relX, Int64(xAxis.minimum)), Int64(xAxis.maximum))),
                                 y: Int32(clamping: min(max(Int64(cursor.y) + relY, Int64(yAxis.minimum)), Int64(yAxis.maximum))))
            relX = 0; relY = 0
            single(down: state.leftButton, wasDown: committed.leftButton, at: cursor, was: was, into: &contacts)
        case .accelerometer, .keyboard, .headphoneJack, .unsupported:
            break
        }
        if kind.showsCursor && committedCursor != cursor { changed = true }
        if teardown { cancel(into: &contacts) }
        committed = state
        committedCursor = kind.showsCursor ? cursor : nil
        clearFrameFlags()
        checkInvariants()
        changed = changed || contacts.contains { $0.phase != .stationary }
        guard changed else { return nil }
        stats.frames += 1
        return DeviceFrame(device: device, time: time, contacts: contacts, cursor: kind.showsCursor ? cursor : nil)
    }

    /// The one contact of a single-touch screen or a pointer's button.
    private mutating func single(down: Bool, wasDown: Bool, at p: DevicePoint, was: DevicePoint, into contacts: inout [DeviceContact]) {
        switch (wasDown, down) {
        case (false, true):
            let id = newID()
            ids[0] = id
            contacts.append(DeviceContact(id: id, phase: .began, position: p, slot: 0))
        case (true, true):
            if let id = ids[0] { contacts.append(DeviceContact(id: id, phase: p == was ? .stationary : .moved, position: p, slot: 0)) }
        case (true, false):
            if let id = ids[0] { contacts.append(DeviceContact(id: id, phase: .ended, position: p, slot: 0)) }
            ids[0] = nil
        case (false, false):
            break
        }
    }

    /// Turns every contact in `contacts` (and any other one still down) into a cancellation and
    /// empties the state. A contact that began in this very frame is dropped instead: it was
    /// never seen, so nothing has to be told it ended.
    private mutating func cancel(into contacts: inout [DeviceContact]) {
        var out: [DeviceContact] = []
        var seen = Set<TouchID>()
        for c in contacts {
            seen.insert(c.id)
            switch c.phase {
            case .began: stats.subFrameContacts += 1
            case .ended, .cancelled: out.append(c)
            case .moved, .stationary:
                out.append(DeviceContact(id: c.id, phase: .cancelled, position: c.position, slot: c.slot))
                stats.cancelledContacts += 1
            }
        }
        for s in ids.indices {
            if let id = ids[s], !seen.contains(id) {
                let p: DevicePoint
                switch kind {
                case .multitouch: p = clamped(committed.slots[s].x, committed.slots[s].y)
                case .singleTouch: p = clamped(committed.absX, committed.absY)
                default: p = committedCursor ?? cursor
                }
                out.append(DeviceContact(id: id, phase: .cancelled, position: p, slot: s))
                stats.cancelledContacts += 1
            }
            ids[s] = nil
        }
        contacts = out
        for s in state.slots.indices { state.slots[s].trackingID = -1 }
        state.touch = false
        state.leftButton = false
    }

    /// Debug builds: a slot has a contact exactly when the committed state says it is down.
    private func checkInvariants() {
        #if DEBUG
        switch kind {
        case .multitouch:
            for s in ids.indices { assert((ids[s] != nil) == committed.slots[s].isActive, "slot \(s): contact and state disagree") }
        case .singleTouch: assert((ids[0] != nil) == committed.touch)
        case .absolutePointer, .mouse: assert((ids[0] != nil) == committed.leftButton)
        default: break
        }
        #endif
    }
}

/// A device the assembler cannot use, with why (its kind says).
public struct UnsupportedDevice: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var kind: InputDeviceKind
    public var description: String { "input device '\(name)' is not a touch device or pointer (\(kind))" }
}

/// What the assembler counted: every irregularity it absorbed instead of failing.
public struct TouchAssemblerStats: Hashable, Sendable {
    /// Frames produced.
    public var frames = 0
    /// SYN_DROPPED events (the kernel's buffer overflowed) and resyncs applied.
    public var syncDrops = 0
    public var resyncs = 0
    /// Events discarded between SYN_DROPPED and the next SYN_REPORT.
    public var droppedEvents = 0
    /// ABS_MT_* events for a slot outside the device's slot range, ignored.
    public var unknownSlotEvents = 0
    /// Coordinates outside the axis range, clamped.
    public var clampedValues = 0
    /// Slots that got a new tracking id without a lift first (old contact ended, new began).
    public var replacedContacts = 0
    /// Contacts that began and ended within one frame: never reported.
    public var subFrameContacts = 0
    /// Contacts cancelled (device gone, replay stopped).
    public var cancelledContacts = 0
    /// SYN_MT_REPORT (protocol A) separators seen; protocol A is not assembled.
    public var protocolAReports = 0
    public init() {}
}
