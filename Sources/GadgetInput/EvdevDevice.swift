import Glibc
import CEvdev
import GadgetCore

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
    let fd: FileDescriptor
    let handle: OpaquePointer

    public var descriptor: Int32 { fd.raw }

    /// Opens `path`. Errors name the call (`open(/dev/input/event3)`, `libevdev_new_from_fd(…)`):
    /// a missing node, no permission (not in group `input`), or a file that is not evdev.
    public init(path: String, grab: Bool = false) throws(InputError) {
        let fd = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
        monotonicTimes = (try? Posix.call("ioctl(\(path), EVIOCSCLOCKID)") { gadget_evdev_set_clock_monotonic(fd.raw) }) != nil
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd.raw, &dev)
        guard rc == 0, let dev else { throw .call("libevdev_new_from_fd(\(path))", -rc) }
        if grab {
            do { try Posix.call("ioctl(\(path), EVIOCGRAB)") { gadget_evdev_grab(fd.raw, 1) } } catch {
                libevdev_free(dev)
                throw error
            }
        }
        self.path = path
        self.fd = fd
        self.handle = dev
        self.grabbed = grab
        self.device = EvdevDevice.describe(dev)
    }

    /// Opens `path` as a source (for `InputThread`'s opener).
    public static func open(_ path: String, grab: Bool) throws(InputError) -> InputEventSource {
        try EvdevDevice(path: path, grab: grab)
    }

    deinit {
        if grabbed { _ = gadget_evdev_grab(fd.raw, 0) }
        libevdev_free(handle)
        // `fd` closes after this, when the stored property is released.
    }

    static let normal = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
    static let sync = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
    static let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
    static let syncStatus = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)

    public func readAvailable(into items: inout [InputSourceItem], limit: Int) throws(InputError) -> Bool {
        var ev = input_event()
        var count = 0
        while count < limit {
            let rc = libevdev_next_event(handle, Self.normal, &ev)
            if rc == Self.success {
                items.append(.event(Self.event(ev)))
                count += 1
            } else if rc == Self.syncStatus {
                // SYN_DROPPED: libevdev has discarded the broken frame; it now replays the state
                // delta in sync mode. Drain it (its state lands in libevdev) and hand over the
                // resulting real state instead of the delta's events.
                let time = Microseconds(gadget_input_event_usec(&ev))
                var s = libevdev_next_event(handle, Self.sync, &ev)
                while s == Self.syncStatus { s = libevdev_next_event(handle, Self.sync, &ev) }
                if s == -ENODEV { return false }
                items.append(.resync(snapshot(), time: time))
                count += 1
            } else if rc == -EAGAIN {
                return true
            } else if rc == -ENODEV {
                return false
            } else if rc == -EINTR {
                continue
            } else {
                throw .call("libevdev_next_event(\(path))", -rc)
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
        // The types and code ranges classification looks at (KEY_MAX 0x2ff, REL_MAX 0x0f, ABS_MAX 0x3f).
        for (type, count) in [(EV.key, 0x300), (EV.rel, 0x10), (EV.abs, 0x40)] where libevdev_has_event_type(dev, UInt32(type)) != 0 {
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
