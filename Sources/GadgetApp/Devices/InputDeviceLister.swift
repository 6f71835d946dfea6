import CEvdev
import GadgetDisplay
import Glibc

/// The input part of `gadgetboard devices`: every /dev/input/event* with its name, ids, what it
/// is (touchscreen, touchpad, mouse, keyboard…), its properties and each absolute axis's range,
/// resolution and fuzz, and the multitouch slot count: what decides how touch maps to the board.
/// Self-contained (libevdev directly) so the listing works whatever the input thread does.
enum InputDeviceLister {
    static func lines(directory: String = "/dev/input") -> [String] {
        var out = ["Input devices"]
        let nodes = eventNodes(in: directory)
        if nodes.isEmpty { out.append("  none in \(directory)") }
        for path in nodes { out += device(path) }
        return out
    }

    static func eventNodes(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    static func device(_ path: String) -> [String] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == EACCES || code == EPERM {
                let group = DRMDevice.groupName(of: path) ?? "input"
                return ["\(path): no permission (join the '\(group)' group, or run as root)"]
            }
            return ["\(path): cannot open (errno \(code))"]
        }
        defer { close(fd) }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let dev = handle else { return ["\(path): not an evdev device (libevdev_new_from_fd: errno \(-rc))"] }
        defer { libevdev_free(dev) }

        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? "?"
        func hex(_ v: Int32) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: max(0, 4 - s.count)) + s }
        var out = ["\(path): \"\(name)\" (bus \(hex(libevdev_get_id_bustype(dev))) vendor \(hex(libevdev_get_id_vendor(dev))) product \(hex(libevdev_get_id_product(dev)))), \(kind(dev))"]

        var props: [String] = []
        for p in 0..<UInt32(INPUT_PROP_MAX) where libevdev_has_property(dev, p) != 0 {
            props.append(libevdev_property_get_name(p).map { String(cString: $0) } ?? "property \(p)")
        }
        out.append("  properties: " + (props.isEmpty ? "none" : props.joined(separator: ", ")))

        var axes: [String] = []
        for code in 0..<UInt32(ABS_CNT) where libevdev_has_event_code(dev, UInt32(EV_ABS), code) != 0 {
            guard let info = libevdev_get_abs_info(dev, code)?.pointee else { continue }
            let axis = libevdev_event_code_get_name(UInt32(EV_ABS), code).map { String(cString: $0) } ?? "ABS_\(code)"
            var text = "\(axis) \(info.minimum)..\(info.maximum)"
            if info.resolution != 0 { text += " res \(info.resolution)/mm" }
            if info.fuzz != 0 { text += " fuzz \(info.fuzz)" }
            axes.append(text)
        }
        if !axes.isEmpty { out.append("  axes: " + axes.joined(separator: ", ")) }
        let slots = libevdev_get_num_slots(dev)
        if slots > 0 { out.append("  multitouch: \(slots) slots (protocol B)") }
        var rel: [String] = []
        for code in 0..<UInt32(REL_CNT) where libevdev_has_event_code(dev, UInt32(EV_REL), code) != 0 {
            rel.append(libevdev_event_code_get_name(UInt32(EV_REL), code).map { String(cString: $0) } ?? "REL_\(code)")
        }
        if !rel.isEmpty { out.append("  relative: " + rel.joined(separator: ", ")) }
        return out
    }

    /// What a person would call it, from its properties and codes (libinput's udev rules decide
    /// the same way, roughly).
    static func kind(_ dev: OpaquePointer) -> String {
        func has(_ type: Int32, _ code: Int32) -> Bool { libevdev_has_event_code(dev, UInt32(type), UInt32(code)) != 0 }
        func prop(_ p: Int32) -> Bool { libevdev_has_property(dev, UInt32(p)) != 0 }
        if prop(INPUT_PROP_ACCELEROMETER) { return "accelerometer" }
        let absolute = has(EV_ABS, ABS_MT_POSITION_X) || has(EV_ABS, ABS_X)
        if has(EV_KEY, BTN_TOOL_PEN) { return "tablet (pen)" }
        if absolute && prop(INPUT_PROP_DIRECT) { return "touchscreen" }
        if absolute && (prop(INPUT_PROP_POINTER) || has(EV_KEY, BTN_TOOL_FINGER)) { return "touchpad" }
        if absolute && has(EV_KEY, BTN_TOUCH) { return "touchscreen (no INPUT_PROP_DIRECT)" }
        if has(EV_REL, REL_X) && has(EV_REL, REL_Y) && has(EV_KEY, BTN_LEFT) { return "mouse" }
        if absolute && has(EV_KEY, BTN_LEFT) { return "absolute pointer" }
        if has(EV_KEY, KEY_A) && has(EV_KEY, KEY_Z) { return "keyboard" }
        if has(EV_KEY, KEY_POWER) { return "power button" }
        return "other"
    }
}
