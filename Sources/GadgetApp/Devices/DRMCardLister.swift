import GadgetDisplay
import Glibc

/// The DRM part of `gadgetboard devices`: every card with its driver, whether it can modeset and
/// do atomic commits, who is master; each connector's status, size and modes (preferred and
/// current marked); each CRTC's framebuffer and mode; the planes; and the render nodes.
enum DRMCardLister {
    static func lines(directory: String = "/dev/dri") -> [String] {
        var out: [String] = ["DRM cards"]
        let cards = CardProbe.cardPaths(in: directory)
        if cards.isEmpty { out.append("  none (\(directory) has no card*: no GPU driver with KMS is loaded)") }
        for path in cards { out += card(path) }
        for node in renderNodes(in: directory) { out.append("\(node): render node (GPU rendering only, no display)") }
        return out
    }

    static func card(_ path: String) -> [String] {
        let device: DRMDevice
        do { device = try DRMDevice(path: path) } catch { return ["\(path): \(error)"] }
        // Opening made us master unless another process is: say which, it explains modeset failures.
        let master = device.isMaster ? "free (no other DRM master)" : "held by another process"
        guard let resources = try? device.resources() else {
            return ["\(path): \(device.driverName), cannot modeset (render-only)"]
        }
        var out = ["\(path): \(device.driverName), can modeset, \(device.supportsAtomic ? "atomic" : "legacy only"), master \(master)"]
        var crtcs: [DRMCRTCInfo] = []
        for id in resources.crtcs { if let c = try? device.crtc(id) { crtcs.append(c) } }
        var encoders: [EncoderID: DRMEncoderInfo] = [:]
        for id in resources.encoders { if let e = try? device.encoder(id) { encoders[id] = e } }

        for id in resources.connectors {
            guard let c = try? device.connector(id) else { out.append("  connector \(id.rawValue): unreadable"); continue }
            let crtc = c.encoder.flatMap { encoders[$0]?.crtc }
            let current = crtc.flatMap { id in crtcs.first { $0.id == id }?.mode }
            var line = "  \(c.name) (connector \(id.rawValue)): \(c.status.rawValue)"
            if c.widthMillimetres > 0 { line += ", \(c.widthMillimetres)x\(c.heightMillimetres) mm" }
            if let crtc { line += ", on CRTC \(crtc.rawValue)" }
            out.append(line)
            if !c.modes.isEmpty {
                let modes = c.modes.map { m in
                    m.description + (m.isPreferred ? " preferred" : "") + (current.map { $0 == m } == true ? " current" : "")
                }
                out.append("    modes: " + modes.joined(separator: ", "))
            }
        }
        for c in crtcs {
            if let mode = c.mode {
                out.append("  CRTC \(c.id.rawValue): framebuffer \(c.framebuffer?.rawValue ?? 0), \(mode), at \(c.x),\(c.y)")
            } else {
                out.append("  CRTC \(c.id.rawValue): off")
            }
        }
        if let planes = try? device.planes(), !planes.isEmpty {
            let described = planes.map { p -> String in
                let on = p.crtc.map { " on CRTC \($0.rawValue)" } ?? ""
                return "\(p.id.rawValue) \(p.type)\(on)"
            }
            out.append("  planes: " + described.joined(separator: ", "))
        }
        return out
    }

    static func renderNodes(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("renderD") { names.append("\(directory)/\(name)") }
        }
        return names.sorted()
    }
}
