import CDRM

/// One display timing a connector offers (the kernel's `drm_mode_modeinfo`), with the facts a
/// person choosing a mode needs: size, refresh rate, whether the panel prefers it.
public struct DisplayMode: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in millihertz, computed from the pixel clock and totals (the kernel's
    /// integer `vrefresh` field rounds 59.94 to 60).
    public var refreshMilliHertz: Int
    /// The connector marks it preferred (DRM_MODE_TYPE_PREFERRED): the panel's native timing.
    public var isPreferred: Bool
    /// The kernel's name for it, usually "WxH" (sometimes with an "i" for interlaced).
    public var name: String
    /// The raw timing, passed back to the kernel unchanged.
    var info: drmModeModeInfo

    init(_ info: drmModeModeInfo) {
        self.info = info
        width = Int(info.hdisplay)
        height = Int(info.vdisplay)
        isPreferred = info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        name = withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        refreshMilliHertz = DisplayMode.refreshMilliHertz(clockKHz: Int(info.clock), htotal: Int(info.htotal),
                                                          vtotal: Int(info.vtotal), flags: info.flags, vscan: Int(info.vscan))
    }

    /// Refresh in mHz from the timing, as drm_mode_vrefresh() computes it (interlace doubles,
    /// double scan and vscan divide).
    static func refreshMilliHertz(clockKHz: Int, htotal: Int, vtotal: Int, flags: UInt32, vscan: Int) -> Int {
        guard htotal > 0, vtotal > 0 else { return 0 }
        var numerator = clockKHz * 1_000_000
        var denominator = htotal * vtotal
        if flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { numerator *= 2 }
        if flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { denominator *= 2 }
        if vscan > 1 { denominator *= vscan }
        return (numerator + denominator / 2) / denominator
    }

    /// Refresh in Hz (for display and pacing).
    public var refreshHertz: Double { Double(refreshMilliHertz) / 1000 }

    /// One frame's duration in microseconds.
    public var frameInterval: Int64? { refreshMilliHertz > 0 ? Int64((1_000_000_000 + refreshMilliHertz / 2) / refreshMilliHertz) : nil }

    /// e.g. "1920x1080@60" or "720x480@59.94".
    public var description: String { "\(width)x\(height)@\(DisplayMode.format(refreshMilliHertz))" }

    static func format(_ milliHertz: Int) -> String {
        let whole = milliHertz / 1000, frac = (milliHertz % 1000 + 5) / 10
        if frac == 0 || frac == 100 { return String(whole + (frac == 100 ? 1 : 0)) }
        return frac < 10 ? "\(whole).0\(frac)" : (frac % 10 == 0 ? "\(whole).\(frac / 10)" : "\(whole).\(frac)")
    }

    /// Same timing (what the kernel compares to decide whether a modeset is needed).
    func hasSameTiming(as other: DisplayMode) -> Bool {
        let a = info, b = other.info
        return a.clock == b.clock && a.hdisplay == b.hdisplay && a.hsync_start == b.hsync_start && a.hsync_end == b.hsync_end
            && a.htotal == b.htotal && a.hskew == b.hskew && a.vdisplay == b.vdisplay && a.vsync_start == b.vsync_start
            && a.vsync_end == b.vsync_end && a.vtotal == b.vtotal && a.vscan == b.vscan && a.flags == b.flags
    }

    public static func == (l: DisplayMode, r: DisplayMode) -> Bool {
        l.name == r.name && l.isPreferred == r.isPreferred && l.hasSameTiming(as: r)
    }

    public func hash(into h: inout Hasher) {
        h.combine(width); h.combine(height); h.combine(refreshMilliHertz); h.combine(Int(info.clock)); h.combine(Int(info.htotal)); h.combine(Int(info.vtotal))
    }
}

extension DisplayMode {
    /// A synthetic mode for tests: CEA-style totals that give `refreshMilliHertz` approximately.
    static func synthetic(width: Int, height: Int, refreshMilliHertz: Int, preferred: Bool = false) -> DisplayMode {
        var info = drmModeModeInfo()
        let htotal = width + 160, vtotal = height + 45
        info.hdisplay = UInt16(width); info.hsync_start = UInt16(width + 48); info.hsync_end = UInt16(width + 80); info.htotal = UInt16(htotal)
        info.vdisplay = UInt16(height); info.vsync_start = UInt16(height + 3); info.vsync_end = UInt16(height + 8); info.vtotal = UInt16(vtotal)
        info.clock = UInt32((htotal * vtotal * refreshMilliHertz + 500_000) / 1_000_000)
        info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
        let name = Array("\(width)x\(height)".utf8.prefix(31))
        withUnsafeMutableBytes(of: &info.name) { raw in
            for (i, b) in name.enumerated() { raw[i] = b }
        }
        return DisplayMode(info)
    }
}
