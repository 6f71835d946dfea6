import GadgetDisplay
import GadgetInput

/// The input part of `gadgetboard devices`: GadgetInput's `InputDeviceReport` in words.
enum InputDeviceLister {
    static func lines(directory: String = "/dev/input") -> [String] {
        lines(InputDeviceReport.scan(directory: directory))
    }

    static func lines(_ report: InputDeviceReport) -> [String] {
        var out = ["Input devices"]
        if report.entries.isEmpty { out.append("  none in \(report.directory)") }
        for entry in report.entries { out += lines(entry) }
        return out
    }

    static func lines(_ entry: InputDeviceReport.Entry) -> [String] {
        switch entry {
        case .noPermission(let path):
            let group = DRMDevice.groupName(of: path) ?? "input"
            return ["\(path): no permission (join the '\(group)' group, or run as root)"]
        case .cannotOpen(let path, let error):
            return ["\(path): cannot open (errno \(error.errno.rawValue))"]
        case .notEvdev(let path, let error):
            return ["\(path): not an evdev device (libevdev_new_from_fd: errno \(error.errno.rawValue))"]
        case .device(let d):
            return lines(d)
        }
    }

    static func lines(_ d: InputDeviceSummary) -> [String] {
        func hex(_ v: UInt16) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: max(0, 4 - s.count)) + s }
        var out = ["\(d.path): \"\(d.name)\" (bus \(hex(d.id.bustype)) vendor \(hex(d.id.vendor)) product \(hex(d.id.product))), \(d.kind)"]
        out.append("  properties: " + (d.properties.isEmpty ? "none" : d.properties.joined(separator: ", ")))
        let axes = d.absoluteAxes.map { axis -> String in
            var text = "\(axis.name) \(axis.info.minimum)..\(axis.info.maximum)"
            if let r = axis.info.resolution, r != 0 { text += " res \(r)/mm" }
            if axis.info.fuzz != 0 { text += " fuzz \(axis.info.fuzz)" }
            return text
        }
        if !axes.isEmpty { out.append("  axes: " + axes.joined(separator: ", ")) }
        if d.slotCount > 0 { out.append("  multitouch: \(d.slotCount) slots (protocol B)") }
        if !d.relativeAxes.isEmpty { out.append("  relative: " + d.relativeAxes.joined(separator: ", ")) }
        return out
    }
}
