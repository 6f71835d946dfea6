import Glibc
import CEvdev
import GadgetCore
import GadgetSystem
import SystemPackage

/// Owns one evdev device: its file descriptor and the `libevdev*` reading it. Opens non-blocking,
/// switches event times to CLOCK_MONOTONIC (EVIOCSCLOCKID) so they compare with the display's
/// flip times, optionally grabs the device exclusively (EVIOCGRAB), and reads in libevdev's
/// normal mode with its sync mode after SYN_DROPPED, so a dropped gap comes back as the device's
/// real state (`InputSourceItem.resync`) and never as stuck or phantom contacts.
/// Thread: created on any thread, then used only by the input thread.
public final class EvdevDevice: InputEventSource {
    public let path: String
    public let device: InputDeviceDescription
    /// False when the kernel refused EVIOCSCLOCKID (before Linux 3.4): times are then on
    /// CLOCK_REALTIME and latency figures from them are meaningless.
    public let monotonicTimes: Bool
    public let grabbed: Bool
    let file: OwnedFileDescriptor
    let handle: OpaquePointer

    public var descriptor: FileDescriptor { file.descriptor }

    /// Opens `path`. Errors name the call (`open(/dev/input/event3)`, `libevdev_new_from_fd(…)`):
    /// a missing node, no permission (not in group `input`), or a file that is not evdev.
    public convenience init(path: String, grab: Bool = false) throws(InputError) {
        let file: OwnedFileDescriptor
        do {
            file = try OwnedFileDescriptor.open(path, .readOnly, options: [.nonBlocking])
            try self.init(path: path, file: file, grab: grab)
        } catch {
            throw .system(error)
        }
    }

    /// Reads `file` (opened non-blocking from `path`) as an evdev device; it is closed with the
    /// device. For callers that tell a failed open from a file that is not evdev.
    public init(path: String, file: OwnedFileDescriptor, grab: Bool = false) throws(SystemError) {
        monotonicTimes = (try? SystemCall.run("ioctl", "\(path), EVIOCSCLOCKID") { gadget_evdev_set_clock_monotonic(file.raw) }) != nil
        var dev: OpaquePointer?
        try SystemCall.negativeErrno("libevdev_new_from_fd", path, libevdev_new_from_fd(file.raw, &dev))
        // Success always sets the handle; were it not, libevdev could not allocate one.
        guard let dev else { throw SystemError("libevdev_new_from_fd", path, errno: .noMemory) }
        if grab {
            do { try SystemCall.run("ioctl", "\(path), EVIOCGRAB") { gadget_evdev_grab(file.raw, 1) } } catch {
                libevdev_free(dev)
                throw error
            }
        }
        self.path = path
        self.file = file
        self.handle = dev
        self.grabbed = grab
        self.device = EvdevDevice.describe(dev)
    }

    /// libevdev_new_from_fd has read the slots (EVIOCGMTSLOTS) and axes (EVIOCGABS) already; no
    /// event has been read since, so this is the state the kernel will send changes against.
    public var openedState: EvdevState? { snapshot() }

    /// Opens `path` as a source (for `InputThread`'s opener).
    public static func open(_ path: String, grab: Bool) throws(InputError) -> InputEventSource {
        try EvdevDevice(path: path, grab: grab)
    }

    deinit {
        // Releasing a grab on a device already gone fails; closing releases it anyway.
        if grabbed { _ = try? SystemCall.run("ioctl", "\(path), EVIOCGRAB") { gadget_evdev_grab(file.raw, 0) } }
        libevdev_free(handle)
        // `file` closes after this, when the stored property is released.
    }

    /// Multitouch slots as libevdev counts them (0 without ABS_MT_SLOT, and for the "fake MT"
    /// devices whose axis codes only look like slots).
    public var slotCount: Int { max(0, Int(libevdev_get_num_slots(handle))) }

    /// The kernel's name of an event code (`ABS_MT_POSITION_X`), from libevdev's tables; nil for
    /// a code it does not know.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    /// The kernel's name of an input property (`INPUT_PROP_DIRECT`); nil for an unknown one.
    public static func propertyName(_ property: Int) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// INPUT_PROP_MAX: the properties `gadgetboard devices` lists are the ones below it.
    public static let propertyLimit = Int(INPUT_PROP_MAX)

    static let normal = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
    static let sync = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
    static let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
    static let syncStatus = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)

    /// What one `libevdev_next_event` gave.
    enum Next: Equatable {
        case event, sync
        /// Nothing waiting (EAGAIN).
        case drained
        /// ENODEV: unplugged.
        case gone
    }

    /// One `libevdev_next_event`; its negative errnos become `SystemError`s, except the two
    /// that say where the stream stands.
    func next(_ flags: UInt32, _ ev: inout input_event) throws(SystemError) -> Next {
        let rc = libevdev_next_event(handle, flags, &ev)
        if rc == Self.success { return .event }
        if rc == Self.syncStatus { return .sync }
        do { try SystemCall.negativeErrno("libevdev_next_event", path, rc) } catch {
            switch error.errno {
            // EINTR cannot come from a read on a non-blocking descriptor; were it to, the data
            // is still there and the next poll returns at once.
            case .resourceTemporarilyUnavailable, .interrupted: return .drained
            case .operationNotSupportedByDevice: return .gone
            default: throw error
            }
        }
        return .drained  // a status libevdev does not document
    }

    public func readAvailable(into items: inout [InputSourceItem], limit: Int) throws(InputError) -> Bool {
        var ev = input_event()
        var count = 0
        while count < limit {
            let status: Next
            do { status = try next(Self.normal, &ev) } catch { throw .system(error) }
            switch status {
            case .event:
                items.append(.event(Self.event(ev)))
                count += 1
            case .sync:
                // SYN_DROPPED: libevdev has discarded the broken frame; it now replays the state
                // delta in sync mode. Drain it (its state lands in libevdev) and hand over the
                // resulting real state instead of the delta's events. A failure while draining
                // leaves libevdev's state as far as it got, which is still the best guess.
                let time = Microseconds(gadget_input_event_usec(&ev))
                var s = (try? next(Self.sync, &ev)) ?? .drained
                while s == .sync { s = (try? next(Self.sync, &ev)) ?? .drained }
                if s == .gone { return false }
                items.append(.resync(snapshot(), time: time))
                count += 1
            case .drained:
                return true
            case .gone:
                return false
            }
        }
        return true
    }

    /// The device's state as libevdev holds it (after a sync: as the kernel reports it).
    func snapshot() -> EvdevState {
        let slots = max(0, Int(libevdev_get_num_slots(handle)))
        var s = EvdevState(slotCount: min(slots, InputDeviceKind.maxSlots), currentSlot: libevdev_get_current_slot(handle),
                           absX: libevdev_get_event_value(handle, UInt32(EV.abs), UInt32(EV.absX)),
                           absY: libevdev_get_event_value(handle, UInt32(EV.abs), UInt32(EV.absY)),
                           touch: libevdev_get_event_value(handle, UInt32(EV.key), UInt32(EV.btnTouch)) != 0,
                           leftButton: libevdev_get_event_value(handle, UInt32(EV.key), UInt32(EV.btnLeft)) != 0)
        // Keyboard keys (below BTN_MISC, and KEY_OK up): after a drop, libevdev's sync has read
        // the kernel's key state, so a key released in the gap is up here.
        if libevdev_has_event_type(handle, UInt32(EV.key)) != 0 {
            for code in Array(1..<0x100) + Array(0x160..<0x300)
            where libevdev_has_event_code(handle, UInt32(EV.key), UInt32(code)) != 0
                && libevdev_get_event_value(handle, UInt32(EV.key), UInt32(code)) != 0 {
                s.keysDown.insert(UInt16(code))
            }
        }
        // Switches (SW_MAX 0x10): libevdev read them with EVIOCGSW at open and again in a sync,
        // so a headset already in the jack is seen without waiting for it to be plugged again.
        if libevdev_has_event_type(handle, UInt32(EV.sw)) != 0 {
            for code in 0..<0x11 where libevdev_has_event_code(handle, UInt32(EV.sw), UInt32(code)) != 0
                && libevdev_get_event_value(handle, UInt32(EV.sw), UInt32(code)) != 0 {
                s.switchesOn.insert(UInt16(code))
            }
        }
        for i in s.slots.indices {
            let slot = UInt32(i)
            s.slots[i] = .init(trackingID: libevdev_get_slot_value(handle, slot, UInt32(EV.absMTTrackingID)),
                               x: libevdev_get_slot_value(handle, slot, UInt32(EV.absMTPositionX)),
                               y: libevdev_get_slot_value(handle, slot, UInt32(EV.absMTPositionY)))
        }
        return s
    }

    static func event(_ ev: input_event) -> InputEvent {
        var ev = ev
        return InputEvent(time: Microseconds(gadget_input_event_usec(&ev)), type: ev.type, code: ev.code, value: ev.value)
    }

    /// The description classification and mapping use, read from libevdev.
    static func describe(_ dev: OpaquePointer) -> InputDeviceDescription {
        var d = InputDeviceDescription()
        if let name = libevdev_get_name(dev) {
            d.nameBytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name)))
        }
        d.id = InputDeviceID(bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)), vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
                             product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)), version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
        for p in 0..<0x20 where libevdev_has_property(dev, UInt32(p)) != 0 { d.properties.insert(p) }
        // The types and code ranges classification looks at (KEY_MAX 0x2ff, REL_MAX 0x0f, ABS_MAX 0x3f,
        // SW_MAX 0x10: a sound card's headphone jack is told by its SW_HEADPHONE_INSERT).
        for (type, count) in [(EV.key, 0x300), (EV.rel, 0x10), (EV.abs, 0x40), (EV.sw, 0x11)] where libevdev_has_event_type(dev, UInt32(type)) != 0 {
            var codes = Set<UInt16>()
            for c in 0..<count where libevdev_has_event_code(dev, UInt32(type), UInt32(c)) != 0 { codes.insert(UInt16(c)) }
            d.codes[type] = codes
        }
        for code in d.codes[EV.abs] ?? [] {
            if let a = libevdev_get_abs_info(dev, UInt32(code))?.pointee {
                d.absInfo[code] = AbsInfo(minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
            }
        }
        return d
    }
}
