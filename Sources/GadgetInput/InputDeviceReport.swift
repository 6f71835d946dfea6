import GadgetCore
import GadgetSystem

/// What `gadgetboard devices` shows of the input side: every /dev/input/event* with its name,
/// ids, what it is (touchscreen, touchpad, mouse, keyboard…), its properties and each absolute
/// axis's range, resolution and fuzz, and the multitouch slot count: what decides how touch maps
/// to the board. Read through the same discovery and `EvdevDevice` as the input thread, but on
/// its own: the listing works whatever the input thread does. Plain values; the wording is the
/// command's.
public struct InputDeviceReport: Sendable, Equatable {
    public var directory: String
    /// One per event node, in numeric order; empty when the directory has none (or is missing).
    public var entries: [Entry]

    public enum Entry: Sendable, Equatable {
        case device(InputDeviceSummary)
        /// Opening it was refused (EACCES, EPERM): the user is not in the node's group.
        case noPermission(path: String)
        case cannotOpen(path: String, SystemError)
        /// It opened but libevdev refused it.
        case notEvdev(path: String, SystemError)
    }

    public init(directory: String, entries: [Entry]) {
        self.directory = directory; self.entries = entries
    }

    /// Opens and describes every event node in `directory` (read-only, never grabbed).
    public static func scan(directory: String = "/dev/input") -> InputDeviceReport {
        let nodes = (try? InputDiscovery.eventNodes(in: directory)) ?? []
        return InputDeviceReport(directory: directory, entries: nodes.map(entry))
    }

    static func entry(_ path: String) -> Entry {
        let file: OwnedFileDescriptor
        do { file = try OwnedFileDescriptor.open(path, .readOnly, options: [.nonBlocking]) } catch {
            if error.errno == .permissionDenied || error.errno == .notPermitted { return .noPermission(path: path) }
            return .cannotOpen(path: path, error)
        }
        let device: EvdevDevice
        do { device = try EvdevDevice(path: path, file: file) } catch { return .notEvdev(path: path, error) }
        return .device(InputDeviceSummary(path: path, description: device.device, slotCount: device.slotCount))
    }
}

/// One evdev device as `gadgetboard devices` lists it.
public struct InputDeviceSummary: Sendable, Equatable {
    /// One absolute axis: its kernel name (`ABS_MT_POSITION_X`) and range.
    public struct Axis: Sendable, Equatable {
        public var name: String
        public var info: AbsInfo
        public init(name: String, info: AbsInfo) { self.name = name; self.info = info }
    }

    public var path: String
    public var name: String
    public var id: InputDeviceID
    /// What a person would call it (`touchscreen`, `mouse`, `tablet (pen)`…); see `kind(of:)`.
    public var kind: String
    /// Its INPUT_PROP_* names, in numeric order.
    public var properties: [String]
    public var absoluteAxes: [Axis]
    /// Multitouch slots (0: not a protocol-B device).
    public var slotCount: Int
    /// Its REL_* names, in numeric order.
    public var relativeAxes: [String]

    public init(path: String, name: String, id: InputDeviceID, kind: String, properties: [String], absoluteAxes: [Axis],
                slotCount: Int, relativeAxes: [String]) {
        self.path = path; self.name = name; self.id = id; self.kind = kind; self.properties = properties
        self.absoluteAxes = absoluteAxes; self.slotCount = slotCount; self.relativeAxes = relativeAxes
    }

    /// From what the device says about itself; names from libevdev's tables.
    init(path: String, description d: InputDeviceDescription, slotCount: Int) {
        let properties = d.properties.filter { $0 < EvdevDevice.propertyLimit }.sorted()
        let absolute = (d.codes[EV.abs] ?? []).sorted().compactMap { code in
            d.absInfo[code].map { Axis(name: EvdevDevice.codeName(type: EV.abs, code: code) ?? "ABS_\(code)", info: $0) }
        }
        self.init(path: path, name: d.name, id: d.id, kind: Self.kind(of: d),
                  properties: properties.map { EvdevDevice.propertyName($0) ?? "property \($0)" },
                  absoluteAxes: absolute, slotCount: slotCount,
                  relativeAxes: (d.codes[EV.rel] ?? []).sorted().map { EvdevDevice.codeName(type: EV.rel, code: $0) ?? "REL_\($0)" })
    }

    /// Codes `kind(of:)` looks at (<linux/input-event-codes.h>) that `EV` does not name.
    enum Code {
        static let keyA: UInt16 = 30, keyZ: UInt16 = 44, keyPower: UInt16 = 116
        static let btnToolPen: UInt16 = 0x140
    }

    /// What a person would call it, from its properties and codes (libinput's udev rules decide
    /// the same way, roughly). Unlike `InputDeviceKind` (what the kiosk does with a device) it
    /// names everything, keyboards and pens included.
    public static func kind(of d: InputDeviceDescription) -> String {
        func has(_ type: UInt16, _ code: UInt16) -> Bool { d.codes[type]?.contains(code) == true }
        func prop(_ p: Int) -> Bool { d.properties.contains(p) }
        if prop(EV.propAccelerometer) { return "accelerometer" }
        let absolute = has(EV.abs, EV.absMTPositionX) || has(EV.abs, EV.absX)
        if has(EV.key, Code.btnToolPen) { return "tablet (pen)" }
        if absolute && prop(EV.propDirect) { return "touchscreen" }
        if absolute && (prop(EV.propPointer) || has(EV.key, EV.btnToolFinger)) { return "touchpad" }
        if absolute && has(EV.key, EV.btnTouch) { return "touchscreen (no INPUT_PROP_DIRECT)" }
        if has(EV.rel, EV.relX) && has(EV.rel, EV.relY) && has(EV.key, EV.btnLeft) { return "mouse" }
        if absolute && has(EV.key, EV.btnLeft) { return "absolute pointer" }
        if has(EV.key, Code.keyA) && has(EV.key, Code.keyZ) { return "keyboard" }
        // A PIN pad or number pad: the keys the kiosk types with, without letters.
        if InputDeviceKind.classify(d) == .keyboard { return "keypad" }
        if has(EV.key, Code.keyPower) { return "power button" }
        return "other"
    }
}
