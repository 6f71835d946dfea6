import GadgetDisplay

/// The DRM part of `gadgetboard devices`, formatted: every card with its driver, whether it can
/// modeset and do atomic commits, who is master; each connector's status, size and modes
/// (preferred and current marked); each CRTC's framebuffer and mode; the planes; and the render
/// nodes. GadgetDisplay's `DRMCardReport` does the listing.
enum DRMCardLister {
    static func lines(directory: String = "/dev/dri") -> [String] {
        lines(DRMCardReport.survey(directory: directory))
    }

    static func lines(_ report: DRMCardReport) -> [String] {
        var out: [String] = ["DRM cards"]
        if report.cards.isEmpty { out.append("  none (\(report.directory) has no card*: no GPU driver with KMS is loaded)") }
        for card in report.cards { out += lines(card) }
        for node in report.renderNodes { out.append("\(node): render node (GPU rendering only, no display)") }
        return out
    }

    static func lines(_ card: DRMCardReport.Card) -> [String] {
        let path = card.path
        let c: DRMCardReport.Modesetting
        switch card.state {
        case .unopenable(let error): return ["\(path): \(error)"]
        case .renderOnly(let driver): return ["\(path): \(driver), cannot modeset (render-only)"]
        case .modeset(let modesetting): c = modesetting
        }
        let master = c.isMasterFree ? "free (no other DRM master)" : "held by another process"
        var out = ["\(path): \(c.driver), can modeset, \(c.supportsAtomic ? "atomic" : "legacy only"), master \(master)"]
        for connector in c.connectors {
            guard let info = connector.info else { out.append("  connector \(connector.id.rawValue): unreadable"); continue }
            var line = "  \(info.name) (connector \(connector.id.rawValue)): \(info.status.rawValue)"
            if info.widthMillimetres > 0 { line += ", \(info.widthMillimetres)x\(info.heightMillimetres) mm" }
            if let crtc = connector.crtc { line += ", on CRTC \(crtc.rawValue)" }
            out.append(line)
            if !info.modes.isEmpty {
                let modes = info.modes.map { m in
                    m.description + (m.isPreferred ? " preferred" : "") + (connector.currentMode.map { $0 == m } == true ? " current" : "")
                }
                out.append("    modes: " + modes.joined(separator: ", "))
            }
        }
        for crtc in c.crtcs {
            if let mode = crtc.mode {
                out.append("  CRTC \(crtc.id.rawValue): framebuffer \(crtc.framebuffer?.rawValue ?? 0), \(mode), at \(crtc.x),\(crtc.y)")
            } else {
                out.append("  CRTC \(crtc.id.rawValue): off")
            }
        }
        if !c.planes.isEmpty {
            let described = c.planes.map { p -> String in
                let on = p.crtc.map { " on CRTC \($0.rawValue)" } ?? ""
                return "\(p.id.rawValue) \(p.type)\(on)"
            }
            out.append("  planes: " + described.joined(separator: ", "))
        }
        return out
    }
}
